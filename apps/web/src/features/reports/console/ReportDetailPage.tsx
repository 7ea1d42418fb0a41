import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Input, Radio, Result, Skeleton, Space, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { ApiError } from '../../../platform/api-error.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import { type CaseRow, STATE_COLOR } from './ReportsPage.tsx';
import './i18n.ts';

interface CaseDetail extends Omit<CaseRow, 'assignee'> {
  target_ref: string;
  original_url: string;
  description: string;
  informer_phone: string;
  informer_logged_in: boolean;
  book: { id: number; title: string; author: string } | null;
  assignee: string | null;
  evidence: { id: number; name: string; mime: string; size: number }[];
  steps: { id: number; kind: string; note: string; created_at: number; staff: string | null }[];
}

type Action = 'assign' | 'ask' | 'decide';

/** Opens an evidence file: fetched through the signed console API, shown in a new tab as a blob. */
async function openEvidence(id: number) {
  const file = await consoleGet<{ name: string; mime: string; data: string }>('/api/admin/reports/evidence', { id });
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }));
  const link = document.createElement('a');
  link.href = url;
  if (!file.mime.startsWith('image/') && file.mime !== 'application/pdf') link.download = file.name;
  link.target = '_blank';
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** /admin/reports/:id: a report's facts, evidence and history; take it on, ask for more, decide. */
export default function ReportDetailPage() {
  const { t } = useTranslation();
  const k = (key: string, o: Record<string, unknown> = {}) => t(`console.reports.${key}`, o);
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [note, setNote] = useState('');
  const [decision, setDecision] = useState<'upheld' | 'rejected' | null>(null);
  const path = '/api/admin/reports/detail';
  const report = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, path, id],
    queryFn: ({ signal }) => consoleGet<CaseDetail>(path, { id }, { signal, silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

  if (report.isPending) {
    return (
      <ConsolePage title={k('detail')}>
        <Skeleton active />
      </ConsolePage>
    );
  }
  if (report.isError || !report.data) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return (
      <ConsolePage title={k('detail')}>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? k('notFound') : k('loadFailed')}
          subTitle={missing ? undefined : errorMessage(report.error)}
          extra={!missing && <Button onClick={() => void report.refetch()}>{k('retry')}</Button>}
        />
      </ConsolePage>
    );
  }
  const r = report.data;
  const close = () => {
    setAction(null);
    setNote('');
    setDecision(null);
  };
  const send = async (reason: string) => {
    const body =
      action === 'assign' ? { id, reason } : action === 'ask' ? { id, reason, note } : { id, reason, note, decision };
    await consolePost(`/api/admin/reports/${action}`, body, { silent: true });
    toast.success(k('done'));
    await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
  };
  const open = r.state !== 'closed';

  return (
    <ConsolePage
      title={`${k('detail')} ${r.case_no}`}
      extra={
        open && (
          <Space>
            <Button onClick={() => setAction('assign')}>{k('assign')}</Button>
            {r.state !== 'need_more' && <Button onClick={() => setAction('ask')}>{k('ask')}</Button>}
            {r.state !== 'submitted' && (
              <Button type="primary" onClick={() => setAction('decide')}>
                {k('decide')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <Alert type="info" showIcon title={k('informerHidden')} style={{ marginBottom: 16 }} />
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label={k('fields.state')}>
          <Tag color={STATE_COLOR[r.state]}>{k(`states.${r.state}`)}</Tag>
          {r.decision && <Tag>{k(`decisions.${r.decision}`)}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={k('fields.target')}>
          {k(`targets.${r.target_type}`)} {r.target_title} {r.target_ref}
        </Descriptions.Item>
        {r.book && (
          <Descriptions.Item label={k('fields.book')}>
            《{r.book.title}》（ID {r.book.id}） {r.book.author}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={k('fields.reason')}>{k(`reasons.${r.reason}`)}</Descriptions.Item>
        {r.original_url && (
          <Descriptions.Item label={k('fields.originalUrl')}>
            <a href={r.original_url} target="_blank" rel="noopener noreferrer nofollow">
              {r.original_url}
            </a>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={k('fields.description')}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{r.description}</span>
        </Descriptions.Item>
        <Descriptions.Item label={k('fields.evidence')}>
          <Space wrap>
            {r.evidence.map((e) => (
              <Button
                key={e.id}
                size="small"
                onClick={() => openEvidence(e.id).catch((err) => toast.error(errorMessage(err)))}
              >
                {e.name}
              </Button>
            ))}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={k('fields.informer')}>{r.informer_phone}</Descriptions.Item>
        <Descriptions.Item label={k('fields.informerLoggedIn')}>
          {r.informer_logged_in ? k('yes') : k('no')}
        </Descriptions.Item>
        <Descriptions.Item label={k('fields.assignee')}>{r.assignee ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={k('fields.created')}>{formatBeijing(r.created_at)}</Descriptions.Item>
      </Descriptions>
      <h3 style={{ marginTop: 24 }}>{k('fields.steps')}</h3>
      <Timeline
        items={r.steps.map((s) => ({
          children: (
            <div>
              <strong>{k(`stepKinds.${s.kind}`)}</strong> {s.staff ?? ''}{' '}
              <span style={{ color: 'rgba(0,0,0,0.45)' }}>{formatBeijing(s.created_at)}</span>
              {s.note && <div style={{ whiteSpace: 'pre-wrap' }}>{s.note}</div>}
            </div>
          ),
        }))}
      />
      <ReasonModal
        open={action !== null}
        title={
          action === 'assign'
            ? k('assignTitle', { no: r.case_no })
            : action === 'ask'
              ? k('askTitle')
              : k('decideTitle', { no: r.case_no })
        }
        description={action === 'assign' ? k('assignDesc') : action === 'ask' ? k('askDesc') : k('decideDesc')}
        okText={action ? k(action) : undefined}
        choiceProblem={
          action === 'decide' && !decision
            ? k('choose')
            : action !== 'assign' && !note.trim()
              ? k('noteRequired')
              : null
        }
        onClose={close}
        onSubmit={send}
      >
        {action === 'decide' && (
          <div style={{ marginBottom: 12 }}>
            <div>{k('decision')}</div>
            <Radio.Group
              value={decision}
              onChange={(e) => setDecision(e.target.value)}
              options={(['upheld', 'rejected'] as const).map((d) => ({ value: d, label: k(`decisions.${d}`) }))}
            />
          </div>
        )}
        {action !== 'assign' && action !== null && (
          <div style={{ marginBottom: 12 }}>
            <div>{action === 'ask' ? k('askNote') : k('decideNote')}</div>
            <Input.TextArea
              rows={3}
              value={note}
              maxLength={2000}
              aria-label={action === 'ask' ? k('askNote') : k('decideNote')}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        )}
      </ReasonModal>
    </ConsolePage>
  );
}

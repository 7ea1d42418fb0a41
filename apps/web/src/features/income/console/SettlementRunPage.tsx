import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import { yuan } from '../income-api.ts';
import { downloadCsvText } from './download.ts';
import type { RunRow } from './SettlementRunsPage.tsx';
import './i18n.ts';

interface StatementRow {
  id: number;
  account_id: number;
  pen_name: string;
  total_fen: number;
  due_date: string;
  confirmed_at: number | null;
  paid_at: number | null;
}

/** /admin/settlement/:runId: review a month (totals add up, by kind, every statement), release it, the payout file. */
export default function SettlementRunPage() {
  const { t } = useTranslation();
  const runId = Number(useParams().runId);
  const qc = useQueryClient();
  const [action, setAction] = useState<'release' | 'mark-paid' | null>(null);
  const q = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, 'settlement', runId],
    queryFn: () =>
      consoleGet<{ run: RunRow; by_kind: Array<{ kind: string; amount_fen: number }>; adds_up: boolean }>(
        '/api/admin/income/runs/detail',
        { run_id: runId, page_size: 1 },
      ),
  });
  if (!q.data) return <Spin />;
  const { run, by_kind, adds_up } = q.data;
  const columns: ConsoleColumn<StatementRow>[] = [
    { title: t('console.income.penName'), dataIndex: 'pen_name', sortKey: 'pen_name' },
    {
      title: t('console.income.total'),
      dataIndex: 'total_fen',
      sortKey: 'total_fen',
      render: (v: number) => yuan(v),
      csv: (r) => yuan(r.total_fen),
    },
    { title: t('console.income.dueDate'), dataIndex: 'due_date' },
    {
      title: t('console.income.confirmedAt'),
      dataIndex: 'confirmed_at',
      render: (v) => formatBeijing(v) || t('console.income.notYet'),
      csv: (r) => formatBeijing(r.confirmed_at),
    },
    {
      title: t('console.income.paidAt'),
      dataIndex: 'paid_at',
      render: (v) => formatBeijing(v) || t('console.income.notYet'),
      csv: (r) => formatBeijing(r.paid_at),
    },
  ];
  const payoutFile = async () => {
    const file = await consoleGet<{ file_name: string; content: string }>('/api/admin/income/runs/payout-file', {
      run_id: runId,
    });
    downloadCsvText(file.file_name, file.content);
  };
  return (
    <ConsolePage
      title={`${t('console.income.run')} ${run.month}`}
      extra={
        <Space>
          {run.status === 'review' && (
            <Button type="primary" disabled={!adds_up} onClick={() => setAction('release')}>
              {t('console.income.release')}
            </Button>
          )}
          {run.status === 'released' && <Button onClick={payoutFile}>{t('console.income.payoutFile')}</Button>}
          {run.status === 'released' && (
            <Button onClick={() => setAction('mark-paid')}>{t('console.income.markPaid')}</Button>
          )}
        </Space>
      }
    >
      <Alert
        type={adds_up ? 'success' : 'error'}
        showIcon
        message={t(adds_up ? 'console.income.addsUp' : 'console.income.notAddsUp')}
        style={{ marginBottom: 16 }}
      />
      <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('console.income.status')}>
          <Tag color={run.status === 'released' ? 'green' : 'orange'}>{t(`console.income.statuses.${run.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('console.income.statements')}>{run.statements}</Descriptions.Item>
        <Descriptions.Item label={t('console.income.total')}>{yuan(run.total_fen)}</Descriptions.Item>
        {by_kind.map((k) => (
          <Descriptions.Item key={k.kind} label={t(`console.income.kinds.${k.kind}`)}>
            {yuan(k.amount_fen)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <ConsoleTable<StatementRow>
        path="/api/admin/income/runs/detail"
        params={{ run_id: runId }}
        rowKey={(r) => r.id}
        columns={columns}
        exportName={`settlement-${run.month}`}
      />
      <ReasonModal
        open={action !== null}
        title={action === 'release' ? t('console.income.release') : t('console.income.markPaid')}
        description={
          action === 'release' ? t('console.income.releaseDescription') : t('console.income.markPaidDescription')
        }
        onClose={() => setAction(null)}
        onSubmit={async (reason) => {
          const done = await consolePost<{ paid?: number; without_card?: number }>(
            `/api/admin/income/runs/${action}`,
            { run_id: runId, reason },
            { silent: true },
          );
          if (action === 'mark-paid') {
            toast.success(t('console.income.markedPaid', { paid: done.paid ?? 0 }));
            if (done.without_card) toast.info(t('console.income.withoutCard', { count: done.without_card }));
          }
          await qc.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
        }}
      />
    </ConsolePage>
  );
}

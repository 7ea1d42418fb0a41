import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import './i18n.ts';

interface ReportRow {
  id: number;
  comment_id: number;
  reason: string;
  status: 'open' | 'done';
  outcome: 'hide' | 'restore' | 'warn' | 'ban' | 'unban' | null;
  created_at: number;
  content: string;
  reader_name: string;
  comment_state: string;
  book_title: string;
  pen_name: string;
}

type Action = 'hide' | 'restore' | 'warn' | 'ban' | 'unban';
const ACTIONS: Action[] = ['hide', 'restore', 'warn', 'ban'];
/** A ban can be lifted from the report it was made on. */
const actionsFor = (r: ReportRow): Action[] => (r.outcome === 'ban' ? [...ACTIONS, 'unban'] : ACTIONS);

/**
 * /admin/comment-reports: comments authors reported; staff hide, restore, warn or ban the reader, and
 * lift a ban they made (on a report whose outcome is a ban), with a reason.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [acting, setActing] = useState<{ row: ReportRow; action: Action } | null>(null);
  return (
    <ConsolePage title={t('console.comments.reports')}>
      <ConsoleTable<ReportRow>
        path="/api/admin/comment-reports"
        rowKey={(r) => r.id}
        exportName="comment-reports"
        filters={[
          {
            key: 'status',
            label: t('console.comments.status'),
            type: 'select',
            options: (['open', 'done'] as const).map((s) => ({ value: s, label: t(`console.comments.statuses.${s}`) })),
          },
        ]}
        columns={[
          { title: t('console.comments.content'), dataIndex: 'content' },
          { title: t('console.comments.reader'), dataIndex: 'reader_name' },
          { title: t('console.comments.reason'), dataIndex: 'reason' },
          { title: t('console.comments.book'), dataIndex: 'book_title' },
          { title: t('console.comments.penName'), dataIndex: 'pen_name' },
          {
            title: t('console.comments.reportedAt'),
            dataIndex: 'created_at',
            sortKey: 'created_at',
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('console.comments.outcome'),
            key: 'outcome',
            csv: (r) => r.outcome ?? r.status,
            render: (_: unknown, r) =>
              r.outcome ? (
                <Tag>{t(`console.comments.outcomes.${r.outcome}`)}</Tag>
              ) : (
                <Tag color="red">{t('console.comments.statuses.open')}</Tag>
              ),
          },
          {
            title: '',
            key: 'actions',
            csv: false,
            render: (_: unknown, r) => (
              <Space size={0} wrap>
                {actionsFor(r).map((a) => (
                  <Button
                    key={a}
                    type="link"
                    size="small"
                    danger={a === 'ban' || a === 'hide'}
                    onClick={() => setActing({ row: r, action: a })}
                  >
                    {t(`console.comments.actions.${a}`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <ReasonModal
        open={acting !== null}
        title={acting ? t(`console.comments.actions.${acting.action}`) : ''}
        description={
          acting ? `${t(`console.comments.actionDescriptions.${acting.action}`)}「${acting.row.content}」` : ''
        }
        danger={acting?.action === 'ban' || acting?.action === 'hide'}
        onClose={() => setActing(null)}
        onSubmit={async (reason) => {
          if (!acting) return;
          await consolePost(
            '/api/admin/comment-reports/action',
            { report_id: acting.row.id, action: acting.action, reason },
            { silent: true },
          );
          await qc.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
        }}
      />
    </ConsolePage>
  );
}

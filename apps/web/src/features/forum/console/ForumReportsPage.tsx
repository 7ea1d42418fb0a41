import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { THREAD_COLOR } from './ForumThreadsPage.tsx';
import './i18n.ts';

interface ReportedRow {
  post_id: number;
  thread_id: number;
  thread_title: string;
  is_first: boolean;
  excerpt: string;
  state: 'visible' | 'hidden';
  author: string;
  reports: number;
  last_reported_at: number;
}

/** /admin/forum/reported: posts authors reported, waiting first; each opens its thread to act. */
export default function ForumReportsPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`console.forum.${key}`);
  const columns: ConsoleColumn<ReportedRow>[] = [
    {
      title: k('fields.post'),
      dataIndex: 'excerpt',
      render: (excerpt: string, row) => (
        <>
          {row.is_first && <Tag>{k('firstPost')}</Tag>}
          {excerpt}
        </>
      ),
    },
    {
      title: k('fields.title'),
      dataIndex: 'thread_title',
      render: (title: string, row) => <Link to={`${CONSOLE_BASE}/forum/${row.thread_id}`}>{title}</Link>,
    },
    { title: k('fields.author'), dataIndex: 'author' },
    {
      title: k('fields.state'),
      dataIndex: 'state',
      render: (s: ReportedRow['state']) => <Tag color={THREAD_COLOR[s]}>{k(`states.${s}`)}</Tag>,
      csv: (row) => k(`states.${row.state}`),
    },
    { title: k('fields.reports'), dataIndex: 'reports', sortKey: 'reports' },
    {
      title: k('fields.lastReported'),
      dataIndex: 'last_reported_at',
      sortKey: 'last_reported_at',
      render: (v: number) => formatBeijing(v),
      csv: (row) => formatBeijing(row.last_reported_at),
    },
  ];
  return (
    <ConsolePage title={k('reported')}>
      <Alert type="info" showIcon title={k('reportsHint')} style={{ marginBottom: 16 }} />
      <ConsoleTable<ReportedRow>
        path="/api/admin/forum/reports"
        rowKey={(row) => row.post_id}
        columns={columns}
        exportName="forum-reported-posts"
        filters={[
          {
            key: 'status',
            label: k('fields.status'),
            type: 'select',
            defaultValue: 'open',
            options: (['open', 'resolved'] as const).map((s) => ({ value: s, label: k(`statuses.${s}`) })),
          },
        ]}
      />
    </ConsolePage>
  );
}

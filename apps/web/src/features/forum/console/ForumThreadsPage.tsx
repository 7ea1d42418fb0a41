import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import './i18n.ts';

export type ThreadState = 'open' | 'closed' | 'hidden';
export const THREAD_COLOR = { open: 'green', closed: 'default', hidden: 'red', visible: 'green' } as const;

/** A thread as the staff list shows it (the server's THREAD_COLUMNS and its open reports). */
export interface ThreadRow {
  id: number;
  category: number;
  title: string;
  author: string;
  state: ThreadState;
  reply_count: number;
  open_reports: number;
  last_post_at: number;
  created_at: number;
}

/** /admin/forum: every thread of the brand's embedded forum, hidden ones included; open one to act on it. */
export default function ForumThreadsPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`console.forum.${key}`);
  const columns: ConsoleColumn<ThreadRow>[] = [
    {
      title: k('fields.title'),
      dataIndex: 'title',
      render: (title: string, row) => <Link to={`${CONSOLE_BASE}/forum/${row.id}`}>{title}</Link>,
    },
    { title: k('fields.category'), dataIndex: 'category' },
    { title: k('fields.author'), dataIndex: 'author' },
    {
      title: k('fields.state'),
      dataIndex: 'state',
      render: (s: ThreadState) => <Tag color={THREAD_COLOR[s]}>{k(`states.${s}`)}</Tag>,
      csv: (row) => k(`states.${row.state}`),
    },
    { title: k('fields.replies'), dataIndex: 'reply_count' },
    {
      title: k('fields.reports'),
      dataIndex: 'open_reports',
      sortKey: 'open_reports',
      render: (n: number) => (n > 0 ? <Tag color="orange">{n}</Tag> : '0'),
    },
    {
      title: k('fields.lastPost'),
      dataIndex: 'last_post_at',
      sortKey: 'last_post_at',
      render: (v: number) => formatBeijing(v),
      csv: (row) => formatBeijing(row.last_post_at),
    },
  ];
  return (
    <ConsolePage title={k('title')}>
      <ConsoleTable<ThreadRow>
        path="/api/admin/forum/threads"
        rowKey={(row) => row.id}
        columns={columns}
        exportName="forum-threads"
        filters={[
          { key: 'keyword', label: k('fields.keyword'), type: 'text' },
          {
            key: 'state',
            label: k('fields.state'),
            type: 'select',
            options: (['open', 'closed', 'hidden'] as const).map((s) => ({ value: s, label: k(`states.${s}`) })),
          },
        ]}
      />
    </ConsolePage>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import './i18n.ts';

interface Row {
  id: number;
  title: string;
  state: 'draft' | 'published';
  publish_at: number;
  starts_at: number;
  ends_at: number;
  updated_at: number;
  entries: number;
  status: 'current' | 'upcoming' | 'past';
}

/** /admin/activities: the activity centre's activities, drafts and scheduled ones included. */
export default function ActivitiesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const k = (key: string) => t(`console.publicPages.${key}`);
  const stateTag = (row: Row) =>
    row.state === 'draft' ? (
      <Tag>{k('states.draft')}</Tag>
    ) : row.publish_at > Date.now() ? (
      <Tag color="blue">{k('scheduled')}</Tag>
    ) : (
      <Tag color="green">{k('states.published')}</Tag>
    );
  const columns: ConsoleColumn<Row>[] = [
    {
      title: k('fields.title'),
      dataIndex: 'title',
      render: (title: string, row) => <Link to={`${CONSOLE_BASE}/activities/${row.id}`}>{title}</Link>,
    },
    { title: k('fields.state'), dataIndex: 'state', render: (_: unknown, row) => stateTag(row), csv: (r) => r.state },
    {
      title: k('fields.status'),
      dataIndex: 'status',
      render: (s: Row['status']) => k(`status.${s}`),
      csv: (r) => k(`status.${r.status}`),
    },
    {
      title: k('fields.period'),
      key: 'period',
      sortKey: 'starts_at',
      render: (_: unknown, r) => `${formatBeijing(r.starts_at)} ~ ${formatBeijing(r.ends_at)}`,
      csv: (r) => `${formatBeijing(r.starts_at)} ~ ${formatBeijing(r.ends_at)}`,
    },
    { title: k('fields.entries'), dataIndex: 'entries' },
    {
      title: k('fields.publishAt'),
      dataIndex: 'publish_at',
      render: (v: number) => formatBeijing(v),
      csv: (r) => formatBeijing(r.publish_at),
    },
    {
      title: '',
      key: 'actions',
      csv: false,
      render: (_: unknown, row) => (
        <Space>
          <Link to={`${CONSOLE_BASE}/activities/${row.id}`}>{k('edit')}</Link>
          <a href={`/front/custom-activity/${row.id}`} target="_blank" rel="noopener noreferrer">
            {k('view')}
          </a>
        </Space>
      ),
    },
  ];
  return (
    <ConsolePage
      title={k('activities')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${CONSOLE_BASE}/activities/new`)}>
          {k('newActivity')}
        </Button>
      }
    >
      <ConsoleTable<Row>
        path="/api/admin/activities"
        rowKey={(r) => r.id}
        columns={columns}
        exportName="activities"
        filters={[
          { key: 'keyword', label: k('fields.title'), type: 'text' },
          {
            key: 'state',
            label: k('fields.state'),
            type: 'select',
            options: (['draft', 'published'] as const).map((s) => ({ value: s, label: k(`states.${s}`) })),
          },
        ]}
      />
    </ConsolePage>
  );
}

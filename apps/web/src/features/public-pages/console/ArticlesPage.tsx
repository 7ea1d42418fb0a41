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
  kind: 'announcement' | 'signing_policy';
  title: string;
  state: 'draft' | 'published';
  publish_at: number;
  updated_at: number;
}

/** /admin/articles: announcements and the signing policy (its link sits in the header's signing-policy module). */
export default function ArticlesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const k = (key: string) => t(`console.publicPages.${key}`);
  const columns: ConsoleColumn<Row>[] = [
    {
      title: k('fields.title'),
      dataIndex: 'title',
      render: (title: string, row) => <Link to={`${CONSOLE_BASE}/articles/${row.id}`}>{title}</Link>,
    },
    {
      title: k('fields.kind'),
      dataIndex: 'kind',
      render: (v: Row['kind']) => k(`kinds.${v}`),
      csv: (r) => k(`kinds.${r.kind}`),
    },
    {
      title: k('fields.state'),
      dataIndex: 'state',
      render: (_: unknown, row) =>
        row.state === 'draft' ? (
          <Tag>{k('states.draft')}</Tag>
        ) : row.publish_at > Date.now() ? (
          <Tag color="blue">{k('scheduled')}</Tag>
        ) : (
          <Tag color="green">{k('states.published')}</Tag>
        ),
      csv: (r) => r.state,
    },
    {
      title: k('fields.publishAt'),
      dataIndex: 'publish_at',
      sortKey: 'publish_at',
      render: (v: number) => formatBeijing(v),
      csv: (r) => formatBeijing(r.publish_at),
    },
    {
      title: k('fields.updated'),
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: (v: number) => formatBeijing(v),
      csv: (r) => formatBeijing(r.updated_at),
    },
    {
      title: '',
      key: 'actions',
      csv: false,
      render: (_: unknown, row) => (
        <Space>
          <Link to={`${CONSOLE_BASE}/articles/${row.id}`}>{k('edit')}</Link>
          <a href={`/front/article/${row.id}`} target="_blank" rel="noopener noreferrer">
            {k('view')}
          </a>
        </Space>
      ),
    },
  ];
  return (
    <ConsolePage
      title={k('articles')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${CONSOLE_BASE}/articles/new`)}>
          {k('newArticle')}
        </Button>
      }
    >
      <ConsoleTable<Row>
        path="/api/admin/articles"
        rowKey={(r) => r.id}
        columns={columns}
        exportName="articles"
        filters={[
          { key: 'keyword', label: k('fields.title'), type: 'text' },
          {
            key: 'kind',
            label: k('fields.kind'),
            type: 'select',
            options: (['announcement', 'signing_policy'] as const).map((s) => ({ value: s, label: k(`kinds.${s}`) })),
          },
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

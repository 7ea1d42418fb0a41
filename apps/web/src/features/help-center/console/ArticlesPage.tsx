import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { useStaff } from '../../../console/staff-context.ts';
import { type ArticleAction, ArticleActionDialog } from './ArticleActions.tsx';
import { authorArticlePath, HELP_API, type HelpArticleRow, useHelpCategories } from './help-console-api.ts';
import './i18n.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';

export const ARTICLES_PATH = '/admin/help/articles';
const time = (ms: number) => formatBeijing(ms);

export function StateTag({ status }: { status: 0 | 1 }) {
  const { t } = useTranslation();
  return status === 1 ? (
    <Tag color="green">{t('console.help.state.published')}</Tag>
  ) : (
    <Tag>{t('console.help.state.draft')}</Tag>
  );
}

/** /admin/help/articles: the brand's help articles, filtered by category, state and words (kept in the address). */
export default function ArticlesPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const categories = useHelpCategories();
  const [action, setAction] = useState<ArticleAction | null>(null);
  // The author's page opens on the session's own brand: offered only when working in it.
  const ownBrand = staff.activeClientId === staff.own_client_id;

  const columns: ConsoleColumn<HelpArticleRow>[] = [
    { title: t('console.help.articles.number'), dataIndex: 'id', sortKey: 'number', width: 80 },
    {
      title: t('console.help.articles.title'),
      dataIndex: 'title',
      sortKey: 'title',
      render: (title: string, row) => <Link to={`${ARTICLES_PATH}/${row.id}`}>{title}</Link>,
    },
    { title: t('console.help.articles.category'), dataIndex: 'category_name' },
    {
      title: t('console.help.articles.state'),
      dataIndex: 'status',
      render: (status: 0 | 1, row) => (
        <Space size={4}>
          <StateTag status={status} />
          {row.popular === 1 && <Tag color="orange">{t('console.help.articles.popular')}</Tag>}
        </Space>
      ),
      csv: (row) => t(row.status === 1 ? 'console.help.state.published' : 'console.help.state.draft'),
    },
    { title: t('console.help.articles.pv'), dataIndex: 'pv', sortKey: 'pv' },
    {
      title: t('console.help.articles.solved'),
      key: 'solved',
      sortKey: 'solved_no',
      render: (_: unknown, row) => `${row.solved_yes} / ${row.solved_no}`,
      csv: (row) => `${row.solved_yes} / ${row.solved_no}`,
    },
    {
      title: t('console.help.articles.updatedAt'),
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: time,
      csv: (row) => time(row.updated_at),
    },
    {
      title: t('console.help.articles.actions'),
      key: 'actions',
      csv: false,
      render: (_: unknown, row) => (
        <Space size={4} wrap>
          <LinkButton size="small" to={`${ARTICLES_PATH}/${row.id}`}>
            {t('console.help.articles.edit')}
          </LinkButton>
          {row.status === 1 ? (
            <Button size="small" onClick={() => setAction({ kind: 'unpublish', article: row })}>
              {t('console.help.articles.unpublish')}
            </Button>
          ) : (
            <Button size="small" type="primary" ghost onClick={() => setAction({ kind: 'publish', article: row })}>
              {t('console.help.articles.publish')}
            </Button>
          )}
          {row.status === 1 && ownBrand && (
            <Button size="small" type="link" href={authorArticlePath(row.ids)} target="_blank" rel="noopener">
              {t('console.help.articles.view')}
            </Button>
          )}
          <Button size="small" danger type="text" onClick={() => setAction({ kind: 'delete', article: row })}>
            {t('console.help.articles.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ConsolePage title={t('console.help.menu.articles')}>
      <ConsoleTable<HelpArticleRow>
        path={HELP_API.articles}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="help-articles"
        filters={[
          {
            key: 'category_id',
            label: t('console.help.articles.category'),
            type: 'select',
            options: (categories.data?.list ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          },
          {
            key: 'state',
            label: t('console.help.articles.state'),
            type: 'select',
            options: (['published', 'draft'] as const).map((s) => ({ value: s, label: t(`console.help.state.${s}`) })),
          },
          {
            key: 'keyword',
            label: t('console.help.articles.keyword'),
            type: 'text',
            placeholder: t('console.help.articles.keywordPlaceholder'),
          },
        ]}
        toolbar={
          <LinkButton type="primary" icon={<PlusOutlined />} to={`${ARTICLES_PATH}/new`}>
            {t('console.help.articles.create')}
          </LinkButton>
        }
      />
      <ArticleActionDialog action={action} onClose={() => setAction(null)} />
    </ConsolePage>
  );
}

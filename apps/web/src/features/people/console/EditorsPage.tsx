import { useQuery } from '@tanstack/react-query';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, type ListPage } from '../../../console/console-api.ts';
import { useStaff } from '../../../console/staff-context.ts';
import { dateTime } from './AuthorsPage.tsx';
import './i18n.ts';

export interface EditorRow {
  editor_id: number;
  pen_name: string;
  user_id: number;
  created_at: number;
  book_count: number;
  author_count: number;
}

export interface EditorsPage extends ListPage<EditorRow> {
  unassigned: { books: number; authors: number };
  editor_title: string;
}

export const EDITORS_PATH = '/api/admin/editors';

/** /admin/editors: the brand's editors with how many books and authors each looks after. */
export default function EditorsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const title = staff.editor_title;
  // The counts of what has no editor yet come with every page of the list; one small page is enough here.
  const summary = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, EDITORS_PATH, 'summary'],
    queryFn: ({ signal }) => consoleGet<EditorsPage>(EDITORS_PATH, { page_size: 1 }, { signal, silent: true }),
  });
  const columns: ConsoleColumn<EditorRow>[] = [
    {
      title: t('console.people.editors.name'),
      dataIndex: 'pen_name',
      sortKey: 'pen_name',
      render: (name: string, row) => <Link to={`${CONSOLE_BASE}/editors/${row.editor_id}`}>{name}</Link>,
    },
    { title: t('console.people.fields.accountId'), dataIndex: 'editor_id' },
    { title: t('console.people.editors.books'), dataIndex: 'book_count', sortKey: 'book_count' },
    { title: t('console.people.editors.authors'), dataIndex: 'author_count', sortKey: 'author_count' },
    {
      title: t('console.people.fields.created'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: dateTime,
      csv: (row) => dateTime(row.created_at),
    },
    {
      title: '',
      key: 'open',
      csv: false,
      render: (_: unknown, row) => (
        <Link to={`${CONSOLE_BASE}/editors/${row.editor_id}`}>{t('console.people.editors.open')}</Link>
      ),
    },
  ];
  const unassigned = summary.data?.unassigned;
  return (
    <ConsolePage
      title={t('console.people.editors.title')}
      extra={<Link to={`${CONSOLE_BASE}/editors/all`}>{t('console.people.editors.seeAll')}</Link>}
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('console.people.editors.intro', { title })} />
      {summary.data && summary.data.total === 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('console.people.editors.noEditors')} />
      )}
      {unassigned && (unassigned.books > 0 || unassigned.authors > 0) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <Space>
              {t('console.people.editors.unassigned', { title, ...unassigned })}
              <Link to={`${CONSOLE_BASE}/editors/none`}>{t('console.people.editors.seeUnassigned')}</Link>
            </Space>
          }
        />
      )}
      <ConsoleTable<EditorRow>
        path={EDITORS_PATH}
        rowKey={(row) => row.editor_id}
        columns={columns}
        exportName="editors"
        filters={[{ key: 'keyword', label: t('console.people.editors.keyword'), type: 'text' }]}
      />
    </ConsolePage>
  );
}

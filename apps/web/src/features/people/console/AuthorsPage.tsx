import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import './i18n.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';

export type Role = 'author' | 'editor' | 'admin';

interface AuthorRow {
  account_id: number;
  user_id: number;
  pen_name: string;
  role: Role;
  level: number;
  sign_flag: number;
  is_learner: number;
  /** Masked by the server ('138****0001'). */
  phone: string;
  created_at: number;
  book_count: number;
}

export const ROLE_COLOR: Record<Role, string> = { author: 'default', editor: 'blue', admin: 'gold' };
export const dateTime = (ms: number | null | undefined) => (ms ? formatBeijing(ms) : '—');

/** /admin/authors: find a person or pen name by pen name, phone, id or book. */
export default function AuthorsPage() {
  const { t } = useTranslation();
  const columns: ConsoleColumn<AuthorRow>[] = [
    {
      title: t('console.people.fields.penName'),
      dataIndex: 'pen_name',
      sortKey: 'pen_name',
      render: (name: string, row) => <Link to={`${CONSOLE_BASE}/authors/${row.user_id}`}>{name}</Link>,
    },
    { title: t('console.people.fields.accountId'), dataIndex: 'account_id', sortKey: 'account_id' },
    { title: t('console.people.fields.userId'), dataIndex: 'user_id' },
    {
      title: t('console.people.fields.role'),
      dataIndex: 'role',
      render: (role: Role) => <Tag color={ROLE_COLOR[role]}>{t(`console.people.roles.${role}`)}</Tag>,
      csv: (row) => t(`console.people.roles.${row.role}`),
    },
    { title: t('console.people.fields.phone'), dataIndex: 'phone' },
    { title: t('console.people.fields.level'), dataIndex: 'level', sortKey: 'level' },
    {
      title: t('console.people.fields.signed'),
      dataIndex: 'sign_flag',
      render: (flag: number) => (flag ? t('console.people.signed') : t('console.people.unsigned')),
      csv: (row) => (row.sign_flag ? t('console.people.signed') : t('console.people.unsigned')),
    },
    { title: t('console.people.fields.books'), dataIndex: 'book_count' },
    {
      title: t('console.people.fields.created'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: dateTime,
      csv: (row) => dateTime(row.created_at),
    },
  ];
  const by = ['pen_name', 'phone', 'account_id', 'user_id', 'book'] as const;
  return (
    <ConsolePage title={t('console.people.authors.title')}>
      <ConsoleTable<AuthorRow>
        path="/api/admin/authors"
        rowKey={(row) => row.account_id}
        columns={columns}
        exportName="authors"
        filters={[
          {
            key: 'by',
            label: t('console.people.authors.by'),
            type: 'select',
            defaultValue: 'pen_name',
            options: by.map((value) => ({ value, label: t(`console.people.authors.byOptions.${value}`) })),
          },
          {
            key: 'q',
            label: t('console.people.authors.q'),
            type: 'text',
            placeholder: t('console.people.authors.placeholder'),
          },
          {
            key: 'role',
            label: t('console.people.authors.role'),
            type: 'select',
            options: (['author', 'editor', 'admin'] as const).map((value) => ({
              value,
              label: t(`console.people.roles.${value}`),
            })),
          },
        ]}
      />
    </ConsolePage>
  );
}

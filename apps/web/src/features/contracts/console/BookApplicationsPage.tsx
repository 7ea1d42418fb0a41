import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleColumn } from '../../../console/ConsoleTable.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';
import './i18n.ts';

const KINDS = ['guarantee', 'sale'] as const;
const STATUSES = ['pending', 'approved', 'refused'] as const;

interface ApplicationRow {
  id: number;
  kind: (typeof KINDS)[number];
  status: (typeof STATUSES)[number];
  note: string;
  amount_fen: number | null;
  review_reason: string | null;
  created_at: number;
  book_id: number;
  book_title: string;
  published_words: number;
  pen_name: string;
}

/** /admin/book-applications: guarantee and apply-sale applications, approved or refused with a reason. */
export default function BookApplicationsPage() {
  const { t } = useTranslation();
  const columns: ConsoleColumn<ApplicationRow>[] = [
    { title: t('console.contracts.number'), dataIndex: 'id', sortKey: 'id', width: 80 },
    {
      title: t('console.contracts.appKind'),
      dataIndex: 'kind',
      render: (k: ApplicationRow['kind']) => t(`console.contracts.appKinds.${k}`),
    },
    { title: t('console.contracts.book'), dataIndex: 'book_title' },
    { title: t('console.contracts.penName'), dataIndex: 'pen_name' },
    {
      title: t('console.contracts.appAmount'),
      dataIndex: 'amount_fen',
      render: (fen: number | null) => (fen ? (fen / 100).toFixed(0) : ''),
    },
    { title: t('console.contracts.appNote'), dataIndex: 'note' },
    {
      title: t('console.contracts.status'),
      dataIndex: 'status',
      render: (s: ApplicationRow['status']) => <Tag>{t(`console.contracts.appStatuses.${s}`)}</Tag>,
      csv: (row) => t(`console.contracts.appStatuses.${row.status}`),
    },
  ];
  return (
    <ReviewQueue<ApplicationRow>
      title={t('console.contracts.appsTitle')}
      path="/api/admin/book-applications"
      exportName="book-applications"
      columns={columns}
      submittedAt="created_at"
      filters={[
        {
          key: 'kind',
          label: t('console.contracts.appKind'),
          type: 'select',
          options: KINDS.map((value) => ({ value, label: t(`console.contracts.appKinds.${value}`) })),
        },
        {
          key: 'status',
          label: t('console.contracts.status'),
          type: 'select',
          options: STATUSES.map((value) => ({ value, label: t(`console.contracts.appStatuses.${value}`) })),
        },
      ]}
      approveTitle={t('console.contracts.appApproveTitle')}
      approveDescription={t('console.contracts.appApproveDesc')}
      refuseTitle={t('console.contracts.appRefuseTitle')}
      maxLength={500}
    />
  );
}

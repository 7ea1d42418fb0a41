import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleColumn } from '../../../console/ConsoleTable.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';
import './i18n.ts';

const STATUSES = ['pending', 'active', 'refused', 'superseded'] as const;

interface CardChangeRow {
  id: number;
  user_id: number;
  status: (typeof STATUSES)[number];
  bank_num_mask: string;
  old_bank_num_mask: string | null;
  bank_name: string;
  bank_branch: string;
  reason: string;
  review_reason: string | null;
  updated_at: number;
  pen_name: string;
}

/** /admin/bank-card-changes: author-change-card requests, approved or refused with a reason. Numbers masked. */
export default function CardChangesPage() {
  const { t } = useTranslation();
  const columns: ConsoleColumn<CardChangeRow>[] = [
    { title: t('console.contracts.penName'), dataIndex: 'pen_name' },
    { title: t('console.contracts.oldCardNum'), dataIndex: 'old_bank_num_mask' },
    {
      title: t('console.contracts.cardNum'),
      dataIndex: 'bank_num_mask',
      render: (mask: string, row) => `${mask} ${row.bank_name} ${row.bank_branch}`,
    },
    { title: t('console.contracts.cardReason'), dataIndex: 'reason' },
    {
      title: t('console.contracts.status'),
      dataIndex: 'status',
      render: (s: CardChangeRow['status']) => <Tag>{t(`console.contracts.cardStatuses.${s}`)}</Tag>,
      csv: (row) => t(`console.contracts.cardStatuses.${row.status}`),
    },
  ];
  return (
    <ReviewQueue<CardChangeRow>
      title={t('console.contracts.cardsTitle')}
      path="/api/admin/bank-card-changes"
      exportName="bank-card-changes"
      columns={columns}
      submittedAt="updated_at"
      filters={[
        {
          key: 'status',
          label: t('console.contracts.status'),
          type: 'select',
          options: STATUSES.map((value) => ({ value, label: t(`console.contracts.cardStatuses.${value}`) })),
        },
      ]}
      approveTitle={t('console.contracts.cardApproveTitle')}
      approveDescription={t('console.contracts.cardApproveDesc')}
      refuseTitle={t('console.contracts.cardRefuseTitle')}
      maxLength={200}
    />
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

const PATH = '/api/admin/bank-card-changes';
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
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<{ row: CardChangeRow; what: 'approve' | 'refuse' } | null>(null);
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
    {
      title: t('console.contracts.submittedAt'),
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '',
      key: 'act',
      csv: false,
      render: (_: unknown, row) =>
        row.status === 'pending' ? (
          <Space>
            <Button size="small" danger onClick={() => setDecision({ row, what: 'refuse' })}>
              {t('console.contracts.cardRefuse')}
            </Button>
            <Button size="small" type="primary" onClick={() => setDecision({ row, what: 'approve' })}>
              {t('console.contracts.cardApprove')}
            </Button>
          </Space>
        ) : null,
    },
  ];
  const refusing = decision?.what === 'refuse';
  return (
    <ConsolePage title={t('console.contracts.cardsTitle')}>
      <ConsoleTable<CardChangeRow>
        path={PATH}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="bank-card-changes"
        filters={[
          {
            key: 'status',
            label: t('console.contracts.status'),
            type: 'select',
            options: STATUSES.map((value) => ({ value, label: t(`console.contracts.cardStatuses.${value}`) })),
          },
        ]}
      />
      <ReasonModal
        open={decision !== null}
        title={t(refusing ? 'console.contracts.cardRefuseTitle' : 'console.contracts.cardApproveTitle')}
        description={<p>{refusing ? t('console.contracts.refuseDesc') : t('console.contracts.cardApproveDesc')}</p>}
        danger={refusing}
        reasonRequired={refusing}
        reasonOptional={!refusing}
        maxLength={200}
        requiredMessage={t('console.contracts.reasonRequired')}
        onClose={() => setDecision(null)}
        onSubmit={async (reason) => {
          if (!decision) return;
          await consolePost(
            `${PATH}/review`,
            { id: decision.row.id, decision: decision.what, reason },
            { silent: true },
          );
          setDecision(null);
          toast.success(t(refusing ? 'console.contracts.refused' : 'console.contracts.approved'));
          void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, PATH] });
        }}
      />
    </ConsolePage>
  );
}

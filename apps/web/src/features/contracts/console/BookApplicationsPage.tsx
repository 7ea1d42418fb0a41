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

const PATH = '/api/admin/book-applications';
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
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<{ row: ApplicationRow; what: 'approve' | 'refuse' } | null>(null);
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
    {
      title: t('console.contracts.submittedAt'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
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
    <ConsolePage title={t('console.contracts.appsTitle')}>
      <ConsoleTable<ApplicationRow>
        path={PATH}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="book-applications"
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
      />
      <ReasonModal
        open={decision !== null}
        title={t(refusing ? 'console.contracts.appRefuseTitle' : 'console.contracts.appApproveTitle')}
        description={<p>{refusing ? t('console.contracts.refuseDesc') : t('console.contracts.appApproveDesc')}</p>}
        danger={refusing}
        reasonRequired={refusing}
        reasonOptional={!refusing}
        maxLength={500}
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

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import './i18n.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';

export const QUEUE_PATH = '/api/admin/contracts';
export const STATUSES = ['applying', 'reviewing', 'refused', 'signed', 'paper_sent', 'superseded'] as const;
export const STATUS_COLOR: Record<(typeof STATUSES)[number], string> = {
  applying: 'blue',
  reviewing: 'gold',
  refused: 'red',
  signed: 'green',
  paper_sent: 'cyan',
  superseded: 'default',
};

export interface ContractRow {
  id: number;
  status: (typeof STATUSES)[number];
  book_id: number;
  book_title: string;
  pen_name: string;
  share_permille: number | null;
  guarantee_fen_per_month: number | null;
  term_months: number | null;
  submitted_at: number | null;
  reviewed_at: number | null;
  signed_at: number | null;
  refuse_reason: string | null;
}

const timeText = (ms: number | null) => formatBeijing(ms);

/** /admin/contracts: the brand's sign applications, the ones under review first by default filter. */
export default function ContractQueuePage() {
  const { t } = useTranslation();
  const detail = (row: ContractRow) => `/admin/contracts/${row.id}`;
  const columns: ConsoleColumn<ContractRow>[] = [
    { title: t('console.contracts.number'), dataIndex: 'id', sortKey: 'id', width: 80 },
    {
      title: t('console.contracts.book'),
      dataIndex: 'book_title',
      render: (title: string, row) => <Link to={detail(row)}>{title}</Link>,
    },
    { title: t('console.contracts.penName'), dataIndex: 'pen_name' },
    {
      title: t('console.contracts.status'),
      dataIndex: 'status',
      render: (status: ContractRow['status']) => (
        <Tag color={STATUS_COLOR[status]} data-testid="contract-status">
          {t(`console.contracts.statuses.${status}`)}
        </Tag>
      ),
      csv: (row) => t(`console.contracts.statuses.${row.status}`),
    },
    {
      title: t('console.contracts.terms'),
      key: 'terms',
      render: (_: unknown, row) =>
        row.share_permille === null
          ? ''
          : t('console.contracts.termsText', {
              share: row.share_permille / 10,
              months: row.term_months,
              guarantee: ((row.guarantee_fen_per_month ?? 0) / 100).toFixed(2),
            }),
    },
    {
      title: t('console.contracts.submittedAt'),
      dataIndex: 'submitted_at',
      sortKey: 'submitted_at',
      render: timeText,
      csv: (row) => timeText(row.submitted_at),
    },
    {
      title: t('console.contracts.reviewedAt'),
      dataIndex: 'reviewed_at',
      sortKey: 'reviewed_at',
      render: timeText,
      csv: (row) => timeText(row.reviewed_at),
    },
    {
      title: '',
      key: 'open',
      csv: false,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Link to={detail(row)} data-testid="contract-open">
          {row.status === 'reviewing' ? t('console.contracts.review') : t('console.contracts.open')}
        </Link>
      ),
    },
  ];
  return (
    <ConsolePage title={t('console.contracts.title')}>
      <ConsoleTable<ContractRow>
        path={QUEUE_PATH}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="contracts"
        filters={[
          {
            key: 'status',
            label: t('console.contracts.status'),
            type: 'select',
            options: STATUSES.map((value) => ({ value, label: t(`console.contracts.statuses.${value}`) })),
          },
          {
            key: 'keyword',
            label: t('console.contracts.keyword'),
            type: 'text',
            placeholder: t('console.contracts.keywordPlaceholder'),
          },
        ]}
      />
    </ConsolePage>
  );
}

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { type ApplicationRow, QUEUE_PATH, STATUS_COLOR } from './screenplay-review-api.ts';
import './i18n.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';

const timeText = (ms: number | null) => formatBeijing(ms);

/** /admin/screenplay-applications: the brand's screenplay applications, filtered, sorted and paged on the server. */
export default function ScreenplayQueuePage() {
  const { t } = useTranslation();
  const detail = (row: ApplicationRow) => `/admin/screenplay-applications/${row.application_id}`;
  const columns: ConsoleColumn<ApplicationRow>[] = [
    { title: t('console.screenplay.number'), dataIndex: 'application_id', width: 80 },
    {
      title: t('console.screenplay.titleCol'),
      dataIndex: 'title',
      sortKey: 'title',
      render: (title: string, row) => <Link to={detail(row)}>{title}</Link>,
    },
    {
      title: t('console.screenplay.kind'),
      dataIndex: 'kind',
      render: (kind: ApplicationRow['kind']) => t(`console.screenplay.kinds.${kind}`),
      csv: (row) => t(`console.screenplay.kinds.${row.kind}`),
    },
    { title: t('console.screenplay.novel'), dataIndex: 'book_title' },
    { title: t('console.screenplay.category'), dataIndex: 'category_label' },
    { title: t('console.screenplay.episodes'), dataIndex: 'episodes', sortKey: 'episodes' },
    { title: t('console.screenplay.penName'), dataIndex: 'pen_name' },
    {
      title: t('console.screenplay.status'),
      dataIndex: 'status',
      render: (status: ApplicationRow['status']) => (
        <Tag color={STATUS_COLOR[status]} data-testid="application-status">
          {t(`console.screenplay.statuses.${status}`)}
        </Tag>
      ),
      csv: (row) => t(`console.screenplay.statuses.${row.status}`),
    },
    {
      title: t('console.screenplay.submittedAt'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: timeText,
      csv: (row) => timeText(row.created_at),
    },
    {
      title: t('console.screenplay.reviewedAt'),
      dataIndex: 'reviewed_at',
      sortKey: 'reviewed_at',
      render: timeText,
      csv: (row) => timeText(row.reviewed_at),
    },
    { title: t('console.screenplay.reviewer'), dataIndex: 'reviewer_name' },
    { title: t('console.screenplay.reason'), dataIndex: 'reason', hidden: true },
    { title: t('console.screenplay.synopsis'), key: 'synopsis', hidden: true, csv: (row) => row.synopsis },
    {
      title: '',
      key: 'open',
      csv: false,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Link to={detail(row)}>
          {row.status === 'pending' ? t('console.screenplay.review') : t('console.screenplay.open')}
        </Link>
      ),
    },
  ];
  return (
    <ConsolePage title={t('console.screenplay.title')}>
      <ConsoleTable<ApplicationRow>
        path={QUEUE_PATH}
        rowKey={(row) => row.application_id}
        columns={columns}
        exportName="screenplay-applications"
        filters={[
          {
            key: 'status',
            label: t('console.screenplay.status'),
            type: 'select',
            options: (['pending', 'approved', 'refused', 'cancelled'] as const).map((value) => ({
              value,
              label: t(`console.screenplay.statuses.${value}`),
            })),
          },
          {
            key: 'kind',
            label: t('console.screenplay.kind'),
            type: 'select',
            options: (['original', 'adaptation'] as const).map((value) => ({
              value,
              label: t(`console.screenplay.kinds.${value}`),
            })),
          },
          {
            key: 'keyword',
            label: t('console.screenplay.keyword'),
            type: 'text',
            placeholder: t('console.screenplay.keywordPlaceholder'),
          },
          { key: 'created', label: t('console.screenplay.submittedAt'), type: 'dateRange' },
        ]}
      />
    </ConsolePage>
  );
}

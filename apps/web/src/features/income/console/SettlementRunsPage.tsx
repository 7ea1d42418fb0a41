import { Button, DatePicker, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { beijingPickerValue, formatBeijing } from '../../../platform/beijing-time.ts';
import { yuan } from '../income-api.ts';
import './i18n.ts';

export interface RunRow {
  id: number;
  month: string;
  status: 'review' | 'released';
  statements: number;
  total_fen: number;
  closed_at: number;
  released_at: number | null;
}

/** /admin/settlement: the brand's closed months; closing one by hand. */
export default function SettlementRunsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);
  // Months end in Beijing time: last month is Beijing's, whatever the browser's zone.
  const lastMonth = beijingPickerValue(Date.now()).subtract(1, 'month');
  const [month, setMonth] = useState<Dayjs>(lastMonth);
  const columns: ConsoleColumn<RunRow>[] = [
    {
      title: t('console.income.month'),
      dataIndex: 'month',
      sortKey: 'month',
      render: (m: string, r) => <Link to={`/admin/settlement/${r.id}`}>{m}</Link>,
    },
    {
      title: t('console.income.status'),
      dataIndex: 'status',
      render: (s: RunRow['status']) => (
        <Tag color={s === 'released' ? 'green' : 'orange'}>{t(`console.income.statuses.${s}`)}</Tag>
      ),
      csv: (r) => t(`console.income.statuses.${r.status}`),
    },
    { title: t('console.income.statements'), dataIndex: 'statements' },
    {
      title: t('console.income.total'),
      dataIndex: 'total_fen',
      render: (v: number) => yuan(v),
      csv: (r) => yuan(r.total_fen),
    },
    {
      title: t('console.income.closedAt'),
      dataIndex: 'closed_at',
      render: (v: number | null) => formatBeijing(v),
      csv: (r) => formatBeijing(r.closed_at),
    },
    {
      title: t('console.income.releasedAt'),
      dataIndex: 'released_at',
      render: (v: number | null) => formatBeijing(v),
      csv: (r) => formatBeijing(r.released_at),
    },
  ];
  return (
    <ConsolePage
      title={t('console.income.runs')}
      extra={
        <Button type="primary" onClick={() => setClosing(true)}>
          {t('console.income.close')}
        </Button>
      }
    >
      <ConsoleTable<RunRow>
        path="/api/admin/income/runs"
        rowKey={(r) => r.id}
        columns={columns}
        exportName="settlement-runs"
      />
      <ReasonModal
        open={closing}
        title={t('console.income.closeTitle')}
        description={t('console.income.closeDescription')}
        onClose={() => setClosing(false)}
        onSubmit={async (reason) => {
          const res = await consolePost<{ run_id: number }>(
            '/api/admin/income/runs/close',
            { month: month.format('YYYY-MM'), reason },
            { silent: true },
          );
          navigate(`/admin/settlement/${res.run_id}`);
        }}
      >
        <DatePicker
          picker="month"
          allowClear={false}
          value={month}
          onChange={(m) => m && setMonth(m)}
          disabledDate={(d) => d.isAfter(lastMonth, 'month')}
          style={{ marginBottom: 12 }}
        />
      </ReasonModal>
    </ConsolePage>
  );
}

import { isDateDisabled } from '@author-centre/shared/dates';
import { Alert, Button, Result, Segmented, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../../components/LazyDatePicker.tsx';
import { LazySelect } from '../../components/LazySelect.tsx';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { INCOME_NS } from './i18n.ts';
import { type RangeParams, useBooks } from './income-api.ts';
import './income.css';

/**
 * The label every figure carries: estimate or final, when its data was cut off, and whether the
 * totals add up from the lines below — as the server checked it (`adds_up`), never assumed: when
 * they do not, a warning says so instead of the "adds up" note.
 */
export function FigureStatus(props: {
  status: 'estimate' | 'final';
  cutOffAt?: number | null;
  note?: string;
  addsUp?: boolean;
}) {
  const { t } = useTranslation(INCOME_NS);
  return (
    <>
      <Space wrap className="ac-income__status" data-testid="figure-status">
        <Tag color={props.status === 'estimate' ? 'orange' : 'green'}>{t(props.status)}</Tag>
        {props.cutOffAt !== undefined && (
          <Typography.Text type="secondary" data-testid="cut-off">
            {props.cutOffAt ? t('cutOff', { time: formatBeijing(props.cutOffAt) }) : t('noData')}
          </Typography.Text>
        )}
        {props.addsUp === true && (
          <Typography.Text type="secondary" data-testid="adds-up">
            {t('addsUp')}
          </Typography.Text>
        )}
        {props.note && <Typography.Text type="secondary">{props.note}</Typography.Text>}
      </Space>
      {props.addsUp === false && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="adds-up-warning"
          message={t('notAddingUp')}
          style={{ marginBottom: 12 }}
        />
      )}
    </>
  );
}

/** §9 period shortcuts (7, 30, 90 days) or a picked range (§5 'beforeMonth': up to the end of this month). */
export function PeriodPicker(props: { value: RangeParams; onChange: (v: RangeParams) => void }) {
  const { t } = useTranslation(INCOME_NS);
  const custom = !props.value.days;
  const options = [7, 30, 90].map((d) => ({ label: t('period.days', { count: d }), value: String(d) }));
  return (
    <Space wrap>
      <Segmented
        options={[...options, { label: t('period.custom'), value: 'custom' }]}
        value={custom ? 'custom' : String(props.value.days)}
        onChange={(v) => {
          if (v === 'custom') {
            const end = dayjs();
            props.onChange({
              book_id: props.value.book_id,
              start_date: end.subtract(13, 'day').format('YYYY-MM-DD'),
              end_date: end.format('YYYY-MM-DD'),
            });
          } else props.onChange({ book_id: props.value.book_id, days: Number(v) as 7 | 30 | 90 });
        }}
      />
      {custom && (
        <LazyRangePicker
          allowClear={false}
          value={[dayjs(props.value.start_date), dayjs(props.value.end_date)]}
          disabledDate={(d: Dayjs) =>
            isDateDisabled('beforeMonth', d.valueOf()) || d.isBefore(dayjs().subtract(365, 'day'), 'day')
          }
          onChange={(range) => {
            if (range?.[0] && range[1])
              props.onChange({
                book_id: props.value.book_id,
                start_date: range[0].format('YYYY-MM-DD'),
                end_date: range[1].format('YYYY-MM-DD'),
              });
          }}
        />
      )}
    </Space>
  );
}

export function BookSelect(props: { value?: number; onChange: (id: number | undefined) => void; allowAll?: boolean }) {
  const { t } = useTranslation(INCOME_NS);
  const books = useBooks();
  return (
    <LazySelect
      style={{ minWidth: 220 }}
      loading={books.isLoading}
      value={props.value ?? (props.allowAll ? 0 : undefined)}
      placeholder={t('bookData.pickBook')}
      aria-label={t('bookData.pickBook')}
      data-testid="book-select"
      options={[
        ...(props.allowAll ? [{ label: t('period.allBooks'), value: 0 }] : []),
        ...(books.data ?? []).map((b) => ({ label: b.title, value: b.id })),
      ]}
      onChange={(v) => props.onChange(v || undefined)}
    />
  );
}

export function LoadError(props: { onRetry: () => void }) {
  const { t } = useTranslation(INCOME_NS);
  return (
    <Result
      status="warning"
      title={t('loadFailed')}
      extra={
        <Button type="primary" onClick={props.onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}

export function Hint(props: { text: string }) {
  return <Alert type="info" showIcon message={props.text} style={{ marginBottom: 16 }} />;
}

/** A CSV file of rows, downloaded by the browser (UTF-8 with BOM, opens in Excel). */
export function downloadCsv(name: string, header: string[], rows: Array<Array<string | number>>) {
  const cell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const text = `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

import { formatCount } from '@author-centre/shared/format';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTable, SummaryCell } from '../../components/plain/Table.tsx';
import { INCOME_NS } from './i18n.ts';
import { type DayLine, type RangeParams, useEstimate, yuan } from './income-api.ts';
import { BookSelect, FigureStatus, Hint, LoadError, PeriodPicker } from './parts.tsx';

export interface IncomeTableConfig {
  titleKey: string;
  hintKey?: string;
  path: string;
  /** Columns shown, in order; `_fen` ones are money. */
  columns: string[];
}

/**
 * One estimate page: a period (§9 shortcuts or a picked range), an optional book, a line per
 * Beijing-time day, and the total row — which is the sum of the lines, and the page says so.
 */
export function IncomeTablePage({ config }: { config: IncomeTableConfig }) {
  const { t } = useTranslation(INCOME_NS);
  const [range, setRange] = useState<RangeParams>({ days: 30 });
  const q = useEstimate<DayLine>(config.path, range);
  const money = (c: string) => c.endsWith('_fen');
  const show = (c: string, v: number) => (money(c) ? yuan(v) : formatCount(v));
  const columns = [
    { title: t('date'), dataIndex: 'date', key: 'date' },
    ...config.columns.map((c) => ({
      title: `${t(`columns.${c}`)}${money(c) ? t('yuan') : ''}`,
      dataIndex: c,
      key: c,
      align: 'right' as const,
      render: (v: number) => show(c, v),
    })),
  ];
  return (
    <div className="ac-income" data-testid={`income-page-${config.path.split('/').pop()}`}>
      <div className="ac-income__head">
        <h1>{t(config.titleKey)}</h1>
        <span>
          <BookSelect allowAll value={range.book_id} onChange={(book_id) => setRange({ ...range, book_id })} />{' '}
          <PeriodPicker value={range} onChange={setRange} />
        </span>
      </div>
      {config.hintKey && <Hint text={t(config.hintKey)} />}
      {q.isError && !q.data ? (
        <LoadError onRetry={() => q.refetch()} />
      ) : (
        <Card>
          {q.data && <FigureStatus status="estimate" cutOffAt={q.data.cut_off_at} addsUp={q.data.adds_up} />}
          <PlainTable<DayLine>
            aria-label={t(config.titleKey)}
            rowKey="date"
            size="small"
            loading={q.isLoading}
            columns={columns}
            dataSource={q.data?.list ?? []}
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
            emptyText={t('empty')}
            summary={
              q.data && (
                <tr className="ac-income__total" data-testid="total-row">
                  <SummaryCell>{t('total')}</SummaryCell>
                  {config.columns.map((c) => (
                    <SummaryCell key={c} align="right">
                      {show(c, q.data.total[c] ?? 0)}
                    </SummaryCell>
                  ))}
                </tr>
              )
            }
          />
        </Card>
      )}
    </div>
  );
}

export const INCOME_COLUMNS = ['subscription_fen', 'gift_fen', 'reward_fen', 'partner_fen', 'free_fen', 'total_fen'];

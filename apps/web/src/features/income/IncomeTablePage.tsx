import { formatCount } from '@author-centre/shared/format';
import { Card, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
          <Table<DayLine>
            rowKey="date"
            size="small"
            loading={q.isLoading}
            columns={columns}
            dataSource={q.data?.list ?? []}
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
            locale={{ emptyText: t('empty') }}
            summary={() =>
              q.data ? (
                <Table.Summary fixed="top">
                  <Table.Summary.Row className="ac-income__total" data-testid="total-row">
                    <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
                    {config.columns.map((c, i) => (
                      <Table.Summary.Cell key={c} index={i + 1} align="right">
                        {show(c, q.data.total[c] ?? 0)}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
          />
        </Card>
      )}
    </div>
  );
}

export const INCOME_COLUMNS = ['subscription_fen', 'gift_fen', 'reward_fen', 'partner_fen', 'free_fen', 'total_fen'];

import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTable, SummaryCell } from '../../components/plain/Table.tsx';
import { INCOME_COLUMNS } from './IncomeTablePage.tsx';
import { INCOME_NS } from './i18n.ts';
import { type RangeParams, useEstimate, yuan } from './income-api.ts';
import { BookSelect, FigureStatus, Hint, LoadError, PeriodPicker } from './parts.tsx';

type ChannelLine = { site_id: number; name: string; kind: string } & Record<string, number>;

/** income-manage/channel: the period's income per reading site and partner platform. */
export default function ChannelPage() {
  const { t } = useTranslation(INCOME_NS);
  const [range, setRange] = useState<RangeParams>({ days: 30 });
  const q = useEstimate<ChannelLine>('/api/pc/v1/income/channel', range);
  return (
    <div className="ac-income">
      <div className="ac-income__head">
        <h1>{t('pages.channel')}</h1>
        <span>
          <BookSelect allowAll value={range.book_id} onChange={(book_id) => setRange({ ...range, book_id })} />{' '}
          <PeriodPicker value={range} onChange={setRange} />
        </span>
      </div>
      <Hint text={t('pages.channelHint')} />
      {q.isError && !q.data ? (
        <LoadError onRetry={() => q.refetch()} />
      ) : (
        <Card>
          {q.data && <FigureStatus status="estimate" cutOffAt={q.data.cut_off_at} addsUp={q.data.adds_up} />}
          <PlainTable<ChannelLine>
            aria-label={t('pages.channel')}
            rowKey="site_id"
            size="small"
            loading={q.isLoading}
            pagination={false}
            emptyText={t('empty')}
            dataSource={q.data?.list ?? []}
            columns={[
              { title: t('pages.site'), dataIndex: 'name', key: 'name' },
              ...INCOME_COLUMNS.map((c) => ({
                title: `${t(`columns.${c}`)}${t('yuan')}`,
                dataIndex: c,
                key: c,
                align: 'right' as const,
                render: (v: number) => yuan(v),
              })),
            ]}
            summary={
              q.data && (
                <tr className="ac-income__total">
                  <SummaryCell>{t('total')}</SummaryCell>
                  {INCOME_COLUMNS.map((c) => (
                    <SummaryCell key={c} align="right">
                      {yuan(q.data.total[c] ?? 0)}
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

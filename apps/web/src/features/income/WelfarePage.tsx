import { formatCount } from '@author-centre/shared/format';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainTable, SummaryCell } from '../../components/plain/Table.tsx';
import { INCOME_NS } from './i18n.ts';
import { useWelfare, yuan } from './income-api.ts';
import { FigureStatus, LoadError } from './parts.tsx';

/** income-manage/welfare: the brand's welfare rules, welfare paid in released statements, this month's progress. */
export default function WelfarePage() {
  const { t } = useTranslation(INCOME_NS);
  const q = useWelfare();
  if (q.isError && !q.data) return <LoadError onRetry={() => q.refetch()} />;
  const d = q.data;
  return (
    <div className="ac-income">
      <div className="ac-income__head">
        <h1>{t('pages.welfare')}</h1>
      </div>
      <Card title={t('pages.welfareRules')} loading={q.isLoading} style={{ marginBottom: 16 }}>
        <PlainTable
          aria-label={t('pages.welfareRules')}
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={d?.rules ?? []}
          columns={[
            { title: t('pages.kinds.welfare'), dataIndex: 'name' },
            { title: t('pages.note'), dataIndex: 'condition' },
            { title: t('pages.amount'), dataIndex: 'amount_fen', align: 'right', render: (v: number) => yuan(v) },
          ]}
        />
      </Card>
      <Card title={t('pages.welfareProgress')} loading={q.isLoading} style={{ marginBottom: 16 }}>
        <FigureStatus status="estimate" />
        <PlainTable
          aria-label={t('pages.welfareProgress')}
          rowKey="book_id"
          size="small"
          pagination={false}
          emptyText={t('empty')}
          dataSource={d?.current_month.books ?? []}
          columns={[
            { title: t('pages.book'), dataIndex: 'book_title' },
            {
              title: t('pages.monthWords'),
              dataIndex: 'month_words',
              align: 'right',
              render: (v: number) => formatCount(v),
            },
            { title: t('pages.daysUpdated'), dataIndex: 'days_updated', align: 'right' },
          ]}
        />
      </Card>
      <Card title={t('pages.welfarePaid')} loading={q.isLoading}>
        <FigureStatus status="final" addsUp={d?.adds_up} />
        <PlainTable
          aria-label={t('pages.welfarePaid')}
          rowKey={(r) => `${r.month}-${r.book_id}-${r.note}`}
          size="small"
          emptyText={t('pages.noStatements')}
          dataSource={d?.list ?? []}
          columns={[
            { title: t('pages.month'), dataIndex: 'month' },
            { title: t('pages.book'), dataIndex: 'book_title' },
            { title: t('pages.note'), dataIndex: 'note' },
            { title: t('pages.amount'), dataIndex: 'amount_fen', align: 'right', render: (v: number) => yuan(v) },
          ]}
          summary={
            d && (
              <tr className="ac-income__total">
                <SummaryCell colSpan={3}>{t('total')}</SummaryCell>
                <SummaryCell align="right">{yuan(d.total.amount_fen)}</SummaryCell>
              </tr>
            )
          }
        />
      </Card>
    </div>
  );
}

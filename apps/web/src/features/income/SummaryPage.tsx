import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainTable, SummaryCell } from '../../components/plain/Table.tsx';
import { INCOME_NS } from './i18n.ts';
import { useRoyaltyBalance, yuan } from './income-api.ts';
import { FigureStatus, LoadError } from './parts.tsx';

/** income-summary: royalties paid, due on the 8th, and awaiting the author's confirmation (royalty-balance). */
export default function SummaryPage() {
  const { t } = useTranslation(INCOME_NS);
  const q = useRoyaltyBalance();
  if (q.isError && !q.data) return <LoadError onRetry={() => q.refetch()} />;
  return (
    <div className="ac-income">
      <div className="ac-income__head">
        <h1>{t('pages.summary')}</h1>
      </div>
      <Card loading={q.isLoading}>
        <FigureStatus status="final" addsUp={q.data?.adds_up} />
        <PlainTable
          aria-label={t('pages.summary')}
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={q.data?.list ?? []}
          columns={[
            { title: t('pages.payout'), dataIndex: 'label' },
            { title: t('pages.amount'), dataIndex: 'amount_fen', align: 'right', render: (v: number) => yuan(v) },
          ]}
          summary={
            q.data && (
              <tr className="ac-income__total">
                <SummaryCell>{t('total')}</SummaryCell>
                <SummaryCell align="right">{yuan(q.data.total.amount_fen)}</SummaryCell>
              </tr>
            )
          }
        />
      </Card>
    </div>
  );
}

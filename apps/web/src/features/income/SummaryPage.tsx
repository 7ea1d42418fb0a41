import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
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
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={q.data?.list ?? []}
          columns={[
            { title: t('pages.payout'), dataIndex: 'label' },
            { title: t('pages.amount'), dataIndex: 'amount_fen', align: 'right', render: (v: number) => yuan(v) },
          ]}
          summary={() =>
            q.data ? (
              <Table.Summary.Row className="ac-income__total">
                <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {yuan(q.data.total.amount_fen)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </div>
  );
}

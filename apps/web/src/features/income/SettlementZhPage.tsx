import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { INCOME_NS } from './i18n.ts';
import { useZhMonthBalance, yuan, type ZhMonthLine } from './income-api.ts';
import { FigureStatus, Hint, LoadError } from './parts.tsx';

/**
 * settlement-summary-zh (zong-heng month balance): the partner platform's lines only — per month and
 * book, what the zh platform reported and the share of it; final once the month's statement is
 * released, an estimate before. The whole statement (guarantee, welfare) is on settlement-summary.
 */
export default function SettlementZhPage() {
  const { t } = useTranslation(INCOME_NS);
  const q = useZhMonthBalance();
  if (q.isError && !q.data) return <LoadError onRetry={() => q.refetch()} />;
  const d = q.data;
  return (
    <div className="ac-income" data-testid="settlement-zh-page">
      <div className="ac-income__head">
        <h1>{t('pages.settlementZh')}</h1>
      </div>
      <Hint text={t('pages.settlementZhHint')} />
      <Card loading={q.isLoading}>
        {d && <FigureStatus status="estimate" cutOffAt={d.cut_off_at} addsUp={d.adds_up} note={d.note} />}
        <Table<ZhMonthLine>
          rowKey={(r) => `${r.month}-${r.book_id}`}
          size="small"
          locale={{ emptyText: t('pages.noZh') }}
          dataSource={d?.list ?? []}
          pagination={{ pageSize: 24, hideOnSinglePage: true }}
          columns={[
            { title: t('pages.month'), dataIndex: 'month' },
            { title: t('pages.book'), dataIndex: 'book_title' },
            {
              title: `${t('columns.partner_fen')}${t('yuan')}`,
              dataIndex: 'partner_fen',
              align: 'right',
              render: (v: number) => yuan(v),
            },
            {
              title: t('pages.shareRate'),
              dataIndex: 'share_permille',
              align: 'right',
              render: (v: number) => `${v / 10}%`,
            },
            {
              title: t('pages.shareAmount'),
              dataIndex: 'share_fen',
              align: 'right',
              render: (v: number) => yuan(v),
            },
            {
              title: t('pages.status'),
              dataIndex: 'status_label',
              render: (v: string, r) => <Tag color={r.status === 'final' ? 'green' : 'orange'}>{v}</Tag>,
            },
          ]}
          summary={() =>
            d ? (
              <Table.Summary.Row className="ac-income__total" data-testid="zh-total">
                <Table.Summary.Cell index={0} colSpan={2}>
                  {t('total')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {yuan(d.total.partner_fen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} />
                <Table.Summary.Cell index={4} align="right">
                  {yuan(d.total.share_fen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} />
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </div>
  );
}

import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainTable, SummaryCell } from '../../components/plain/Table.tsx';
import { INCOME_NS } from './i18n.ts';
import { useZhMonthBalance, yuan, type ZhMonthLine } from './income-api.ts';
import { FigureStatus, Hint, LoadError } from './parts.tsx';

/**
 * settlement-summary-zh (zong-heng month balance): per month and book, the share of what the zh
 * platform reported, and — as the settlement summary shows a statement — the book's guarantee top-up,
 * welfare and earlier-month corrections on lines of their own (with a subtotal per kind); final once the month's statement is released, an estimate before.
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
        <PlainTable<ZhMonthLine>
          aria-label={t('pages.settlementZh')}
          rowKey={(r) => `${r.month}-${r.book_id}-${r.kind}-${r.note}`}
          size="small"
          emptyText={t('pages.noZh')}
          dataSource={d?.list ?? []}
          pagination={{ pageSize: 24, hideOnSinglePage: true }}
          columns={[
            { title: t('pages.month'), dataIndex: 'month' },
            { title: t('pages.book'), dataIndex: 'book_title' },
            { title: t('pages.kind'), dataIndex: 'kind', render: (k: string) => t(`pages.kinds.${k}`) },
            {
              title: `${t('columns.partner_fen')}${t('yuan')}`,
              dataIndex: 'partner_fen',
              align: 'right',
              render: (v: number, r) => (r.kind === 'share' || r.kind === 'correction' ? yuan(v) : ''),
            },
            {
              title: t('pages.shareRate'),
              dataIndex: 'share_permille',
              align: 'right',
              render: (v: number | null) => (v === null ? '' : `${v / 10}%`),
            },
            { title: t('pages.amount'), dataIndex: 'amount_fen', align: 'right', render: (v: number) => yuan(v) },
            { title: t('pages.note'), dataIndex: 'note' },
            {
              title: t('pages.status'),
              dataIndex: 'status_label',
              render: (v: string, r) => <Tag color={r.status === 'final' ? 'green' : 'orange'}>{v}</Tag>,
            },
          ]}
          summary={
            d && (
              <tr className="ac-income__total" data-testid="zh-total">
                <SummaryCell colSpan={3}>{t('total')}</SummaryCell>
                <SummaryCell align="right">{yuan(d.total.partner_fen)}</SummaryCell>
                <SummaryCell />
                <SummaryCell align="right">{yuan(d.total.amount_fen)}</SummaryCell>
                <SummaryCell colSpan={2} />
              </tr>
            )
          }
        />
        {d && (
          <Descriptions size="small" column={4} style={{ marginTop: 12 }} data-testid="zh-by-kind">
            {d.by_kind.map((k) => (
              <Descriptions.Item key={k.kind} label={t(`pages.kinds.${k.kind}`)}>
                <span data-testid={`zh-kind-${k.kind}`}>{yuan(k.amount_fen)}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Card>
    </div>
  );
}

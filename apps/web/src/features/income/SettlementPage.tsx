import { Button, Card, Descriptions, Drawer, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTable, SummaryCell } from '../../components/plain/Table.tsx';
import { toast } from '../../platform/notify.ts';
import { INCOME_NS } from './i18n.ts';
import {
  type MonthLine,
  type StatementLine,
  useConfirmStatement,
  useMonthBalance,
  useStatement,
  yuan,
} from './income-api.ts';
import { FigureStatus, Hint, LoadError } from './parts.tsx';

const PAYOUT_COLOUR = { to_confirm: 'orange', due: 'blue', paid: 'green' } as const;

/**
 * settlement-summary (and month-settlement): the released monthly statements (final), this month so
 * far (estimate), a statement's lines that add up to it, and its confirmation (profit-confirm).
 */
export default function SettlementPage() {
  const { t } = useTranslation(INCOME_NS);
  const q = useMonthBalance();
  const [month, setMonth] = useState<string | null>(null);
  if (q.isError && !q.data) return <LoadError onRetry={() => q.refetch()} />;
  const d = q.data;
  return (
    <div className="ac-income" data-testid="settlement-page">
      <div className="ac-income__head">
        <h1>{t('pages.settlement')}</h1>
      </div>
      <Hint text={t('pages.settlementHint')} />
      {d && (
        <Card title={t('pages.thisMonth')} style={{ marginBottom: 16 }}>
          <FigureStatus status="estimate" cutOffAt={d.current.cut_off_at} note={d.current.note} />
          <div style={{ fontSize: 24 }} data-testid="month-estimate">
            ¥{yuan(d.current.estimate_fen)}
          </div>
        </Card>
      )}
      <Card loading={q.isLoading}>
        <FigureStatus status="final" addsUp={d?.adds_up} />
        <PlainTable<MonthLine>
          aria-label={t('pages.settlement')}
          rowKey="month"
          size="small"
          emptyText={t('pages.noStatements')}
          dataSource={d?.list ?? []}
          columns={[
            { title: t('pages.month'), dataIndex: 'month' },
            { title: t('pages.amount'), dataIndex: 'total_fen', align: 'right', render: (v: number) => yuan(v) },
            { title: t('pages.dueDate'), dataIndex: 'due_date' },
            {
              title: t('pages.payout'),
              dataIndex: 'payout_label',
              render: (v: string, r) => <Tag color={PAYOUT_COLOUR[r.payout_status]}>{v}</Tag>,
            },
            {
              title: '',
              key: 'view',
              render: (_: unknown, r) => (
                <Button type="link" onClick={() => setMonth(r.month)} data-testid={`view-${r.month}`}>
                  {t('pages.view')}
                </Button>
              ),
            },
          ]}
          summary={
            d && (
              <tr className="ac-income__total">
                <SummaryCell>{t('total')}</SummaryCell>
                <SummaryCell align="right">{yuan(d.total.total_fen)}</SummaryCell>
                <SummaryCell colSpan={3} />
              </tr>
            )
          }
        />
      </Card>
      <StatementDrawer month={month} onClose={() => setMonth(null)} />
    </div>
  );
}

function StatementDrawer(props: { month: string | null; onClose: () => void }) {
  const { t } = useTranslation(INCOME_NS);
  const q = useStatement(props.month);
  const confirm = useConfirmStatement();
  const s = q.data;
  const [asking, setAsking] = useState(false);
  const ask = () => setAsking(true);
  const confirmNow = async () => {
    if (!s) return;
    await confirm.mutateAsync(s.month);
    setAsking(false);
    toast.success(t('pages.confirmed'));
  };
  return (
    <Drawer
      open={!!props.month}
      onClose={props.onClose}
      width={820}
      title={props.month ? t('pages.statementTitle', { month: props.month }) : ''}
      extra={
        s && s.payout_status === 'to_confirm' ? (
          <Button
            type="primary"
            onClick={ask}
            loading={confirm.isPending}
            disabled={!s.adds_up}
            data-testid="confirm-statement"
          >
            {t('pages.confirm')}
          </Button>
        ) : s ? (
          <Tag color={PAYOUT_COLOUR[s.payout_status]}>{s.payout_label}</Tag>
        ) : null
      }
    >
      {q.isError && !s ? <LoadError onRetry={() => q.refetch()} /> : null}
      {s && (
        <Modal
          open={asking}
          title={t('pages.confirmTitle', { month: s.month })}
          onOk={confirmNow}
          confirmLoading={confirm.isPending}
          onCancel={() => setAsking(false)}
        >
          {t('pages.confirmBody', { due: s.due_date, amount: yuan(s.total_fen) })}
        </Modal>
      )}
      {s && (
        <>
          <FigureStatus status="final" addsUp={s.adds_up} note={s.rounding} />
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t(s.paid_at ? 'pages.paidTo' : 'pages.payTo')}>
              <span data-testid="payee-card">
                {s.payee_card_label}
                {!s.payee_card && <Typography.Text type="warning"> {t('pages.bindCard')}</Typography.Text>}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('pages.dueDate')}>
              {s.due_date} <Tag color={PAYOUT_COLOUR[s.payout_status]}>{s.payout_label}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <PlainTable<StatementLine>
            aria-label={t('pages.statementTitle', { month: s.month })}
            rowKey={(r) => `${r.book_id}-${r.kind}-${r.for_month}-${r.note}`}
            size="small"
            pagination={false}
            dataSource={s.list}
            columns={[
              { title: t('pages.book'), dataIndex: 'book_title' },
              { title: t('pages.kind'), dataIndex: 'kind', render: (k: string) => t(`pages.kinds.${k}`) },
              { title: t('pages.forMonth'), dataIndex: 'for_month' },
              { title: t('pages.revenue'), dataIndex: 'revenue_fen', align: 'right', render: (v: number) => yuan(v) },
              { title: t('pages.amount'), dataIndex: 'amount_fen', align: 'right', render: (v: number) => yuan(v) },
              { title: t('pages.note'), dataIndex: 'note' },
            ]}
            summary={
              <tr className="ac-income__total">
                <SummaryCell colSpan={4}>{t('total')}</SummaryCell>
                <SummaryCell align="right">
                  <span data-testid="statement-total">{yuan(s.total_fen)}</span>
                </SummaryCell>
                <SummaryCell />
              </tr>
            }
          />
        </>
      )}
    </Drawer>
  );
}

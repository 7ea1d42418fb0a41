import { Button, Result, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainTable } from '../../components/plain/Table.tsx';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { type Contract, downloadSigned, PATHS, useMyContracts } from './contracts-api.ts';
import { CONTRACTS_NS } from './i18n.ts';

const STATUS_COLOR: Record<Contract['status'], string> = {
  applying: 'blue',
  reviewing: 'gold',
  refused: 'red',
  signed: 'green',
  paper_sent: 'cyan',
  superseded: 'default',
};

/** /front/my-contract: every contract and application with its status, key terms, paper copy and download. */
export default function MyContractPage() {
  const { t } = useTranslation(CONTRACTS_NS);
  const list = useMyContracts();
  if (list.isError && !list.data) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const terms = (c: Contract) =>
    c.share_permille === null
      ? '—'
      : t('my.termsText', {
          share: c.share_permille / 10,
          months: c.term_months,
          guarantee: c.guarantee_fen_per_month
            ? t('my.guarantee', { yuan: (c.guarantee_fen_per_month / 100).toFixed(2) })
            : t('my.noGuarantee'),
        });
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('my.title')}</Typography.Title>
      <PlainTable<Contract>
        aria-label={t('my.title')}
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        emptyText={t('my.empty')}
        pagination={false}
        columns={[
          { title: t('my.contractNo'), dataIndex: 'contract_no' },
          { title: t('my.book'), dataIndex: 'book_title' },
          {
            title: t('my.status'),
            dataIndex: 'status',
            render: (_: unknown, c) => (
              <Space direction="vertical" size={0}>
                <Tag color={STATUS_COLOR[c.status]} data-testid="contract-status">
                  {c.status_label}
                </Tag>
                {c.status === 'refused' && (
                  <Typography.Text type="danger">
                    {t('my.refuseReason')}：{c.refuse_reason}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('my.terms'), key: 'terms', render: (_: unknown, c) => terms(c) },
          {
            title: t('my.signedAt'),
            dataIndex: 'signed_at',
            render: (ms: number | null) => formatBeijing(ms),
          },
          {
            title: t('my.express'),
            key: 'express',
            render: (_: unknown, c) =>
              c.express_no ? (
                <span data-testid="express">
                  {t('my.expressText', { carrier: c.express_company_label, no: c.express_no })}
                </span>
              ) : (
                ''
              ),
          },
          {
            title: t('my.verifyCode'),
            dataIndex: 'verify_code',
            render: (code: string | null) => (code ? <Link to={`/sign-detail?code=${code}`}>{code}</Link> : ''),
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, c) => (
              <Space>
                {c.can_download && (
                  <Button
                    size="small"
                    data-testid="contract-download"
                    onClick={() => void downloadSigned(PATHS.download, { id: c.id }, `${c.contract_no}.pdf`)}
                  >
                    {t('my.download')}
                  </Button>
                )}
                {(c.status === 'refused' || c.status === 'applying') && (
                  <Link to={`/front/book-manage/online-sign?book_id=${c.book_id}`}>
                    {c.status === 'refused' ? t('my.fix') : t('my.continue')}
                  </Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}

import { EXPRESS_CARRIERS } from '@author-centre/shared/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleClient, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { currentLocale } from '../../../i18n/index.ts';
import { ApiError } from '../../../platform/api-error.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { downloadSigned } from '../contracts-api.ts';
import { type ContractRow, QUEUE_PATH, STATUS_COLOR } from './ContractQueuePage.tsx';
import './i18n.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';

const DETAIL_PATH = '/api/admin/contracts/detail';

interface ContractDetail extends ContractRow {
  contract_no: string;
  verify_code: string | null;
  published_words: number;
  reviewer_name: string | null;
  pdf_sha256: string | null;
  signed_sha256: string | null;
  express_company_label: string;
  express_no: string;
  audit: Array<{
    label: string;
    actor: string;
    at: number;
    ip: string;
    userAgent: string;
    before?: string;
    after?: string;
    note?: string;
  }>;
  parties: { real_name: string; id_number: string; bank_num: string; bank_name: string } | null;
  delivery: { name: string; phone: string; address: string } | null;
  steps: Record<string, Record<string, unknown>>;
}

const timeText = (ms: number | null) => formatBeijing(ms, true);

/** /admin/contracts/:contractId — the application, its masked parties and audit trail; approve, refuse, send the paper copy. */
export default function ContractReviewPage() {
  const { t } = useTranslation();
  const id = Number(useParams().contractId);
  const queryClient = useQueryClient();
  const [action, setAction] = useState<'approve' | 'refuse' | 'express' | null>(null);
  const [carrier, setCarrier] = useState<number | undefined>();
  const [trackingNo, setTrackingNo] = useState('');
  const query = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, DETAIL_PATH, id],
    queryFn: ({ signal }) => consoleGet<ContractDetail>(DETAIL_PATH, { id }, { signal, silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const title = t('console.contracts.detailTitle');
  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <ConsolePage title={title}>
        <Result
          status="404"
          title={t('console.contracts.notFound')}
          extra={
            <LinkButton type="primary" to="/admin/contracts">
              {t('console.contracts.backToList')}
            </LinkButton>
          }
        />
      </ConsolePage>
    );
  }
  if (query.isError) {
    return (
      <ConsolePage title={title}>
        <Alert
          type="error"
          showIcon
          title={t('console.contracts.loadFailed')}
          description={errorMessage(query.error)}
        />
      </ConsolePage>
    );
  }
  const c = query.data;
  if (!c) {
    return (
      <ConsolePage title={title}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </ConsolePage>
    );
  }
  const done = (message: string) => {
    setAction(null);
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, DETAIL_PATH] });
    void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, QUEUE_PATH] });
  };
  const client = consoleClient();
  const openPdf = () =>
    void downloadSigned(
      '/api/admin/contracts/pdf',
      { id: c.id },
      `${c.contract_no}.pdf`,
      client ? { 'x-console-client': String(client) } : {},
    );

  return (
    <ConsolePage
      title={
        <Space>
          {c.contract_no}
          <Tag color={STATUS_COLOR[c.status]} data-testid="contract-status">
            {t(`console.contracts.statuses.${c.status}`)}
          </Tag>
        </Space>
      }
      extra={
        <Space>
          <Button onClick={openPdf}>{t('console.contracts.pdf')}</Button>
          {c.status === 'reviewing' && (
            <>
              <Button danger onClick={() => setAction('refuse')} data-testid="contract-refuse">
                {t('console.contracts.refuse')}
              </Button>
              <Button type="primary" onClick={() => setAction('approve')} data-testid="contract-approve">
                {t('console.contracts.approve')}
              </Button>
            </>
          )}
          {(c.status === 'signed' || c.status === 'paper_sent') && (
            <Button onClick={() => setAction('express')} data-testid="contract-express">
              {t('console.contracts.express')}
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('console.contracts.book')}>
              {c.book_title}（{c.published_words.toLocaleString()}）
            </Descriptions.Item>
            <Descriptions.Item label={t('console.contracts.penName')}>{c.pen_name}</Descriptions.Item>
            <Descriptions.Item label={t('console.contracts.terms')}>
              {c.share_permille === null
                ? ''
                : t('console.contracts.termsText', {
                    share: c.share_permille / 10,
                    months: c.term_months,
                    guarantee: ((c.guarantee_fen_per_month ?? 0) / 100).toFixed(2),
                  })}
            </Descriptions.Item>
            <Descriptions.Item label={t('console.contracts.submittedAt')}>{timeText(c.submitted_at)}</Descriptions.Item>
            <Descriptions.Item label={t('console.contracts.verifyCode')}>{c.verify_code}</Descriptions.Item>
            <Descriptions.Item label={t('console.contracts.reviewedAt')}>
              {timeText(c.reviewed_at)} {c.reviewer_name ?? ''}
            </Descriptions.Item>
            {c.refuse_reason && (
              <Descriptions.Item label={t('console.contracts.refuseReason')} span={2}>
                {c.refuse_reason}
              </Descriptions.Item>
            )}
            {c.express_no && (
              <Descriptions.Item label={t('console.contracts.express')} span={2}>
                {c.express_company_label} {c.express_no}
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
        {c.parties && (
          <Card size="small" title={t('console.contracts.parties')}>
            <Descriptions size="small" column={2}>
              <Descriptions.Item label={t('console.contracts.realName')}>{c.parties.real_name}</Descriptions.Item>
              <Descriptions.Item label={t('console.contracts.idNumber')}>{c.parties.id_number}</Descriptions.Item>
              <Descriptions.Item label={t('console.contracts.bankNum')}>
                {c.parties.bank_name} {c.parties.bank_num}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        )}
        {c.delivery && (
          <Card size="small" title={t('console.contracts.delivery')}>
            <span data-testid="delivery-address">
              {c.delivery.name} {c.delivery.phone} {c.delivery.address}
            </span>
          </Card>
        )}
        <Card size="small" title={t('console.contracts.audit')}>
          <Timeline
            items={c.audit.map((e) => ({
              children: (
                <div>
                  <div>
                    {timeText(e.at)} {e.label} · {e.actor} · {e.ip}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {e.userAgent}
                    {e.note ? ` · ${e.note}` : ''}
                    {e.before ? ` · before ${e.before}` : ''}
                    {e.after ? ` · after ${e.after}` : ''}
                  </Typography.Text>
                </div>
              ),
            }))}
          />
        </Card>
      </Space>
      <ReasonModal
        open={action === 'approve' || action === 'refuse'}
        title={t(action === 'refuse' ? 'console.contracts.refuseTitle' : 'console.contracts.approveTitle')}
        description={<p>{t(action === 'refuse' ? 'console.contracts.refuseDesc' : 'console.contracts.approveDesc')}</p>}
        okText={t(action === 'refuse' ? 'console.contracts.refuse' : 'console.contracts.approve')}
        danger={action === 'refuse'}
        reasonRequired={action === 'refuse'}
        maxLength={500}
        reasonLabel={t(action === 'refuse' ? 'console.contracts.reasonLabel' : 'console.contracts.approveReasonLabel')}
        requiredMessage={t('console.contracts.reasonRequired')}
        onClose={() => setAction(null)}
        onSubmit={async (reason) => {
          if (action === 'refuse') {
            await consolePost('/api/admin/contracts/refuse', { id: c.id, reason }, { silent: true });
            done(t('console.contracts.refused'));
          } else {
            await consolePost('/api/admin/contracts/approve', { id: c.id, reason }, { silent: true });
            done(t('console.contracts.approved'));
          }
        }}
      />
      <ReasonModal
        open={action === 'express'}
        title={t('console.contracts.expressTitle')}
        description={<p>{t('console.contracts.expressDesc')}</p>}
        reasonRequired={false}
        choiceProblem={
          !carrier ? t('console.contracts.carrier') : !trackingNo.trim() ? t('console.contracts.trackingNo') : null
        }
        onClose={() => setAction(null)}
        onSubmit={async () => {
          await consolePost(
            '/api/admin/contracts/express',
            { id: c.id, express_company: carrier, express_no: trackingNo },
            { silent: true },
          );
          done(t('console.contracts.expressSaved'));
        }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            placeholder={t('console.contracts.carrier')}
            value={carrier}
            onChange={setCarrier}
            options={EXPRESS_CARRIERS.map((e) => ({ value: e.value, label: e.label[currentLocale()] }))}
            style={{ width: '100%' }}
            data-testid="express-carrier"
          />
          <Input
            placeholder={t('console.contracts.trackingNo')}
            value={trackingNo}
            onChange={(e) => setTrackingNo(e.target.value)}
            maxLength={40}
            data-testid="express-no"
          />
        </Space>
      </ReasonModal>
    </ConsolePage>
  );
}

import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, List, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet } from '../../../console/console-api.ts';
import { ApiError } from '../../../platform/api-error.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { ReviewDialog } from './ReviewDialog.tsx';
import { type ApplicationDetail, DETAIL_PATH, QUEUE_PATH, STATUS_COLOR } from './screenplay-review-api.ts';
import './i18n.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';

const LIST = '/admin/screenplay-applications';
const timeText = (ms: number | null) => formatBeijing(ms);

/** /admin/screenplay-applications/:applicationId — what the author sent, and the decision on it. */
export default function ScreenplayReviewPage() {
  const { t } = useTranslation();
  const applicationId = Number(useParams().applicationId);
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<'approve' | 'refuse' | null>(null);
  const query = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, DETAIL_PATH, applicationId],
    queryFn: ({ signal }) =>
      consoleGet<ApplicationDetail>(DETAIL_PATH, { application_id: applicationId }, { signal, silent: true }),
    enabled: Number.isInteger(applicationId) && applicationId > 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  const title = t('console.screenplay.detailTitle');
  const notFound =
    !Number.isInteger(applicationId) ||
    applicationId <= 0 ||
    (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) {
    return (
      <ConsolePage title={title}>
        <Result
          status="404"
          title={t('console.screenplay.notFound')}
          extra={
            <LinkButton type="primary" to={LIST}>
              {t('console.screenplay.backToList')}
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
          title={t('console.screenplay.loadFailed')}
          description={errorMessage(query.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('console.retry')}
            </Button>
          }
        />
      </ConsolePage>
    );
  }
  const a = query.data;
  if (!a) {
    return (
      <ConsolePage title={title}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </ConsolePage>
    );
  }

  const done = (what: 'approve' | 'refuse') => {
    setDecision(null);
    toast.success(t(what === 'approve' ? 'console.screenplay.approved' : 'console.screenplay.refused'));
    void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, DETAIL_PATH] });
    void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, QUEUE_PATH] });
  };

  return (
    <ConsolePage
      title={
        <Space>
          {a.title}
          <Tag color={STATUS_COLOR[a.status]} data-testid="application-status">
            {t(`console.screenplay.statuses.${a.status}`)}
          </Tag>
        </Space>
      }
      extra={
        a.status === 'pending' ? (
          <Space>
            <Button danger onClick={() => setDecision('refuse')}>
              {t('console.screenplay.refuse')}
            </Button>
            <Button type="primary" onClick={() => setDecision('approve')}>
              {t('console.screenplay.approve')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {a.status !== 'pending' && (
          <Card size="small" title={t('console.screenplay.result')}>
            {a.status === 'cancelled' ? (
              <p>{t('console.screenplay.cancelledAt', { time: timeText(a.cancelled_at) })}</p>
            ) : (
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('console.screenplay.status')}>
                  {t(`console.screenplay.statuses.${a.status}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('console.screenplay.reviewer')}>{a.reviewer_name ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('console.screenplay.reviewedAt')}>
                  {timeText(a.reviewed_at)}
                </Descriptions.Item>
                <Descriptions.Item label={t('console.screenplay.reason')}>
                  <span data-testid="review-reason">{a.reason || t('console.screenplay.none')}</span>
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        )}
        <Card size="small" title={t('console.screenplay.whatAuthorSent')}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('console.screenplay.number')}>{a.application_id}</Descriptions.Item>
            <Descriptions.Item label={t('console.screenplay.submittedAt')}>{timeText(a.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('console.screenplay.penName')}>
              {a.pen_name}{' '}
              <Typography.Text type="secondary">
                {t('console.screenplay.accountId', { id: a.account_id })}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('console.screenplay.kind')}>
              {t(`console.screenplay.kinds.${a.kind}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('console.screenplay.category')}>{a.category_label}</Descriptions.Item>
            <Descriptions.Item label={t('console.screenplay.episodes')}>{a.episodes}</Descriptions.Item>
            {a.kind === 'adaptation' && (
              <Descriptions.Item label={t('console.screenplay.novel')} span={2}>
                {a.book ? (
                  <Space wrap>
                    <span>《{a.book.title}》</span>
                    <Typography.Text type="secondary">
                      {t('console.screenplay.novelFacts', {
                        chapters: a.book.published_count,
                        words: a.book.published_words.toLocaleString(),
                      })}
                    </Typography.Text>
                    {a.book.deleted && (
                      <Typography.Text type="warning">{t('console.screenplay.novelDeleted')}</Typography.Text>
                    )}
                    {a.book.reading_url && !a.book.deleted && (
                      <a href={a.book.reading_url} target="_blank" rel="noopener noreferrer">
                        {t('console.screenplay.readOnSite')}
                      </a>
                    )}
                  </Space>
                ) : (
                  a.book_title
                )}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('console.screenplay.contactNote')} span={2}>
              {a.contact_note || t('console.screenplay.none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('console.screenplay.synopsis')} span={2}>
              <div data-testid="application-synopsis" style={{ whiteSpace: 'pre-wrap', maxWidth: 720 }}>
                {a.synopsis}
              </div>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card size="small" title={t('console.screenplay.others')}>
          {a.other_applications.length === 0 ? (
            <Typography.Text type="secondary">{t('console.screenplay.noOthers')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={a.other_applications}
              renderItem={(o) => (
                <List.Item
                  extra={<Tag color={STATUS_COLOR[o.status]}>{t(`console.screenplay.statuses.${o.status}`)}</Tag>}
                >
                  <Space>
                    <Link to={`${LIST}/${o.application_id}`}>{o.title}</Link>
                    <Typography.Text type="secondary">{timeText(o.created_at)}</Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Space>
      <ReviewDialog decision={decision} application={a} onDone={done} onClose={() => setDecision(null)} />
    </ConsolePage>
  );
}

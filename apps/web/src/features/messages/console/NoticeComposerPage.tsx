import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { RichText } from '../../../components/RichText.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost, type ListPage } from '../../../console/console-api.ts';
import i18n from '../../../i18n/index.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { beijingInstant, beijingPickerValue, browserIsBeijing, formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import { PenNamesPicker } from '../../rewards/console/AuthorPicker.tsx';
import { isPlainNotice, noticeHtml, noticeText, STATE_COLOR } from './notice-text.ts';
import {
  type AudienceSizes,
  NOTICE_CATEGORIES,
  NOTICES_PATH,
  type NoticeAudience,
  type NoticeCategory,
  type NoticeDetail,
  type NoticeRow,
} from './notices-api.ts';
import { WithdrawNotice } from './WithdrawNotice.tsx';
import '../messages.css';
import './i18n.ts';

interface FormValues {
  title: string;
  category: NoticeCategory;
  pinned: boolean;
  audience: NoticeAudience;
  pen_names?: string[];
  when: 'now' | 'later';
  at?: Dayjs;
  text: string;
}

const FORM_FIELDS = new Set(['title', 'category', 'pinned', 'audience', 'pen_names', 'published_at', 'content']);
const p = 'console.notices';

/** /admin/notices/new and /admin/notices/:id: write a notice, or edit one that has not gone out yet. */
export default function NoticeComposerPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const noticeId = id && id !== 'new' ? Number(id) : null;
  const detail = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, NOTICES_PATH, 'detail', noticeId],
    queryFn: ({ signal }) =>
      consoleGet<NoticeDetail>(`${NOTICES_PATH}/${noticeId}`, undefined, { signal, silent: true }),
    enabled: noticeId !== null,
  });
  const sizes = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, NOTICES_PATH, 'sizes'],
    queryFn: ({ signal }) =>
      consoleGet<ListPage<NoticeRow> & { audience_sizes: AudienceSizes }>(
        NOTICES_PATH,
        { page_size: 1 },
        { signal, silent: true },
      ).then((r) => r.audience_sizes),
  });

  if (noticeId === null) {
    return (
      <ConsolePage title={t(`${p}.new`)}>
        <NoticeForm notice={null} sizes={sizes.data} />
      </ConsolePage>
    );
  }
  if (detail.isPending) {
    return (
      <ConsolePage title={t(`${p}.detail`)}>
        <Skeleton active />
      </ConsolePage>
    );
  }
  if (detail.isError) {
    return (
      <ConsolePage title={t(`${p}.detail`)}>
        <Result
          status="warning"
          title={errorMessage(detail.error)}
          extra={
            <Space>
              <Button onClick={() => void detail.refetch()}>{t('console.retry')}</Button>
              <Link to="/admin/notices">{t(`${p}.backToList`)}</Link>
            </Space>
          }
        />
      </ConsolePage>
    );
  }
  const notice = detail.data;
  return (
    <ConsolePage
      title={notice.title}
      extra={<Tag color={STATE_COLOR[notice.state]}>{t(`${p}.states.${notice.state}`)}</Tag>}
    >
      {notice.state === 'scheduled' ? (
        <NoticeForm notice={notice} sizes={sizes.data} />
      ) : (
        <NoticeView notice={notice} onChanged={() => void detail.refetch()} />
      )}
    </ConsolePage>
  );
}

function audienceLabel(audience: NoticeAudience, count?: number): string {
  const name = i18n.t(`${p}.audiences.${audience}`);
  return count === undefined ? name : i18n.t(`${p}.audienceCount`, { name, count });
}

/** A notice that has gone out (or was withdrawn): what it said, to whom, and how many read it. */
function NoticeView({ notice, onChanged }: { notice: NoticeDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState(false);
  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t(`${p}.fields.state`)}>
            <Tag color={STATE_COLOR[notice.state]}>{t(`${p}.states.${notice.state}`)}</Tag>
            {notice.withdrawn_at && t(`${p}.withdrawnAt`, { time: formatBeijing(notice.withdrawn_at) })}
          </Descriptions.Item>
          <Descriptions.Item label={t(`${p}.fields.publishedAt`)}>
            {formatBeijing(notice.published_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t(`${p}.fields.category`)}>
            {t(`${p}.categories.${notice.category}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t(`${p}.fields.audience`)}>
            {audienceLabel(notice.audience, notice.audience_count)}
            {notice.targets.length > 0 && (
              <div style={{ marginTop: 4 }}>
                {notice.targets.map((target) => (
                  <Tag key={target.account_id}>{target.pen_name}</Tag>
                ))}
              </div>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t(`${p}.fields.reads`)}>
            <span data-testid="notice-reads">
              {t(`${p}.readsOf`, { read: notice.read_count, total: notice.audience_count })}
            </span>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {notice.state === 'published' ? t(`${p}.publishedHint`) : t(`${p}.withdrawnHint`)}
        </Typography.Paragraph>
        <Space>
          <Link to="/admin/notices">{t(`${p}.backToList`)}</Link>
          {notice.state === 'published' && (
            <Button danger onClick={() => setWithdrawing(true)}>
              {t(`${p}.withdraw`)}
            </Button>
          )}
        </Space>
      </Col>
      <Col xs={24} lg={12}>
        <Preview title={notice.title} html={notice.content} at={notice.published_at} category={notice.category} />
      </Col>
      <WithdrawNotice
        notice={withdrawing ? notice : null}
        onClose={() => setWithdrawing(false)}
        onDone={() => {
          void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, NOTICES_PATH] });
          onChanged();
        }}
      />
    </Row>
  );
}

/** How the notice will look on the authors' notice page. */
function Preview(props: { title: string; html: string; at: number | null; category: string }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t(`${p}.preview`)} data-testid="notice-preview">
      <article className="ac-news__detail">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {props.title || <span style={{ color: '#bbb' }}>{t(`${p}.previewNoTitle`)}</span>}
        </Typography.Title>
        <p className="ac-news__meta">
          <span>{t(`${p}.categories.${props.category}`)}</span>
          <time>
            {props.at ? formatBeijing(props.at) : t(`${p}.previewNow`)} {t(`${p}.beijing`)}
          </time>
        </p>
        {props.html ? (
          <RichText html={props.html} className="ac-news__content" />
        ) : (
          <p style={{ color: '#bbb' }}>{t(`${p}.previewEmpty`)}</p>
        )}
      </article>
    </Card>
  );
}

function NoticeForm({ notice, sizes }: { notice: NoticeDetail | null; sizes?: AudienceSizes }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [confirming, setConfirming] = useState<{ values: FormValues; publishedAt?: number } | null>(null);
  const values = Form.useWatch((all: Partial<FormValues>) => all, form);
  const richOriginal = notice !== null && !isPlainNotice(notice.content);
  const browserInBeijing = browserIsBeijing(Date.now());

  const initial: FormValues = notice
    ? {
        title: notice.title,
        category: notice.category,
        pinned: notice.pinned,
        audience: notice.audience,
        pen_names: notice.targets.map((x) => x.pen_name),
        when: 'later',
        at: beijingPickerValue(notice.published_at),
        text: noticeText(notice.content),
      }
    : { title: '', category: 'platform', pinned: false, audience: 'all', when: 'now', text: '' };

  const sizeOf = (v: Partial<FormValues>) =>
    v.audience === 'list' ? (v.pen_names?.length ?? 0) : v.audience ? sizes?.[v.audience] : undefined;

  const check = (v: FormValues) => {
    setFailure(null);
    const publishedAt = v.when === 'later' && v.at ? beijingInstant(v.at) : undefined;
    if (publishedAt !== undefined && publishedAt <= Date.now()) {
      form.setFields([{ name: 'at', errors: [t(`${p}.atPast`)] }]);
      return;
    }
    setConfirming({ values: v, publishedAt });
  };

  const send = async ({ values: v, publishedAt }: { values: FormValues; publishedAt?: number }) => {
    setPending(true);
    try {
      const body = {
        title: v.title.trim(),
        category: v.category,
        pinned: v.pinned,
        content: noticeHtml(v.text),
        audience: v.audience,
        ...(v.audience === 'list' ? { pen_names: v.pen_names ?? [] } : {}),
        ...(publishedAt ? { published_at: publishedAt } : {}),
      };
      const saved = await consolePost<NoticeDetail>(notice ? `${NOTICES_PATH}/${notice.id}` : NOTICES_PATH, body, {
        silent: true,
      });
      void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, NOTICES_PATH] });
      toast.success(saved.state === 'scheduled' ? t(`${p}.savedScheduled`) : t(`${p}.savedPublished`));
      navigate('/admin/notices');
    } catch (e) {
      const field = isApiError(e) ? e.field : undefined;
      const message = errorMessage(e);
      if (field && FORM_FIELDS.has(field)) {
        const name = field === 'published_at' ? 'at' : field === 'content' ? 'text' : field;
        form.setFields([{ name: name as keyof FormValues, errors: [message] }]);
      }
      setFailure(message);
    } finally {
      setPending(false);
    }
  };

  const v = values ?? initial;
  const previewAt = v.when === 'later' && v.at ? beijingInstant(v.at) : null;

  return (
    <Row gutter={24}>
      <Col xs={24} lg={13}>
        <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={check} disabled={pending}>
          <Form.Item
            name="title"
            label={t(`${p}.fields.title`)}
            rules={[{ required: true, whitespace: true, message: t(`${p}.titleRequired`) }]}
          >
            <Input maxLength={60} showCount />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="category" label={t(`${p}.fields.category`)}>
              <Select
                style={{ width: 160 }}
                options={NOTICE_CATEGORIES.map((c) => ({ value: c, label: t(`${p}.categories.${c}`) }))}
              />
            </Form.Item>
            <Form.Item name="pinned" label={t(`${p}.pinned`)} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="audience" label={t(`${p}.fields.audience`)}>
            <Radio.Group
              options={(['all', 'signed', 'learners', 'list'] as const).map((a) => ({
                value: a,
                label: audienceLabel(a, a === 'list' ? undefined : sizes?.[a]),
              }))}
            />
          </Form.Item>
          {v.audience === 'list' && (
            <Form.Item
              name="pen_names"
              label={t(`${p}.fields.penNames`)}
              extra={t(`${p}.penNamesHelp`)}
              rules={[{ required: true, type: 'array', min: 1, message: t(`${p}.penNamesRequired`) }]}
            >
              <PenNamesPicker />
            </Form.Item>
          )}
          <Form.Item name="when" label={t(`${p}.fields.when`)}>
            <Radio.Group
              options={[
                { value: 'now', label: t(`${p}.now`) },
                { value: 'later', label: t(`${p}.later`) },
              ]}
            />
          </Form.Item>
          {v.when === 'later' && (
            <Form.Item
              name="at"
              label={t(`${p}.fields.at`)}
              extra={browserInBeijing ? t(`${p}.atHelp`) : t(`${p}.atHelpOtherZone`)}
              rules={[{ required: true, message: t(`${p}.atRequired`) }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(beijingPickerValue(Date.now()).startOf('day'))}
                placeholder={t(`${p}.atPlaceholder`)}
              />
            </Form.Item>
          )}
          {richOriginal && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t(`${p}.richWarning`)} />}
          <Form.Item
            name="text"
            label={t(`${p}.fields.content`)}
            extra={t(`${p}.contentHelp`)}
            rules={[{ required: true, whitespace: true, message: t(`${p}.contentRequired`) }]}
          >
            <Input.TextArea autoSize={{ minRows: 8, maxRows: 24 }} maxLength={10_000} showCount />
          </Form.Item>
          {failure && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={failure} role="alert" />}
          <Space>
            <Button type="primary" htmlType="submit" loading={pending}>
              {v.when === 'later' ? (notice ? t(`${p}.saveScheduled`) : t(`${p}.schedule`)) : t(`${p}.publish`)}
            </Button>
            <Button onClick={() => navigate('/admin/notices')}>{t(`${p}.cancel`)}</Button>
            {notice && (
              <Button danger onClick={() => setWithdrawing(true)}>
                {t(`${p}.withdraw`)}
              </Button>
            )}
          </Space>
        </Form>
      </Col>
      <Col xs={24} lg={11}>
        <Preview
          title={v.title ?? ''}
          html={noticeHtml(v.text ?? '')}
          at={previewAt}
          category={v.category ?? 'platform'}
        />
        {notice && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t(`${p}.scheduledHint`, { time: formatBeijing(notice.published_at) })}
          </Typography.Paragraph>
        )}
      </Col>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.publishedAt ? t(`${p}.confirmScheduleTitle`) : t(`${p}.confirmNowTitle`)}
        plainTxt={
          confirming
            ? confirming.publishedAt
              ? t(`${p}.confirmSchedule`, {
                  time: formatBeijing(confirming.publishedAt),
                  audience: audienceLabel(confirming.values.audience, sizeOf(confirming.values)),
                })
              : t(`${p}.confirmNow`, {
                  audience: audienceLabel(confirming.values.audience, sizeOf(confirming.values)),
                })
            : ''
        }
        btnTxt={confirming?.publishedAt ? (notice ? t(`${p}.saveScheduled`) : t(`${p}.schedule`)) : t(`${p}.publish`)}
        cancelBtnTxt={t(`${p}.cancel`)}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const asked = confirming;
          setConfirming(null);
          if (asked) void send(asked);
        }}
      />
      {notice && (
        <WithdrawNotice
          notice={withdrawing ? notice : null}
          onClose={() => setWithdrawing(false)}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, NOTICES_PATH] });
            navigate('/admin/notices');
          }}
        />
      )}
    </Row>
  );
}

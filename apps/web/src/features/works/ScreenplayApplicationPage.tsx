import { isAllowedText, TEXT_PATTERN_MESSAGE } from '@author-centre/shared/validation-rules';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Pagination,
  Radio,
  Result,
  Select,
  Space,
  Spin,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useUnsavedGuard } from '../../components/useUnsavedGuard.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { fieldErrors } from '../../platform/api-error.ts';
import { toast } from '../../platform/notify.ts';
import { WORKS_NS } from './i18n.ts';
import {
  applicationKeys,
  cancelScreenplayApplication,
  formatTime,
  type ScreenplayApplication,
  type ScreenplayApplicationKind,
  type ScreenplayApplicationOptions,
  type ScreenplayApplicationStatus,
  submitScreenplayApplication,
  useScreenplayApplicationOptions,
  useScreenplayApplications,
} from './works-api.ts';
import './works.css';
import './ScreenplayApplicationPage.css';

interface FormValues {
  kind: ScreenplayApplicationKind;
  book_id?: number;
  title: string;
  category?: string;
  synopsis: string;
  episodes?: number | null;
  contact_note?: string;
}

const STATUS_COLOR: Record<ScreenplayApplicationStatus, string> = {
  pending: 'processing',
  approved: 'success',
  refused: 'error',
  cancelled: 'default',
};

/** Limits as the server states them (application-options); these only fill in until it answers. */
const FALLBACK_LIMITS: ScreenplayApplicationOptions['limits'] = {
  titleMax: 30,
  synopsisMin: 50,
  synopsisMax: 2000,
  episodesMin: 1,
  episodesMax: 200,
  contactNoteMax: 200,
  pendingMax: 5,
};

const chars = (s: string | undefined) => [...(s ?? '').trim()].length;

/**
 * book-manage/screenplay/application (剧本申请): an author applies to write an original screenplay or
 * to adapt one of their own published novels, and follows their applications (审核中, 已通过, 未通过
 * with the editor's reason); a pending application can be withdrawn behind a confirmation.
 */
export default function ScreenplayApplicationPage() {
  const { t } = useTranslation(WORKS_NS);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form);
  const [page, setPage] = useState(1);
  const [submitting, setSubmitting] = useState(false);
  const [cancelling, setCancelling] = useState<ScreenplayApplication | null>(null);
  const options = useScreenplayApplicationOptions();
  const list = useScreenplayApplications(page);
  const limits = options.data?.limits ?? FALLBACK_LIMITS;
  const locale = currentLocale();
  const refresh = () => queryClient.invalidateQueries({ queryKey: applicationKeys.all });
  // A synopsis of up to 2000 characters is not lost to a stray click on a link.
  const { setDirty, dialog: leaveDialog } = useUnsavedGuard({
    title: t('info.leaveTitle'),
    text: t('application.leaveTxt'),
    leave: t('info.leave'),
    stay: t('info.stay'),
  });

  const submit = async (values: FormValues) => {
    setSubmitting(true);
    try {
      await submitScreenplayApplication({
        kind: values.kind,
        book_id: values.kind === 'adaptation' ? (values.book_id ?? null) : null,
        title: values.title.trim(),
        category: values.category ?? '',
        synopsis: values.synopsis.trim(),
        episodes: values.episodes ?? 0,
        contact_note: (values.contact_note ?? '').trim(),
      });
      toast.success(t('application.submitted'));
      setDirty(false);
      form.resetFields();
      setPage(1);
      void refresh();
    } catch (e) {
      form.setFields(fieldErrors(e) as never);
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = async () => {
    if (!cancelling) return;
    await cancelScreenplayApplication(cancelling.application_id);
    toast.success(t('application.cancelled'));
    setCancelling(null);
    void refresh();
  };

  const bookOptions = (options.data?.books ?? []).map((b) => {
    const note = !b.published ? t('application.bookUnpublished') : b.pending ? t('application.bookPending') : '';
    return {
      value: b.book_id,
      label: note ? `${b.title}（${note}）` : b.title,
      disabled: !b.published || b.pending,
    };
  });

  return (
    <div className="ac-works-page ac-sp-application">
      <div className="ac-works-page__head">
        <h1>{t('application.title')}</h1>
        <Link to="/front/book-manage/screenplay">{t('list.title.screenplay')}</Link>
      </div>
      <Alert type="info" showIcon message={t('application.intro')} style={{ marginBottom: 16 }} />
      {leaveDialog}

      <section className="ac-sp-application__form">
        <h2>{t('application.formTitle')}</h2>
        {options.isError && !options.data ? (
          <Result
            status="warning"
            title={t('application.optionsFailed')}
            extra={<Button onClick={() => void options.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Form<FormValues>
            form={form}
            layout="horizontal"
            labelCol={{ span: 4 }}
            wrapperCol={{ span: 14 }}
            initialValues={{ kind: 'original' }}
            onFinish={(v) => void submit(v)}
            onValuesChange={() => setDirty(true)}
          >
            <Form.Item
              label={t('application.kind')}
              name="kind"
              rules={[{ required: true, message: t('application.errors.kind') }]}
            >
              <Radio.Group
                options={(['original', 'adaptation'] as const).map((value) => ({
                  value,
                  label: t(`application.kinds.${value}`),
                }))}
              />
            </Form.Item>
            {kind === 'adaptation' && (
              <Form.Item
                label={t('application.book')}
                name="book_id"
                extra={options.data && options.data.books.length === 0 ? t('application.noBooks') : undefined}
                rules={[{ required: true, message: t('application.errors.book') }]}
              >
                <Select
                  placeholder={t('application.bookPlaceholder')}
                  options={bookOptions}
                  loading={options.isLoading}
                  notFoundContent={t('application.noBooks')}
                />
              </Form.Item>
            )}
            <Form.Item
              label={t('application.screenplayTitle')}
              name="title"
              required
              rules={[
                {
                  validator: (_, v: string | undefined) => {
                    const value = (v ?? '').trim();
                    if (!value) return Promise.reject(new Error(t('application.errors.title')));
                    if (chars(value) > limits.titleMax) {
                      return Promise.reject(new Error(t('application.errors.titleMax', { max: limits.titleMax })));
                    }
                    if (!isAllowedText(value)) return Promise.reject(new Error(TEXT_PATTERN_MESSAGE[locale]));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input placeholder={t('application.titlePlaceholder', { max: limits.titleMax })} />
            </Form.Item>
            <Form.Item
              label={t('application.category')}
              name="category"
              rules={[{ required: true, message: t('application.errors.category') }]}
            >
              <Select
                placeholder={t('application.errors.category')}
                options={options.data?.categories}
                loading={options.isLoading}
              />
            </Form.Item>
            <Form.Item
              label={t('application.synopsis')}
              name="synopsis"
              required
              rules={[
                {
                  validator: (_, v: string | undefined) =>
                    chars(v) >= limits.synopsisMin && chars(v) <= limits.synopsisMax
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error(
                            t('application.errors.synopsis', { min: limits.synopsisMin, max: limits.synopsisMax }),
                          ),
                        ),
                },
              ]}
            >
              <Input.TextArea
                placeholder={t('application.synopsisPlaceholder', {
                  min: limits.synopsisMin,
                  max: limits.synopsisMax,
                })}
                autoSize={{ minRows: 4, maxRows: 12 }}
                showCount
                maxLength={limits.synopsisMax}
              />
            </Form.Item>
            <Form.Item
              label={t('application.episodes')}
              name="episodes"
              required
              rules={[
                {
                  validator: (_, v: number | null | undefined) =>
                    typeof v === 'number' && Number.isInteger(v) && v >= limits.episodesMin && v <= limits.episodesMax
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error(
                            t('application.errors.episodes', { min: limits.episodesMin, max: limits.episodesMax }),
                          ),
                        ),
                },
              ]}
            >
              <InputNumber
                aria-label={t('application.episodes')}
                placeholder={`${limits.episodesMin}~${limits.episodesMax}`}
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item
              label={t('application.contactNote')}
              name="contact_note"
              rules={[
                {
                  validator: (_, v: string | undefined) =>
                    chars(v) <= limits.contactNoteMax
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('application.errors.contactNote', { max: limits.contactNoteMax }))),
                },
              ]}
            >
              <Input.TextArea
                placeholder={t('application.contactNotePlaceholder')}
                autoSize={{ minRows: 2, maxRows: 4 }}
                showCount
                maxLength={limits.contactNoteMax}
              />
            </Form.Item>
            <Form.Item wrapperCol={{ offset: 4 }}>
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t('application.submit')}
              </Button>
            </Form.Item>
          </Form>
        )}
      </section>

      <section className="ac-sp-application__list">
        <h2>{t('application.listTitle')}</h2>
        {list.isError && !list.data ? (
          <Result
            status="warning"
            title={t('application.loadFailed')}
            extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        ) : list.isLoading ? (
          <div className="ac-works-center">
            <Spin />
          </div>
        ) : !list.data || list.data.list.length === 0 ? (
          <Empty description={t('application.empty')} />
        ) : (
          <>
            {list.data.list.map((a) => (
              <article
                className="ac-sp-application__item"
                key={a.application_id}
                data-testid="application-item"
                data-status={a.status}
              >
                <div className="ac-sp-application__item-head">
                  <h3>{a.title}</h3>
                  <Tag color={STATUS_COLOR[a.status]} data-testid="application-status">
                    {t(`application.status.${a.status}`)}
                  </Tag>
                </div>
                <div className="ac-sp-application__meta">
                  <span>{t(`application.kinds.${a.kind}`)}</span>
                  {a.book_title && <span>{t('application.adaptFrom', { title: a.book_title })}</span>}
                  <span>{a.category_label}</span>
                  <span>{t('application.episodesCount', { count: a.episodes })}</span>
                  <span>{t('application.appliedAt', { time: formatTime(a.created_at) })}</span>
                  {a.reviewed_at && <span>{t('application.reviewedAt', { time: formatTime(a.reviewed_at) })}</span>}
                  {a.cancelled_at && <span>{t('application.cancelledAt', { time: formatTime(a.cancelled_at) })}</span>}
                </div>
                <p className="ac-sp-application__synopsis">{a.synopsis}</p>
                {a.status === 'refused' && a.reason && (
                  <Alert type="error" showIcon message={t('application.reason', { reason: a.reason })} />
                )}
                {a.status === 'approved' && a.reason && (
                  <Alert type="success" showIcon message={t('application.editorNote', { reason: a.reason })} />
                )}
                {a.status === 'pending' && (
                  <Space style={{ marginTop: 8 }}>
                    <Button size="small" danger onClick={() => setCancelling(a)}>
                      {t('application.cancel')}
                    </Button>
                  </Space>
                )}
              </article>
            ))}
            {list.data.total > list.data.page_size && (
              <Pagination
                style={{ marginTop: 16 }}
                current={page}
                pageSize={list.data.page_size}
                total={list.data.total}
                onChange={setPage}
                showSizeChanger={false}
              />
            )}
          </>
        )}
      </section>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('application.cancelTitle')}
        plainTxt={t('application.cancelTxt')}
        btnTxt={t('application.cancel')}
        onConfirm={cancel}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}

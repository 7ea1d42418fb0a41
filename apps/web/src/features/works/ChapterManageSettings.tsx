import { WORKS_LIMITS } from '@author-centre/shared/works';
import { Button, Checkbox, Form, InputNumber, Skeleton, Space, Switch, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { apiPost } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import { ExcludesPanel } from './ExcludesPanel.tsx';
import { WORKS_NS } from './i18n.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useInvalidateWorks, usePayPoint, useRegular } from './works-api.ts';

/**
 * Chapter management's settings tab: the pay point, recurring publishing (antd's time picker) and the
 * excluded words; downloaded when the tab is first opened, not with the chapter list.
 */
export function Settings({ bookId }: { bookId: number }) {
  const { t } = useTranslation(WORKS_NS);
  const pay = usePayPoint(bookId);
  const regular = useRegular(bookId);
  const invalidate = useInvalidateWorks();
  const [form] = Form.useForm();
  const [clearing, setClearing] = useState(false);
  const clearPayPoint = async () => {
    await apiPost('/api/pc/v1/book/set-pay-point', { book_id: bookId, chapter_id: null });
    toast.success(t('manage.payPointCleared'));
    setClearing(false);
    void invalidate();
  };
  useEffect(() => {
    if (regular.data)
      form.setFieldsValue({
        enabled: regular.data.enabled,
        time: dayjs(regular.data.time, 'HH:mm'),
        weekdays: regular.data.weekdays,
        count: regular.data.count,
      });
  }, [regular.data, form]);
  const saveRegular = async (v: { enabled: boolean; time: dayjs.Dayjs; weekdays: number[]; count: number }) => {
    try {
      await apiPost('/api/pc/v1/book-chapter/regular-time-data', {
        book_id: bookId,
        enabled: v.enabled,
        time: v.time.format('HH:mm'),
        weekdays: v.weekdays,
        count: v.count,
      });
    } catch {
      return; // the refusal was said in a toast; the form keeps what the author entered
    }
    toast.success(t('manage.regularSaved'));
    void regular.refetch();
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <section>
        <h3>{t('manage.payPoint')}</h3>
        <Typography.Paragraph type="secondary">{t('manage.payPointHint')}</Typography.Paragraph>
        {pay.data && (
          <Space wrap>
            <span>{pay.data.pay_point_chapter_title ?? t('manage.payPointNone')}</span>
            <span>{t('manage.freeWords', { count: pay.data.free_chapters, words: pay.data.free_words })}</span>
            {pay.data.pay_point_chapter_id && !pay.data.has_published_paid && (
              <Button size="small" onClick={() => setClearing(true)}>
                {t('manage.payPointClear')}
              </Button>
            )}
          </Space>
        )}
        <ConfirmDialog
          open={clearing}
          title={t('manage.payPointClearConfirm', { title: pay.data?.pay_point_chapter_title ?? '' })}
          plainTxt={t('manage.payPointClearTxt')}
          onConfirm={clearPayPoint}
          onCancel={() => setClearing(false)}
        />
      </section>
      <section>
        <h3>{t('manage.regular')}</h3>
        <Typography.Paragraph type="secondary">
          {t('manage.regularHint')}
          <br />
          <span data-testid="regular-zone">{t('manage.regularZone')}</span>
        </Typography.Paragraph>
        {/* The form waits for the saved settings: shown before, a switch or day the author set was overwritten when
            they arrived (a schedule switched on, then saved as off). */}
        {!regular.data ? (
          regular.isError ? (
            <LoadFailed compact onRetry={() => regular.refetch()} />
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 1 }} />
          )
        ) : (
          <Form form={form} layout="inline" onFinish={(v) => void saveRegular(v)}>
            <Form.Item name="enabled" label={t('manage.regularEnabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="time" label={t('manage.regularTimeBeijing')} rules={[{ required: true }]}>
              <TimePicker format="HH:mm" minuteStep={5} />
            </Form.Item>
            <Form.Item name="count" label={t('manage.regularCount')}>
              <InputNumber min={1} max={20} />
            </Form.Item>
            <Form.Item
              name="weekdays"
              label={t('manage.regularDays')}
              dependencies={['enabled']}
              // Said at the field before anything is sent: a schedule that is on but has no day never fires.
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: number[]) =>
                    getFieldValue('enabled') && !value?.length
                      ? Promise.reject(new Error(t('manage.regularNoDays')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Checkbox.Group
                options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`manage.weekdays.${d}`) }))}
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit">
                {t('manage.regularSave')}
              </Button>
            </Form.Item>
          </Form>
        )}
        {regular.data?.next_run_at && (
          <Typography.Paragraph style={{ marginTop: 12 }}>
            {t('manage.regularNextBeijing', { time: formatBeijing(regular.data.next_run_at) })}
          </Typography.Paragraph>
        )}
        {regular.data?.queue.length ? (
          <Typography.Paragraph type="secondary">
            {t('manage.regularQueue')}：{regular.data.queue.map((q) => q.title).join('、')}
          </Typography.Paragraph>
        ) : null}
        {regular.data?.skipped?.length ? (
          <Typography.Paragraph type="secondary" data-testid="regular-skipped">
            {t('manage.regularSkipped', { words: WORKS_LIMITS.shortChapterWords })}
            {regular.data.skipped
              .map(
                (q) =>
                  `${q.title || t('editor.newChapter')}（${
                    q.reason === 'notice'
                      ? t('manage.regularSkipReason.notice')
                      : t('manage.regularSkipReason.short', { count: q.words })
                  }）`,
              )
              .join('、')}
          </Typography.Paragraph>
        ) : null}
      </section>
      <ExcludesPanel />
    </Space>
  );
}

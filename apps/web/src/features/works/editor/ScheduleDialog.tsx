import { WORKS_ERROR } from '@author-centre/shared/works';
import { Alert, Button, DatePicker, Modal, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../../platform/api.ts';
import { ApiError } from '../../../platform/api-error.ts';
import { toast } from '../../../platform/notify.ts';
import { WORKS_NS } from '../i18n.ts';
import type { ChapterDetail } from '../works-api.ts';

/** Schedules, moves or cancels the publication of a chapter (a durable job on the server). */
export function ScheduleDialog(props: {
  chapter: ChapterDetail;
  flush: () => Promise<boolean>;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation(WORKS_NS);
  const { chapter } = props;
  const [at, setAt] = useState<Dayjs | null>(
    chapter.scheduled_at ? dayjs(chapter.scheduled_at) : dayjs().add(1, 'hour').startOf('hour'),
  );
  const [busy, setBusy] = useState(false);
  const [force, setForce] = useState(false);

  const submit = async (withForce = force) => {
    if (!at) return;
    setBusy(true);
    try {
      if (!(await props.flush())) return;
      await apiPost('/api/pc/v1/book-chapter/publish-time', {
        chapter_id: chapter.chapter_id,
        publish_at: at.valueOf(),
        force: withForce,
      });
      toast.success(t('editor.scheduled'));
      props.onChanged();
    } catch (e) {
      // Warnings of the checks before publishing: the author may schedule anyway.
      if (e instanceof ApiError && e.code === WORKS_ERROR.publishChecksFailed && e.status === 422) setForce(true);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    setBusy(true);
    try {
      await apiPost('/api/pc/v1/book-chapter/publish-time-cancel', { chapter_id: chapter.chapter_id });
      toast.success(t('editor.scheduleCancelled'));
      props.onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('editor.scheduleTitle')}
      onCancel={props.onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ disabled: !at }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          {chapter.scheduled_at && (
            <Typography.Link onClick={() => void cancel()} disabled={busy}>
              {t('editor.cancelSchedule')}
            </Typography.Link>
          )}
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>{t('editor.scheduleAt')}</span>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={at}
          onChange={setAt}
          disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
          placeholder={t('editor.choose')}
          style={{ width: '100%' }}
        />
        <Typography.Text type="secondary">{t('editor.scheduleHint')}</Typography.Text>
      </Space>
      {force && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message={t('publish.warnings')}
          action={
            <Button size="small" danger onClick={() => void submit(true)}>
              {t('publish.publishAnyway')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}

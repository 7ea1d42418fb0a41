import { shanghaiDate } from '@author-centre/shared/dates';
import { WORKS_ERROR } from '@author-centre/shared/works';
import { Button, DatePicker, Modal, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { apiPost } from '../../../platform/api.ts';
import { ApiError } from '../../../platform/api-error.ts';
import {
  beijingInstant,
  beijingPickerValue,
  browserIsBeijing,
  firstScheduleOffer,
  formatBeijing,
} from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import { serverNow } from '../../../platform/server-time.ts';
import { WORKS_NS } from '../i18n.ts';
import { type CheckReply, formatTime } from '../works-api.ts';
import { FindingsList } from './FindingsList.tsx';

/**
 * Schedules, moves or cancels the publication of a chapter (a durable job on the server). The time
 * is Beijing time (as for recurring publishing), whatever the browser's zone. When the checks before
 * publishing find something, the findings are listed as when publishing now, each with its place;
 * "schedule anyway" is offered only when every finding is a warning.
 */
export function ScheduleDialog(props: {
  chapter: { chapter_id: number; scheduled_at: number | null };
  /** Saves the editor's text first; false when it could not be saved. */
  flush?: () => Promise<boolean>;
  onClose: () => void;
  onChanged: () => void;
  onLocate?: (offset: number, length: number) => void;
}) {
  const { t } = useTranslation(WORKS_NS);
  const { chapter } = props;
  const [at, setAt] = useState<Dayjs | null>(() =>
    beijingPickerValue(chapter.scheduled_at ?? firstScheduleOffer(serverNow())),
  );
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<CheckReply | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const instant = at ? beijingInstant(at) : null;

  const loadFindings = async () => {
    try {
      const reply = await apiPost<CheckReply>('/api/pc/v1/text-correct/check', { chapter_id: chapter.chapter_id });
      setCheck(reply.findings.length > 0 ? reply : null);
    } catch {
      setCheck(null);
    }
  };

  const submit = async (force: boolean) => {
    if (instant === null) return;
    setBusy(true);
    try {
      if (props.flush && !(await props.flush())) return;
      await apiPost('/api/pc/v1/book-chapter/publish-time', {
        chapter_id: chapter.chapter_id,
        publish_at: instant,
        force,
      });
      toast.success(t('editor.scheduled'));
      props.onChanged();
    } catch (e) {
      // The checks found something: list it, in place, as when publishing now.
      if (e instanceof ApiError && e.code === WORKS_ERROR.publishChecksFailed && e.status === 422) await loadFindings();
    } finally {
      setBusy(false);
    }
  };

  const exclude = async (word: string) => {
    try {
      await apiPost('/api/pc/v1/text-correct/excludes-add', { word });
    } catch {
      return;
    }
    toast.success(t('publish.excluded'));
    await loadFindings();
  };

  const cancel = async () => {
    await apiPost('/api/pc/v1/book-chapter/publish-time-cancel', { chapter_id: chapter.chapter_id });
    toast.success(t('editor.scheduleCancelled'));
    setCancelling(false);
    props.onChanged();
  };

  const blocked = check !== null && !check.can_publish;
  return (
    <Modal
      open
      title={t('editor.scheduleTitle')}
      width={check ? 720 : 520}
      onCancel={props.onClose}
      maskClosable={false}
      data-testid="schedule-dialog"
      footer={
        <Space>
          {chapter.scheduled_at && (
            <Typography.Link onClick={() => setCancelling(true)} disabled={busy}>
              {t('editor.cancelSchedule')}
            </Typography.Link>
          )}
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          {check?.can_publish ? (
            <Button type="primary" danger loading={busy} disabled={!at} onClick={() => void submit(true)}>
              {t('editor.scheduleAnyway')}
            </Button>
          ) : (
            <Button type="primary" loading={busy} disabled={!at || blocked} onClick={() => void submit(false)}>
              {t('common.confirm')}
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>{t('editor.scheduleAtBeijing')}</span>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          showNow={false}
          format="YYYY-MM-DD HH:mm"
          value={at}
          onChange={setAt}
          disabledDate={(d) => d.format('YYYY-MM-DD') < shanghaiDate(Date.now())}
          placeholder={t('editor.choose')}
          style={{ width: '100%' }}
          aria-label={t('editor.scheduleAtBeijing')}
          data-testid="schedule-at"
        />
        <Typography.Text type="secondary" data-testid="schedule-zone">
          {t('editor.scheduleZone')}
          {instant !== null && !browserIsBeijing(instant) && (
            <>
              {' · '}
              {t('editor.scheduleLocal', { time: formatTime(instant) })}
            </>
          )}
        </Typography.Text>
        <Typography.Text type="secondary">{t('editor.scheduleHint')}</Typography.Text>
        {chapter.scheduled_at && (
          <Typography.Text>
            {t('editor.scheduledAtBeijing', { time: formatBeijing(chapter.scheduled_at) })}
          </Typography.Text>
        )}
      </Space>
      {check && (
        <div style={{ marginTop: 12 }}>
          <FindingsList findings={check.findings} onLocate={props.onLocate} onExclude={(w) => void exclude(w)} />
        </div>
      )}
      <ConfirmDialog
        open={cancelling}
        title={t('editor.scheduleCancelConfirm')}
        plainTxt={t('editor.scheduleCancelTxt')}
        onConfirm={cancel}
        onCancel={() => setCancelling(false)}
      />
    </Modal>
  );
}

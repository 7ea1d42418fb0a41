import { Button, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { apiPost } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import { WORKS_NS } from './i18n.ts';
import { type ChapterItem, useInvalidateWorks } from './works-api.ts';

/** The date picker's dialog downloads when a schedule is first moved, not with every chapter list (issue 19). */
const ScheduleDialog = lazy(() => import('./editor/ScheduleDialog.tsx').then((m) => ({ default: m.ScheduleDialog })));

/**
 * A scheduled chapter's tag (its time in Beijing time) with the two things an author does with it
 * from a list: move it to another time, or cancel it (after a confirmation; the chapter stays a
 * draft and nothing of its text changes).
 */
export function ScheduledActions({ bookId, chapter }: { bookId: number; chapter: ChapterItem }) {
  const { t } = useTranslation(WORKS_NS);
  const invalidate = useInvalidateWorks();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  if (!chapter.scheduled_at) return null;
  const editor = `/front/book-upload?book_id=${bookId}&chapter_id=${chapter.chapter_id}`;

  const cancel = async () => {
    try {
      await apiPost('/api/pc/v1/book-chapter/publish-time-cancel', { chapter_id: chapter.chapter_id });
      toast.success(t('editor.scheduleCancelled'));
      setCancelling(false);
    } finally {
      // Also when it had already fired: the list then shows what happened.
      void invalidate();
    }
  };

  return (
    <Space size={2} wrap data-testid={`scheduled-${chapter.chapter_id}`}>
      <Tag color="blue">{t('manage.scheduledBeijing', { time: formatBeijing(chapter.scheduled_at) })}</Tag>
      <Button size="small" type="link" onClick={() => setMoving(true)}>
        {t('manage.scheduleMove')}
      </Button>
      <Button size="small" type="link" danger onClick={() => setCancelling(true)}>
        {t('manage.scheduleCancel')}
      </Button>
      {moving && (
        <Suspense fallback={null}>
          <ScheduleDialog
            chapter={chapter}
            onClose={() => setMoving(false)}
            onChanged={() => {
              setMoving(false);
              void invalidate();
            }}
            onLocate={() => navigate(editor)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={cancelling}
        title={t('manage.scheduleCancelTitle', { title: chapter.title || t('editor.newChapter') })}
        plainTxt={t('manage.scheduleCancelTxt')}
        onConfirm={cancel}
        onCancel={() => setCancelling(false)}
      />
    </Space>
  );
}

import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiPost } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { WORKS_NS } from './i18n.ts';
import { usePublishNotices } from './works-api.ts';

/**
 * Scheduled publications of a book the author has not seen yet: late ones, ones the checks stopped
 * (with the way to the chapter) and recurring firings that published nothing. Shown on the chapter
 * list and in the drafts box, where the chapters that did not go out are waiting.
 */
export function PublishNotices({ bookId }: { bookId: number }) {
  const { t } = useTranslation(WORKS_NS);
  const notices = usePublishNotices(bookId);
  const seen = async () => {
    try {
      await apiPost('/api/pc/v1/book-chapter/publish-notices-seen', { book_id: bookId });
    } catch {
      return; // said in a toast; the notices stay
    }
    void notices.refetch();
  };
  if (!notices.data?.has) return null;
  return (
    <Alert
      // A chapter that did not go out is a warning, not news.
      type={notices.data.list.some((n) => n.outcome !== 'published') ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="publish-notices"
      message={t('manage.notices')}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {notices.data.list.map((n) => (
            <li key={n.id}>
              {n.outcome === 'idle'
                ? t(`manage.noticeIdle.${n.note as 'no-drafts' | 'only-skipped' | 'all-blocked'}`, {
                    time: formatBeijing(n.scheduled_at),
                  })
                : n.outcome === 'blocked'
                  ? t('manage.noticeBlockedBeijing', {
                      title: n.title,
                      scheduled: formatBeijing(n.scheduled_at ?? n.published_at),
                      note: n.note,
                    })
                  : t('manage.noticeLateBeijing', {
                      title: n.title,
                      scheduled: formatBeijing(n.scheduled_at),
                      published: formatBeijing(n.published_at),
                    })}
              {n.outcome === 'blocked' && n.chapter_id > 0 && (
                <>
                  {' '}
                  <Link to={`/front/book-upload?book_id=${bookId}&chapter_id=${n.chapter_id}`}>
                    {t('manage.noticeFix')}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      }
      action={
        <Button size="small" onClick={() => void seen()}>
          {t('manage.noticesSeen')}
        </Button>
      }
    />
  );
}

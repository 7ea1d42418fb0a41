import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PUBLIC_NS } from './i18n.ts';
import { BOOK_ACTIVITY_INDEX_KEY, bookActivityIndex } from './public-api.ts';

/** The book-activity index (§7), asked once for all of the author's books (the works lists share it). */
export function useBookActivityIndex() {
  return useQuery({
    queryKey: BOOK_ACTIVITY_INDEX_KEY,
    queryFn: ({ signal }) => bookActivityIndex(signal),
    staleTime: 60_000,
  });
}

/**
 * A book's activities on its card in the works lists: those it entered and the running ones it may
 * enter now, each linking to the activity's page (where "报名" is). Nothing when there are none.
 */
export function BookActivities({ bookId }: { bookId: number }) {
  const { t } = useTranslation(PUBLIC_NS);
  const index = useBookActivityIndex();
  const book = index.data?.list.find((b) => b.book_id === bookId);
  if (!book || (book.activities.length === 0 && book.eligible.length === 0)) return null;
  return (
    <div className="ac-book-card__activities" data-testid="book-activities">
      <span>{t('bookActivities.label')}</span>
      {book.activities.map((a) => (
        <Link key={`in-${a.activity_id}`} to={`/front/custom-activity/${a.activity_id}`}>
          <Tag color="green">{t('bookActivities.entered', { title: a.title })}</Tag>
        </Link>
      ))}
      {book.eligible.map((a) => (
        <Link key={`may-${a.activity_id}`} to={`/front/custom-activity/${a.activity_id}`}>
          <Tag color="orange">{t('bookActivities.eligible', { title: a.title })}</Tag>
        </Link>
      ))}
    </div>
  );
}

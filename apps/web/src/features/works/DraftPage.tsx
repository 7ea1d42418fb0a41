import { WORKS_LIMITS } from '@author-centre/shared/works';
import { Alert, Empty, Result, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlainTable } from '../../components/plain/Table.tsx';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { WORKS_NS } from './i18n.ts';
import { isMissing, LoadFailed } from './LoadFailed.tsx';
import { PublishNotices } from './PublishNotices.tsx';
import { ScheduledActions } from './ScheduledActions.tsx';
import { type ChapterItem, idParam, useBook, useDrafts, useRegular } from './works-api.ts';
import './works.css';

/**
 * book-manage/draft: every draft and changed chapter of a book, in reading order (the queue recurring
 * publishing takes from). A scheduled chapter can be moved to another time or cancelled from here.
 */
export default function DraftPage() {
  const { t } = useTranslation(WORKS_NS);
  const [params] = useSearchParams();
  const bookId = idParam(params, 'book_id');
  const book = useBook(bookId);
  const drafts = useDrafts(bookId);
  const regular = useRegular(bookId);
  if (!bookId || (book.isError && isMissing(book.error))) {
    return (
      <Result
        status="404"
        title={t('info.notFound')}
        extra={<Link to="/front/book-manage/list">{t('info.backToList')}</Link>}
      />
    );
  }
  return (
    <div className="ac-works-page">
      <div className="ac-works-page__head">
        <h1>
          {book.data?.title} · {t('draft.title')}
        </h1>
        <Link to={`/front/book-manage/manage?book_id=${bookId}`}>{t('list.manage')}</Link>
      </div>
      <PublishNotices bookId={bookId} />
      {/* Whether these drafts go out by themselves, when, and which ones never will: said here, where they wait. */}
      {regular.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="draft-regular"
          message={
            regular.data.enabled && regular.data.next_run_at
              ? t('draft.regularOn', {
                  time: formatBeijing(regular.data.next_run_at),
                  count: regular.data.count,
                })
              : t('draft.regularOff')
          }
          description={
            regular.data.skipped?.length
              ? `${t('manage.regularSkipped', { words: WORKS_LIMITS.shortChapterWords })}${regular.data.skipped
                  .map((q) => q.title || t('editor.newChapter'))
                  .join('、')}`
              : t('draft.order')
          }
        />
      )}
      {drafts.isLoading ? (
        <Spin />
      ) : drafts.isError && !drafts.data ? (
        <LoadFailed onRetry={() => drafts.refetch()} />
      ) : (
        <PlainTable<ChapterItem>
          aria-label={t('draft.title')}
          rowKey="chapter_id"
          dataSource={drafts.data}
          pagination={false}
          emptyText={<Empty description={t('draft.empty')} />}
          columns={[
            { title: t('draft.volume'), dataIndex: 'volume_title', width: 160 },
            {
              title: t('manage.columns.title'),
              dataIndex: 'title',
              render: (title: string, c) => (
                <Link to={`/front/book-upload?book_id=${bookId}&chapter_id=${c.chapter_id}`}>
                  {title || t('editor.newChapter')}
                </Link>
              ),
            },
            {
              title: t('manage.columns.status'),
              dataIndex: 'status',
              width: 260,
              render: (s: ChapterItem['status'], c) =>
                c.scheduled_at ? (
                  <ScheduledActions bookId={bookId} chapter={c} />
                ) : (
                  <Tag color={s === 'revised' ? 'orange' : 'default'}>{t(`manage.status.${s}`)}</Tag>
                ),
            },
            { title: t('manage.columns.words'), dataIndex: 'words', width: 100 },
            {
              title: t('manage.columns.updated'),
              dataIndex: 'updated_at',
              width: 170,
              render: (v: number) => formatBeijing(v),
            },
          ]}
        />
      )}
    </div>
  );
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { type UIEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../components/LazySelect.tsx';
import { commentsApi } from './api.ts';
import { COMMENTS_NS } from './i18n.ts';

export interface ChapterChoice {
  id: number;
  title: string;
}

/**
 * The comment page's chapter filter for a book of any length: the server searches the book's chapters
 * by title as the author types (book-chapter/list with a keyword), 50 at a time in the book's order; more
 * load on scrolling to the end of the list or with 加载更多.
 */
export function ChapterSelect(props: {
  bookId: number | undefined;
  value: ChapterChoice | undefined;
  onChange: (chapter: ChapterChoice | undefined) => void;
}) {
  const { t } = useTranslation(COMMENTS_NS);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const q = useInfiniteQuery({
    queryKey: ['comment-chapters', props.bookId, keyword],
    queryFn: ({ pageParam, signal }) => commentsApi.chapters(props.bookId as number, keyword, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0 ? all.length + 1 : undefined,
    enabled: props.bookId !== undefined,
    staleTime: 30_000,
  });
  const hits = q.data?.pages.flatMap((p) => p.list) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;
  const options = hits.map((c) => ({ value: c.chapter_id, label: c.title }));
  const more = () => {
    if (q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
  };
  return (
    // The chosen chapter carries its own title (labelInValue): it shows even when a search has moved on.
    <LazySelect<{ value: number; label: string }>
      labelInValue
      aria-label={t('allChapters')}
      style={{ width: 220 }}
      allowClear
      disabled={props.bookId === undefined}
      placeholder={t('allChapters')}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={q.isFetching}
      value={props.value ? { value: props.value.id, label: props.value.title } : undefined}
      options={options}
      onChange={(chosen) => {
        props.onChange(chosen ? { id: chosen.value, title: String(chosen.label) } : undefined);
        setText('');
      }}
      onPopupScroll={(e: UIEvent<HTMLDivElement>) => {
        const el = e.currentTarget;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 48) more();
      }}
      notFoundContent={q.isFetching ? t('chaptersSearching') : q.isError ? t('chaptersFailed') : t('chaptersNone')}
      popupRender={(menu) => (
        <>
          {menu}
          {total > 0 && (
            <div
              className="ac-chapter-select-footer"
              data-testid="chapter-select-footer"
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 8,
                padding: '4px 12px',
                borderTop: '1px solid rgba(5, 5, 5, 0.06)',
              }}
            >
              <Typography.Text type="secondary">
                {keyword
                  ? t('chaptersFound', { shown: hits.length, total })
                  : t('chaptersShown', { shown: hits.length, total })}
              </Typography.Text>
              {q.hasNextPage && (
                <Button
                  type="link"
                  size="small"
                  loading={q.isFetchingNextPage}
                  // Keeps the list open (the click would otherwise take the focus from the search box).
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={more}
                >
                  {t('chaptersMore')}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    />
  );
}

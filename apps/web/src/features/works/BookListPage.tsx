import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatCount } from '@author-centre/shared/format';
import type { BookKind } from '@author-centre/shared/works';
import { Button, Empty, Pagination, Result, Select, Space, Spin, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { apiGet, apiPost } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import { readItem, writeItem } from '../../platform/storage.ts';
import { WEB_STORAGE_KEYS } from '../../platform/storage-keys.ts';
import { BookActivities } from '../public-pages/BookActivities.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { WORKS_NS } from './i18n.ts';
import {
  type Book,
  INFO_PATH,
  LIST_PATH,
  MANAGE_PATH,
  type Page,
  useBookList,
  useInvalidateWorks,
} from './works-api.ts';
import './works.css';

const SORTS = ['updated', 'created', 'words', 'custom'] as const;
type Sort = (typeof SORTS)[number];

/** The order last chosen on this list (the author's own order stays chosen after a reload). */
function useRememberedSort(kind: BookKind): [Sort, (sort: Sort) => void] {
  const key = `${WEB_STORAGE_KEYS.bookListSort}:${kind}`;
  const [sort, setSort] = useState<Sort>(() => {
    const stored = readItem(key);
    return SORTS.find((s) => s === stored) ?? 'updated';
  });
  return [
    sort,
    (next: Sort) => {
      setSort(next);
      writeItem(key, next);
    },
  ];
}

/**
 * The lists of §2 (list, short, screenplay): sort, the author's own order (edit-sort), and each book's actions.
 * `rowActions` adds actions to each book (e.g. export); `headerActions` adds links beside the create button.
 */
export function BookList({
  kind,
  rowActions,
  headerActions,
}: {
  kind: BookKind;
  rowActions?: (book: Book) => ReactNode;
  headerActions?: ReactNode;
}) {
  const { t } = useTranslation(WORKS_NS);
  const navigate = useNavigate();
  const invalidate = useInvalidateWorks();
  const [sort, setSort] = useRememberedSort(kind);
  const [page, setPage] = useState(1);
  const [ordering, setOrdering] = useState<Book[] | null>(null);
  const list = useBookList(kind, sort, page);

  const startOrdering = async () => {
    const all = await apiGet<Page<Book>>(LIST_PATH[kind], { sort: 'custom', page: 1, page_size: 100 });
    setOrdering(all.list);
  };
  const move = (i: number, by: number) => {
    if (!ordering) return;
    const next = [...ordering];
    const [b] = next.splice(i, 1);
    next.splice(i + by, 0, b);
    setOrdering(next);
  };
  const saveOrder = async () => {
    if (!ordering) return;
    await apiPost('/api/pc/v1/book/edit-sort', { kind, book_ids: ordering.map((b) => b.book_id) });
    toast.success(t('list.sortSaved'));
    setOrdering(null);
    setSort('custom');
    void invalidate();
  };

  const books = ordering ?? list.data?.list ?? [];
  return (
    <div className="ac-works-page">
      <div className="ac-works-page__head">
        <h1>{t(`list.title.${kind}`)}</h1>
        <Space wrap>
          {ordering ? (
            <>
              <Button onClick={() => setOrdering(null)}>{t('list.cancelSort')}</Button>
              <Button type="primary" onClick={() => void saveOrder()}>
                {t('list.saveSort')}
              </Button>
            </>
          ) : (
            <>
              <Select
                aria-label={t('list.sort')}
                value={sort}
                style={{ width: 140 }}
                onChange={(v) => {
                  setSort(v);
                  setPage(1);
                }}
                options={SORTS.map((s) => ({ value: s, label: t(`list.sortBy.${s}`) }))}
              />
              {(list.data?.total ?? 0) > 1 && (
                <Button onClick={() => void startOrdering()}>{t('list.editSort')}</Button>
              )}
              {headerActions}
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(INFO_PATH[kind])}>
                {t(`list.create.${kind}`)}
              </Button>
            </>
          )}
        </Space>
      </div>
      {list.isError && !list.data ? (
        <Result
          status="warning"
          title={t('list.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('list.retry')}</Button>}
        />
      ) : list.isLoading ? (
        <div className="ac-works-center">
          <Spin />
        </div>
      ) : books.length === 0 ? (
        <Empty description={t(`list.empty.${kind}`)}>
          <Button type="primary" onClick={() => navigate(INFO_PATH[kind])}>
            {t(`list.create.${kind}`)}
          </Button>
        </Empty>
      ) : (
        <>
          {books.map((book, i) => (
            <article className="ac-book-card" key={book.book_id} data-testid="book-card">
              {book.cover ? (
                <ImageWithFallback className="ac-book-card__cover" src={book.cover} alt={book.title} />
              ) : (
                <div className="ac-book-card__cover">{book.title}</div>
              )}
              <div className="ac-book-card__body">
                <h2 className="ac-book-card__title">
                  {book.title}{' '}
                  <Tag>
                    {book.finished
                      ? t('list.finished')
                      : book.published_count > 0
                        ? t('list.serial')
                        : t('list.unpublished')}
                  </Tag>
                </h2>
                <div className="ac-book-card__stats">
                  <span>
                    {t('list.totalWords')} {formatCount(book.total_words)}
                  </span>
                  <span>
                    {t('list.publishedWords')} {formatCount(book.published_words)}
                  </span>
                  {kind !== 'short' && <span>{t('list.chapters', { count: book.chapter_count })}</span>}
                  <span>{t('list.updatedAt', { time: formatBeijing(book.updated_at) })}</span>
                </div>
                <div className="ac-book-card__intro">{book.intro}</div>
                <BookActivities bookId={book.book_id} />
                {ordering ? (
                  <Space style={{ marginTop: 8 }}>
                    <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)}>
                      {t('list.moveUp')}
                    </Button>
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === books.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      {t('list.moveDown')}
                    </Button>
                  </Space>
                ) : (
                  <Space wrap style={{ marginTop: 8 }}>
                    {kind === 'short' ? (
                      <Link to={`/front/book-upload/short?book_id=${book.book_id}`}>
                        <Button type="primary" size="small" icon={<EditOutlined />}>
                          {t('list.writeShort')}
                        </Button>
                      </Link>
                    ) : (
                      <>
                        <Link to={`/front/book-upload?book_id=${book.book_id}`}>
                          <Button type="primary" size="small" icon={<EditOutlined />}>
                            {t('list.write')}
                          </Button>
                        </Link>
                        <Link to={`${MANAGE_PATH[kind]}?book_id=${book.book_id}`}>
                          <Button size="small">{t('list.manage')}</Button>
                        </Link>
                        <Link to={`/front/book-manage/draft?book_id=${book.book_id}`}>
                          <Button size="small">{t('list.draftBox')}</Button>
                        </Link>
                      </>
                    )}
                    <Link to={`${INFO_PATH[kind]}?book_id=${book.book_id}`}>
                      <Button size="small">{t('list.info')}</Button>
                    </Link>
                    <Link to={`/front/book-manage/stage?book_id=${book.book_id}`}>
                      <Button size="small">{t('list.stage')}</Button>
                    </Link>
                    {rowActions?.(book)}
                  </Space>
                )}
              </div>
            </article>
          ))}
          {!ordering && (list.data?.total ?? 0) > (list.data?.page_size ?? 30) && (
            <Pagination
              style={{ marginTop: 16 }}
              current={page}
              pageSize={list.data?.page_size}
              total={list.data?.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </div>
  );
}

/** /front/book-manage/list: each novel can be exported as .txt or ePub, as short stories and screenplays can. */
export default function NovelListPage() {
  return <BookList kind="novel" rowActions={(book) => <ExportMenu bookId={book.book_id} size="small" />} />;
}

import { PAGINATION } from '@author-centre/shared/constants';
import type { NewsItem, NewsType } from '@author-centre/shared/home-api';
import { Badge, Button, Empty, Modal, Pagination, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isAppPath } from '../../app/layouts/links.tsx';
import { RichText } from '../../components/RichText.tsx';
import { toast } from '../../platform/notify.ts';
import { useNewsDetail, useNewsList, useSetAllRead, useUnreadCounts } from './api.ts';
import './i18n.ts';
import './messages.css';
import { formatBeijing } from '../../platform/beijing-time.ts';

const PATHS: Record<NewsType, string> = { message: '/front/message', notice: '/front/notice' };

/** /front/message and /front/notice: the list, the detail (opening marks it read), and mark all read. */
export function NewsPage({ type }: { type: NewsType }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const pageSize = PAGINATION.defaultPageSize;
  const list = useNewsList(type, page, pageSize);
  const unread = useUnreadCounts();
  const allRead = useSetAllRead(type);
  const unreadHere = list.data?.unread ?? unread.data?.[type] ?? 0;

  const markAll = () =>
    allRead.mutate(undefined, {
      onSuccess: () => toast.success(t('news.allReadDone')),
    });

  return (
    <div className="ac-news" data-testid={`news-${type}`}>
      <header className="ac-news__head">
        <nav className="ac-news__tabs" aria-label={t('news.message')}>
          {(['message', 'notice'] as const).map((tab) => (
            <Link
              key={tab}
              to={PATHS[tab]}
              className={tab === type ? 'is-active' : undefined}
              aria-current={tab === type ? 'page' : undefined}
            >
              <Badge count={unread.data?.[tab] ?? 0} size="small" offset={[8, -2]}>
                <span>{t(`news.tabs.${tab}`)}</span>
              </Badge>
            </Link>
          ))}
        </nav>
        <Button onClick={markAll} loading={allRead.isPending} disabled={unreadHere === 0}>
          {t('news.allRead')}
        </Button>
      </header>

      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <Result
          status="warning"
          title={t('news.failed')}
          subTitle={t('news.failedDesc')}
          extra={
            <Button type="primary" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : list.data.list.length === 0 ? (
        <Empty description={t(`news.empty.${type}`)} />
      ) : (
        <>
          <ul className="ac-news__list">
            {list.data.list.map((item) => (
              <NewsRow key={item.id} item={item} onOpen={() => setOpenId(item.id)} />
            ))}
          </ul>
          <div className="ac-news__pager">
            <span>{t('news.total', { total: list.data.total })}</span>
            <Pagination
              current={page}
              pageSize={pageSize}
              total={list.data.total}
              showSizeChanger={false}
              hideOnSinglePage
              onChange={setPage}
            />
          </div>
        </>
      )}
      <NewsDetailDialog type={type} id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function NewsRow({ item, onOpen }: { item: NewsItem; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`ac-news__item${item.is_read ? '' : ' is-unread'}`} data-testid="news-item" data-read={item.is_read}>
      <button type="button" onClick={onOpen}>
        <span className="ac-news__dot" aria-label={item.is_read ? undefined : t('news.unread')} />
        {item.pinned && <Tag color="red">{t('news.pinned')}</Tag>}
        <Tag>{t(`news.categories.${item.category}`, { defaultValue: item.category })}</Tag>
        <span className="ac-news__title">{item.title}</span>
        <span className="ac-news__summary">{item.summary}</span>
        <time dateTime={new Date(item.created_at).toISOString()}>{formatBeijing(item.created_at)}</time>
      </button>
    </li>
  );
}

function NewsDetailDialog({ type, id, onClose }: { type: NewsType; id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useNewsDetail(type, id);
  const data = detail.data;
  const follow = () => {
    if (!data?.link) return;
    onClose();
    if (isAppPath(data.link)) navigate(data.link);
    else window.open(data.link, '_blank', 'noopener');
  };
  return (
    <Modal
      open={id !== null}
      title={data?.title ?? ' '}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        data?.link ? (
          <Button type="primary" onClick={follow}>
            {t('news.open')}
          </Button>
        ) : null
      }
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        <p role="alert">{t('news.detailFailed')}</p>
      ) : data ? (
        <article className="ac-news__detail" data-testid="news-detail">
          <p className="ac-news__meta">
            <time>{formatBeijing(data.created_at)}</time>
            {data.sender && <span>{t('news.from', { sender: data.sender })}</span>}
          </p>
          {type === 'notice' ? (
            <RichText html={data.content} className="ac-news__content" />
          ) : (
            <div className="ac-news__content">
              {data.content.split(/\n{2,}/).map((para, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text.
                <p key={i}>{para}</p>
              ))}
            </div>
          )}
        </article>
      ) : null}
    </Modal>
  );
}

import { CompassOutlined, TrophyOutlined, UserOutlined } from '@ant-design/icons';
import { shanghaiDate } from '@author-centre/shared/dates';
import { formatCount } from '@author-centre/shared/format';
import type { HomeIndex, HomeWork } from '@author-centre/shared/home-api';
import { Avatar, Button, Empty, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLink } from '../../app/layouts/links.tsx';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { BeginnerGuideDialog, CREATE_BOOK_PATHS } from '../guides/BeginnerGuideDialog.tsx';
import { useNewsList } from '../messages/api.ts';
import { useCommentCount, useCorrectionCount, useHomeIndex } from './api.ts';
import { WritingCalendar } from './WritingCalendar.tsx';
import './i18n.ts';
import './home.css';

/** /front/index: the author's day at a glance (issue 4). */
export default function HomePage() {
  const { t } = useTranslation();
  const index = useHomeIndex();
  const [guideOpen, setGuideOpen] = useState(false);

  if (index.isPending) {
    return (
      <div className="ac-home" aria-busy>
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (index.isError) {
    return (
      <div className="ac-home">
        <Result
          status="warning"
          title={t('home.loadFailed')}
          subTitle={t('home.loadFailedDesc')}
          extra={
            <Button type="primary" loading={index.isFetching} onClick={() => void index.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  const data = index.data;
  return (
    <div className="ac-home" data-testid="home-page">
      <div className="ac-home__main">
        <AuthorCard data={data} onOpenGuide={() => setGuideOpen(true)} />
        <StatsRow data={data} />
        <WorksCard data={data} />
        <WritingCalendar />
      </div>
      <aside className="ac-home__side">
        <ActivitiesCard data={data} />
        <LatestNotices />
      </aside>
      <BeginnerGuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} />
    </div>
  );
}

function AuthorCard({ data, onOpenGuide }: { data: HomeIndex; onOpenGuide: () => void }) {
  const { t } = useTranslation();
  const { author, badges } = data;
  return (
    <section className="ac-home-card ac-home-author" aria-label={t('home.greeting', { name: author.pen_name })}>
      <Avatar size={64} src={author.avatar || undefined} icon={<UserOutlined />} alt="" />
      <div className="ac-home-author__who">
        <h1>{t('home.greeting', { name: author.pen_name })}</h1>
        <p>
          <Link to="/front/author-level" className="ac-home-author__level" data-testid="home-level">
            {t('home.level', { level: author.level })}
          </Link>
          <Tag color={author.sign_flag ? 'gold' : undefined}>
            {author.sign_flag ? t('home.signed') : t('home.unsigned')}
          </Tag>
        </p>
      </div>
      <div className="ac-home-author__badges">
        <Link to="/front/page/medal-wall" data-testid="home-badges">
          <TrophyOutlined aria-hidden />{' '}
          {badges.count > 0 ? t('home.badges', { count: badges.count }) : t('home.badgesEmpty')}
        </Link>
        <ul aria-label={t('home.medalWall')}>
          {badges.recent.map((b) => (
            <li key={b.id} title={b.title}>
              <ImageWithFallback
                src={Array.isArray(b.image) ? b.image[0] : b.image}
                alt={b.title}
                width={36}
                height={36}
              />
            </li>
          ))}
        </ul>
      </div>
      <Button icon={<CompassOutlined />} onClick={onOpenGuide}>
        {t('home.beginnerGuide')}
      </Button>
    </section>
  );
}

function Stat({ label, value, to, testId }: { label: string; value: number | string; to?: string; testId: string }) {
  const body = (
    <>
      <strong data-testid={testId}>{value}</strong>
      <span>{label}</span>
    </>
  );
  return to ? (
    <Link to={to} className="ac-home-stat">
      {body}
    </Link>
  ) : (
    <div className="ac-home-stat">{body}</div>
  );
}

function StatsRow({ data }: { data: HomeIndex }) {
  const { t } = useTranslation();
  const comments = useCommentCount();
  const corrections = useCorrectionCount();
  const dash = '—';
  return (
    <section className="ac-home-card" aria-labelledby="ac-home-stats-title">
      <h2 id="ac-home-stats-title">{t('home.stats.title')}</h2>
      <div className="ac-home-stats">
        <Stat
          label={t('home.stats.wordsToday')}
          value={data.works_available ? formatCount(data.words.today) : dash}
          testId="stat-words-today"
        />
        <Stat
          label={t('home.stats.wordsMonth')}
          value={data.works_available ? formatCount(data.words.month) : dash}
          testId="stat-words-month"
        />
        <Stat label={t('home.stats.messages')} value={data.unread.message} to="/front/message" testId="stat-messages" />
        <Stat label={t('home.stats.notices')} value={data.unread.notice} to="/front/notice" testId="stat-notices" />
        <Stat
          label={t('home.stats.comments')}
          value={comments.data ? formatCount(comments.data.num) : dash}
          to="/front/comment-manage/list"
          testId="stat-comments"
        />
        <Stat
          label={t('home.stats.corrections')}
          value={corrections.data ? formatCount(corrections.data.num) : dash}
          to="/front/reader-error-correction"
          testId="stat-corrections"
        />
      </div>
    </section>
  );
}

const MANAGE_PATH: Record<HomeWork['kind'], string> = {
  novel: '/front/book-manage/list',
  short: '/front/book-manage/short',
  screenplay: '/front/book-manage/screenplay',
};

function WorksCard({ data }: { data: HomeIndex }) {
  const { t } = useTranslation();
  return (
    <section className="ac-home-card" aria-labelledby="ac-home-works-title" data-testid="home-works">
      <header>
        <h2 id="ac-home-works-title">{t('home.works.title')}</h2>
        <Link to="/front/book-manage/list">{t('home.works.manage')}</Link>
      </header>
      {!data.works_available ? (
        <p className="ac-home-muted" role="status">
          {t('home.works.unavailable')}
        </p>
      ) : data.works.length === 0 ? (
        <Empty description={t('home.works.empty')}>
          <Link to={CREATE_BOOK_PATHS.long}>
            <Button type="primary">{t('home.works.create')}</Button>
          </Link>
        </Empty>
      ) : (
        <ul className="ac-home-works">
          {data.works.map((w) => (
            <li key={w.book_id} data-testid="home-work">
              <ImageWithFallback src={w.cover || undefined} alt="" width={48} height={64} />
              <div>
                <Link to={`${MANAGE_PATH[w.kind]}?book_id=${w.book_id}`} className="ac-home-works__title">
                  {w.title}
                </Link>
                <p className="ac-home-muted">
                  <Tag>{t(`home.works.kinds.${w.kind}`)}</Tag>
                  <Tag
                    color={w.state === 'serializing' || w.state === 'published' ? 'green' : undefined}
                    data-testid="home-work-state"
                  >
                    {t(`home.works.states.${w.state}`, { defaultValue: w.state_txt })}
                  </Tag>
                  {t('home.works.words', { count: w.words })} · {t('home.works.chapters', { count: w.chapters })} ·{' '}
                  {t('home.works.updated', { date: shanghaiDate(w.updated_at) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActivitiesCard({ data }: { data: HomeIndex }) {
  const { t } = useTranslation();
  return (
    <section className="ac-home-card" aria-labelledby="ac-home-activities-title" data-testid="home-activities">
      <h2 id="ac-home-activities-title">{t('home.activities.title')}</h2>
      {data.activities.length === 0 ? (
        <p className="ac-home-muted">{t('home.activities.empty')}</p>
      ) : (
        <ul className="ac-home-activities">
          {data.activities.map((a) => (
            <li key={a.id}>
              <BrandLink url={a.url}>
                <strong>{a.title}</strong>
              </BrandLink>
              {a.summary && <p>{a.summary}</p>}
              <small className="ac-home-muted">{t('home.activities.until', { date: shanghaiDate(a.ends_at) })}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LatestNotices() {
  const { t } = useTranslation();
  const notices = useNewsList('notice', 1, 5);
  return (
    <section className="ac-home-card" aria-labelledby="ac-home-notices-title" data-testid="home-notices">
      <header>
        <h2 id="ac-home-notices-title">{t('home.notices.title')}</h2>
        <Link to="/front/notice">{t('home.notices.more')}</Link>
      </header>
      {notices.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : notices.isError || notices.data.list.length === 0 ? (
        <p className="ac-home-muted">{t('home.notices.empty')}</p>
      ) : (
        <ul className="ac-home-notices">
          {notices.data.list.map((n) => (
            <li key={n.id} className={n.is_read ? undefined : 'is-unread'}>
              <Link to="/front/notice">{n.title}</Link>
              <small className="ac-home-muted">{shanghaiDate(n.created_at).slice(5)}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

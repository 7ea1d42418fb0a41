import { shanghaiDate } from '@author-centre/shared/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlainButton } from '../../components/plain/Button.tsx';
import { PlainTabs } from '../../components/plain/Tabs.tsx';
import { PUBLIC_NS } from './i18n.ts';
import { PublicState } from './PublicState.tsx';
import { type ActivityCard, activityList } from './public-api.ts';
import './public-pages.css';

const TABS = ['all', 'current', 'upcoming', 'past'] as const;
type Tab = (typeof TABS)[number];

/** /front/activity/list (public, antd-free): the brand's activities, filtered by status, paged. */
export default function ActivityListPage() {
  const { t } = useTranslation(PUBLIC_NS);
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('status') ?? '')
    ? (search.get('status') as Tab)
    : 'all';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query = useQuery({
    queryKey: ['public', 'activities', tab, page],
    queryFn: ({ signal }) => activityList(tab, page, signal),
    placeholderData: keepPreviousData,
  });
  const go = (next: { status?: Tab; page?: number }) => {
    const params = new URLSearchParams();
    const status = next.status ?? tab;
    if (status !== 'all') params.set('status', status);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.page_size)) : 1;

  const body = !query.data ? (
    <PublicState pending={query.isPending} error={query.error} retry={() => void query.refetch()} />
  ) : query.data.list.length === 0 ? (
    <p className="pub-empty">{t('activities.empty')}</p>
  ) : (
    <>
      <ul className="pub-activity-grid">
        {query.data.list.map((a) => (
          <ActivityItem key={a.id} activity={a} />
        ))}
      </ul>
      {pages > 1 && (
        <nav className="pub-pager" aria-label={t('activities.pageOf', { page, pages })}>
          <PlainButton disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            {t('activities.prev')}
          </PlainButton>
          <span>{t('activities.pageOf', { page, pages })}</span>
          <PlainButton disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            {t('activities.next')}
          </PlainButton>
        </nav>
      )}
    </>
  );

  return (
    <section className="ac-card pub-page">
      <h1>{t('activities.title')}</h1>
      <p className="pub-lead">{t('activities.lead')}</p>
      <PlainTabs
        activeKey={tab}
        onChange={(key) => go({ status: key as Tab })}
        items={TABS.map((key) => ({ key, label: t(`activities.tabs.${key}`), children: key === tab ? body : null }))}
      />
    </section>
  );
}

function ActivityItem({ activity: a }: { activity: ActivityCard }) {
  const { t } = useTranslation(PUBLIC_NS);
  return (
    <li className="pub-activity-card">
      <Link to={`/front/custom-activity/${a.id}`} className="pub-activity-link">
        {a.cover ? (
          <img src={a.cover} alt="" className="pub-activity-cover" loading="lazy" />
        ) : (
          <div className="pub-activity-cover pub-activity-cover--blank" aria-hidden />
        )}
        <div className="pub-activity-text">
          <span className={`pub-status pub-status--${a.status}`}>{t(`activities.status.${a.status}`)}</span>
          <h2>{a.title}</h2>
          {a.summary && <p>{a.summary}</p>}
          <p className="pub-muted">
            {t('activities.period', { from: shanghaiDate(a.starts_at), to: shanghaiDate(a.ends_at) })}
          </p>
        </div>
      </Link>
    </li>
  );
}

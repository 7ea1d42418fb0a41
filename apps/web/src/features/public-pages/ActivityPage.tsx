import { shanghaiDate } from '@author-centre/shared/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PlainButton } from '../../components/plain/Button.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { errorMessage } from '../../platform/api-reactions.ts';
import { loginUrl } from '../../platform/login-redirect.ts';
import { toast } from '../../platform/notify.ts';
import { useLoginStatus } from '../../platform/session.ts';
import { PUBLIC_NS } from './i18n.ts';
import { PublicState } from './PublicState.tsx';
import { type ActivityDetail, activityDetail, BOOK_ACTIVITY_INDEX_KEY, enterActivity } from './public-api.ts';
import { ServerHtml } from './ServerHtml.tsx';
import './public-pages.css';

/** /front/custom-activity/{id} (public): content, rules, dates, entered works, and entering a book. */
export default function ActivityPage() {
  const { t } = useTranslation(PUBLIC_NS);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const login = useLoginStatus();
  const query = useQuery({
    // The author's own books come with the page when logged in: the key follows the session.
    queryKey: ['public', 'activity', id, login.data?.account_id ?? null],
    queryFn: ({ signal }) => activityDetail(id, signal),
    enabled: valid && !login.isPending,
    retry: false,
  });

  if (!query.data) {
    return (
      <section className="ac-card pub-page">
        <PublicState
          pending={valid && (query.isPending || login.isPending)}
          notFound={!valid}
          error={query.error}
          retry={() => void query.refetch()}
        />
      </section>
    );
  }
  const a = query.data;
  return (
    <article className="ac-card pub-page pub-activity">
      <Link to="/front/activity/list" className="pub-back">
        ← {t('activity.back')}
      </Link>
      {a.cover && <img src={a.cover} alt="" className="pub-activity-banner" />}
      <header>
        <span className={`pub-status pub-status--${a.status}`}>{t(`activities.status.${a.status}`)}</span>
        <h1>{a.title}</h1>
        {a.summary && <p className="pub-lead">{a.summary}</p>}
        <p>
          <strong>{t('activity.time')}：</strong>
          {t('activities.period', { from: shanghaiDate(a.starts_at), to: shanghaiDate(a.ends_at) })}
        </p>
        <p>
          <strong>{t('activity.eligibility')}：</strong>
          {t(`activity.kind.${a.book_kind}`)}
          {a.min_words > 0 && `，${t('activity.minWords', { count: a.min_words })}`}
        </p>
      </header>
      <section aria-labelledby="pub-content">
        <h2 id="pub-content">{t('activity.content')}</h2>
        <ServerHtml html={a.content_html} className="pub-rich" />
      </section>
      {a.rules_html && (
        <section aria-labelledby="pub-rules">
          <h2 id="pub-rules">{t('activity.rules')}</h2>
          <ServerHtml html={a.rules_html} className="pub-rich" />
        </section>
      )}
      <EnterBook activity={a} />
      <section aria-labelledby="pub-entries">
        <h2 id="pub-entries">{t('activity.entries', { count: a.entries.length })}</h2>
        {a.entries.length === 0 ? (
          <p className="pub-muted">{t('activity.noEntries')}</p>
        ) : (
          <ul className="pub-entries">
            {a.entries.map((e) => (
              <li key={e.book_id}>
                <strong>《{e.title}》</strong> <span className="pub-muted">{e.pen_name}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

function EnterBook({ activity: a }: { activity: ActivityDetail }) {
  const { t } = useTranslation(PUBLIC_NS);
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const enter = async (bookId: number) => {
    setBusy(bookId);
    try {
      await enterActivity(a.id, bookId);
      toast.success(t('activity.enteredToast'));
      await queryClient.invalidateQueries({ queryKey: ['public', 'activity', a.id] });
      void queryClient.invalidateQueries({ queryKey: BOOK_ACTIVITY_INDEX_KEY });
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="pub-enter" className="pub-enter">
      <h2 id="pub-enter">{t('activity.enterTitle')}</h2>
      {a.my_books === null ? (
        <p>
          {t('activity.loginToEnter')}{' '}
          <Link to={loginUrl(location.pathname, location.search)}>{t('activity.login')}</Link>
        </p>
      ) : a.my_books.length === 0 ? (
        <p>
          {t('activity.noBooks')} <Link to="/front/book-manage/list">{t('activity.createBook')}</Link>
        </p>
      ) : (
        <>
          {a.status !== 'current' && <p className="pub-muted">{t('activity.notOpen')}</p>}
          <ul className="pub-my-books">
            {a.my_books.map((b) => (
              <li key={b.book_id}>
                <span className="pub-my-book-title">《{b.title}》</span>
                {b.entered ? (
                  <span className="pub-status pub-status--current">{t('activity.entered')}</span>
                ) : b.eligible ? (
                  <PlainButton
                    type="primary"
                    size="small"
                    disabled={a.status !== 'current'}
                    loading={busy === b.book_id}
                    onClick={() => void enter(b.book_id)}
                    aria-label={`${t('activity.enter')}《${b.title}》`}
                  >
                    {t('activity.enter')}
                  </PlainButton>
                ) : (
                  <span className="pub-muted">{b.why?.[currentLocale()] ?? b.why?.['zh-CN']}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

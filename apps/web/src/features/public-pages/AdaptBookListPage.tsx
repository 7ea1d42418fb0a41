import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PlainButton } from '../../components/plain/Button.tsx';
import { PlainInput } from '../../components/plain/Input.tsx';
import { useLoginStatus } from '../../platform/session.ts';
import { PUBLIC_NS } from './i18n.ts';
import { PublicState } from './PublicState.tsx';
import { type AdaptBook, adaptBooks, adaptMaterials, adaptRanking } from './public-api.ts';
import { ServerHtml } from './ServerHtml.tsx';
import './public-pages.css';

const LIST_PATH = '/front/screenplay/adapt-book-list';
const SEARCH_PATH = `${LIST_PATH}/search`;
/** The works module's screenplay application (§2 book-manage/screenplay/application). */
const APPLICATION_PATH = '/front/book-manage/screenplay/application';

/**
 * /front/screenplay/adapt-book-list and /search (public, antd-free): the ranking, the books with a
 * genre filter, a search by title, author or genre, each book's materials, and the way on to the
 * screenplay application.
 */
export default function AdaptBookListPage() {
  const { t } = useTranslation(PUBLIC_NS);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const searching = pathname.startsWith(SEARCH_PATH);
  const keyword = searching ? (search.get('keyword') ?? '') : '';
  const genre = search.get('genre') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [typed, setTyped] = useState(keyword);
  const books = useQuery({
    queryKey: ['public', 'adapt-books', keyword, genre, page],
    queryFn: ({ signal }) => adaptBooks({ keyword, genre, page }, signal),
    placeholderData: keepPreviousData,
  });
  const ranking = useQuery({ queryKey: ['public', 'adapt-ranking'], queryFn: ({ signal }) => adaptRanking(signal) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const words = typed.trim();
    navigate(words ? `${SEARCH_PATH}?keyword=${encodeURIComponent(words)}` : LIST_PATH);
  };
  const pickGenre = (value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set('genre', value);
    else next.delete('genre');
    next.delete('page');
    setSearch(next);
  };
  const pages = books.data ? Math.max(1, Math.ceil(books.data.total / books.data.page_size)) : 1;

  return (
    <section className="ac-card pub-page pub-adapt">
      <h1>{t('adapt.title')}</h1>
      <p className="pub-lead">{t('adapt.lead')}</p>
      <form className="pub-adapt-search" role="search" onSubmit={submit}>
        <PlainInput
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('adapt.searchPlaceholder')}
          aria-label={t('adapt.searchPlaceholder')}
          maxLength={40}
        />
        <PlainButton type="primary" htmlType="submit">
          {t('adapt.search')}
        </PlainButton>
      </form>
      <div className="pub-adapt-layout">
        <div>
          {books.data && (
            <div className="pub-genres" role="group" aria-label={t('adapt.allGenres')}>
              {['', ...books.data.genres].map((g) => (
                <button
                  key={g || 'all'}
                  type="button"
                  className={`pub-genre${g === genre ? ' pub-genre--on' : ''}`}
                  aria-pressed={g === genre}
                  onClick={() => pickGenre(g)}
                >
                  {g || t('adapt.allGenres')}
                </button>
              ))}
            </div>
          )}
          {searching && books.data && <h2>{t('adapt.results', { keyword, count: books.data.total })}</h2>}
          {!books.data ? (
            <PublicState pending={books.isPending} error={books.error} retry={() => void books.refetch()} />
          ) : books.data.list.length === 0 ? (
            <p className="pub-empty">{t('adapt.empty')}</p>
          ) : (
            <ul className="pub-adapt-list">
              {books.data.list.map((b) => (
                <AdaptItem key={b.id} book={b} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="pub-pager">
              <PlainButton
                disabled={page <= 1}
                onClick={() => setSearch({ ...Object.fromEntries(search), page: String(page - 1) })}
              >
                {t('activities.prev')}
              </PlainButton>
              <span>{t('activities.pageOf', { page, pages })}</span>
              <PlainButton
                disabled={page >= pages}
                onClick={() => setSearch({ ...Object.fromEntries(search), page: String(page + 1) })}
              >
                {t('activities.next')}
              </PlainButton>
            </nav>
          )}
        </div>
        <aside className="pub-adapt-ranking" aria-labelledby="pub-ranking">
          <h2 id="pub-ranking">{t('adapt.ranking')}</h2>
          <ol>
            {ranking.data?.list.map((b) => (
              <li key={b.id}>
                <span className="pub-rank">{b.rank}</span>
                <span className="pub-rank-title">《{b.title}》</span>
                <span className="pub-muted">{t('adapt.heat', { heat: b.heat })}</span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}

function AdaptItem({ book: b }: { book: AdaptBook }) {
  const { t } = useTranslation(PUBLIC_NS);
  const [open, setOpen] = useState(false);
  const login = useLoginStatus();
  const materials = useQuery({
    queryKey: ['public', 'adapt-materials', b.id],
    queryFn: ({ signal }) => adaptMaterials(b.id, signal),
    enabled: open,
  });
  return (
    <li className="pub-adapt-item">
      {b.cover && <img src={b.cover} alt="" className="pub-adapt-cover" loading="lazy" />}
      <div className="pub-adapt-text">
        <h3>《{b.title}》</h3>
        <p className="pub-muted">
          {t('adapt.by', { name: b.author_name })} · {b.genre} · {t('adapt.heat', { heat: b.heat })}
        </p>
        {b.intro && <p>{b.intro}</p>}
        <div className="pub-adapt-actions">
          <PlainButton size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('adapt.hideMaterials') : t('adapt.materials')}
          </PlainButton>
          <Link to={APPLICATION_PATH} className="ac-btn ac-btn--primary ac-btn--sm">
            {login.data?.logged_in ? t('adapt.apply') : t('adapt.loginToApply')}
          </Link>
        </div>
        {open &&
          (materials.data ? (
            <ServerHtml html={materials.data.materials_html} className="pub-rich pub-adapt-materials" />
          ) : (
            <PublicState pending={materials.isPending} error={materials.error} retry={() => void materials.refetch()} />
          ))}
      </div>
    </li>
  );
}

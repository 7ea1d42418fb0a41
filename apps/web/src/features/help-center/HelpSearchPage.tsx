import { Empty, Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HelpShell } from './HelpShell.tsx';
import { HelpQueryState } from './HelpState.tsx';
import { Highlight } from './Highlight.tsx';
import { questionPath, useHelpHome, useHelpSearch } from './help-api.ts';
import { HELP_NS } from './i18n.ts';

const PAGE_SIZE = 10;

/** /front/help-center/search?keyword=…&page=…: the server's search, the same retrieval the AI assistant uses. */
export default function HelpSearchPage() {
  const { t } = useTranslation(HELP_NS);
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim().slice(0, 100);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = useHelpSearch(keyword, page, PAGE_SIZE);
  const data = search.data;

  return (
    <HelpShell keyword={keyword} crumbs={[{ title: t('searchResults') }]}>
      <section className="ac-help-card ac-help-search" aria-labelledby="help-search-title">
        {!keyword ? (
          <>
            <h1 id="help-search-title">{t('searchResults')}</h1>
            <Empty description={t('searchPrompt')} />
          </>
        ) : !data ? (
          <HelpQueryState error={search.error} onRetry={() => void search.refetch()} />
        ) : data.total === 0 ? (
          <NoResults keyword={keyword} />
        ) : (
          <>
            <h1 id="help-search-title">{t('searchResults')}</h1>
            <p className="ac-help-search__count">{t('searchCount', { count: data.total, keyword })}</p>
            <ol className="ac-help-results" aria-busy={search.isFetching}>
              {data.list.map((r) => (
                <li key={r.id}>
                  <Link to={questionPath(r.id)} className="ac-help-results__title">
                    <Highlight text={r.title} terms={data.terms} />
                  </Link>
                  <p>
                    <Highlight text={r.snippet} terms={data.terms} />
                  </p>
                  <span className="ac-help__tag">{r.category_name}</span>
                </li>
              ))}
            </ol>
            {data.total > PAGE_SIZE && (
              <Pagination
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                showSizeChanger={false}
                onChange={(next) => setParams({ keyword, page: String(next) })}
              />
            )}
          </>
        )}
      </section>
    </HelpShell>
  );
}

function NoResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation(HELP_NS);
  const home = useHelpHome();
  return (
    <div className="ac-help-empty">
      <h1 id="help-search-title">{t('searchResults')}</h1>
      <p className="ac-help-search__count">{t('searchEmpty', { keyword })}</p>
      <p className="ac-help__muted">{t('searchEmptyHint')}</p>
      {home.data && (
        <>
          <h2>{t('popular')}</h2>
          <ul className="ac-help-list is-compact">
            {home.data.popular.map((q) => (
              <li key={q.id}>
                <Link to={questionPath(q.id)}>{q.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

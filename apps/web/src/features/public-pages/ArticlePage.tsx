import { shanghaiDate } from '@author-centre/shared/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PUBLIC_NS } from './i18n.ts';
import { PublicState } from './PublicState.tsx';
import { articleDetail } from './public-api.ts';
import { ServerHtml } from './ServerHtml.tsx';
import './public-pages.css';

/** /front/article/{id} (public, antd-free): an announcement or the signing policy. */
export default function ArticlePage() {
  const { t } = useTranslation(PUBLIC_NS);
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: ['public', 'article', id],
    queryFn: ({ signal }) => articleDetail(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

  if (!query.data) {
    const unknown = !(Number.isInteger(id) && id > 0);
    return (
      <section className="ac-card pub-page">
        <PublicState
          pending={!unknown && query.isPending}
          notFound={unknown}
          error={query.error}
          retry={() => void query.refetch()}
        />
      </section>
    );
  }
  const a = query.data;
  return (
    <article className="ac-card pub-page pub-article">
      <header>
        <span className="pub-kind">{t(`article.kinds.${a.kind}`)}</span>
        <h1>{a.title}</h1>
        <p className="pub-muted">{t('article.published', { date: shanghaiDate(a.publish_at) })}</p>
      </header>
      <ServerHtml html={a.content_html} className="pub-rich" />
    </article>
  );
}

import { shanghaiDate } from '@author-centre/shared/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PUBLIC_NS } from './i18n.ts';
import { PublicState } from './PublicState.tsx';
import { type AgreementKind, agreementDetail } from './public-api.ts';
import { ServerHtml } from './ServerHtml.tsx';
import './public-pages.css';

/** /front/page/agreement/{privacy,user,publish} (public, antd-free): the version in force. */
export default function AgreementPage() {
  const { t } = useTranslation(PUBLIC_NS);
  const kind = useLocation().pathname.split('/').pop() as AgreementKind;
  const query = useQuery({
    queryKey: ['public', 'agreement', kind],
    queryFn: ({ signal }) => agreementDetail(kind, signal),
    retry: false,
  });
  if (!query.data) {
    return (
      <section className="ac-card pub-page">
        <PublicState pending={query.isPending} error={query.error} retry={() => void query.refetch()} />
      </section>
    );
  }
  const a = query.data;
  return (
    <article className="ac-card pub-page pub-article">
      <header>
        <h1>{a.title}</h1>
        <p className="pub-muted">
          {t('agreement.version', { version: a.version, date: shanghaiDate(a.effective_at) })}
        </p>
      </header>
      <ServerHtml html={a.content_html} className="pub-rich" />
    </article>
  );
}

import { FireOutlined, RightOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HelpShell } from './HelpShell.tsx';
import { HelpQueryState } from './HelpState.tsx';
import { HELP_QUESTIONS_PATH, questionPath, useHelpHome } from './help-api.ts';
import { HELP_NS } from './i18n.ts';

/** /front/help-center/home: search, popular questions and every category with its first questions (§2). */
export default function HelpHomePage() {
  const { t } = useTranslation(HELP_NS);
  const home = useHelpHome();
  return (
    <HelpShell hero>
      {!home.data ? (
        <HelpQueryState error={home.error} onRetry={() => void home.refetch()} />
      ) : (
        <div className="ac-help__home">
          <section className="ac-help-card ac-help-popular" aria-labelledby="help-popular">
            <h2 id="help-popular">
              <FireOutlined aria-hidden /> {t('popular')}
            </h2>
            <ol>
              {home.data.popular.map((q) => (
                <li key={q.id}>
                  <Link to={questionPath(q.id)}>{q.title}</Link>
                  <span className="ac-help__tag">{q.category_name}</span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="help-categories">
            <h2 id="help-categories" className="ac-help__section-title">
              {t('categories')}
            </h2>
            <div className="ac-help-grid">
              {home.data.categories.map((c) => (
                <article key={c.id} className="ac-help-card ac-help-category">
                  <h3>
                    <Link to={`${HELP_QUESTIONS_PATH}?category_id=${c.id}`}>{c.name}</Link>
                  </h3>
                  <p className="ac-help__muted">{c.description}</p>
                  {c.questions.length === 0 ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noQuestions')} />
                  ) : (
                    <ul>
                      {c.questions.map((q) => (
                        <li key={q.id}>
                          <Link to={questionPath(q.id)}>{q.title}</Link>
                        </li>
                      ))}
                    </ul>
                  )}
                  <Link className="ac-help__more" to={`${HELP_QUESTIONS_PATH}?category_id=${c.id}`}>
                    {t('viewAll', { count: c.count })} <RightOutlined aria-hidden />
                  </Link>
                </article>
              ))}
            </div>
          </section>
          <aside className="ac-help-card ac-help-hint">
            <strong>{t('stillNeedHelp')}</strong> {t('stillNeedHelpDesc')}
          </aside>
        </div>
      )}
    </HelpShell>
  );
}

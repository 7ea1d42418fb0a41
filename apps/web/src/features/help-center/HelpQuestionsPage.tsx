import { Empty, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HelpShell } from './HelpShell.tsx';
import { HelpQueryState } from './HelpState.tsx';
import { questionPath, useHelpQuestions } from './help-api.ts';
import { HELP_NS } from './i18n.ts';

/** /front/help-center/questions?category_id=n: the questions of one category, categories alongside (§2). */
export default function HelpQuestionsPage() {
  const { t } = useTranslation(HELP_NS);
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('category_id'));
  const categoryId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const questions = useHelpQuestions(categoryId);
  const data = questions.data;
  const current = data?.category;

  return (
    <HelpShell crumbs={current ? [{ title: current.name }] : [{ title: t('questions') }]}>
      {!data ? (
        <HelpQueryState error={questions.error} onRetry={() => void questions.refetch()} />
      ) : (
        <div className="ac-help__columns">
          <nav className="ac-help-card ac-help__side" aria-label={t('categories')}>
            <Menu
              mode="inline"
              selectedKeys={current ? [String(current.id)] : []}
              items={data.categories.map((c) => ({ key: String(c.id), label: `${c.name}（${c.count}）` }))}
              onClick={({ key }) => setParams({ category_id: key })}
            />
          </nav>
          <section className="ac-help-card ac-help__main" aria-labelledby="help-category-title">
            <h1 id="help-category-title">{current?.name ?? t('questions')}</h1>
            {current?.description && <p className="ac-help__muted">{current.description}</p>}
            {data.list.length === 0 ? (
              <Empty description={t('noQuestions')} />
            ) : (
              <ul className="ac-help-list">
                {data.list.map((q) => (
                  <li key={q.id}>
                    <Link to={questionPath(q.id)}>{q.title}</Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </HelpShell>
  );
}

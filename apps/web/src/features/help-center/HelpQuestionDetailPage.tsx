import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { shanghaiDate } from '@author-centre/shared/dates';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../platform/notify.ts';
import { ArticleBody } from './ArticleBody.tsx';
import { HelpShell } from './HelpShell.tsx';
import { HelpQueryState } from './HelpState.tsx';
import {
  HELP_QUESTIONS_PATH,
  type HelpDetail,
  questionPath,
  recordView,
  sendSolve,
  useHelpDetail,
} from './help-api.ts';
import { HELP_NS } from './i18n.ts';

/** /front/help-center/questions/{category}-{question}: one article, its page view and "did this solve it?" (§2, §7). */
export default function HelpQuestionDetailPage() {
  const { t } = useTranslation(HELP_NS);
  const { ids = '' } = useParams();
  const navigate = useNavigate();
  const detail = useHelpDetail(ids);
  const data = detail.data;

  // An article moved to another category keeps working at its old address.
  useEffect(() => {
    if (data && data.id !== ids) void navigate(questionPath(data.id), { replace: true });
  }, [data, ids, navigate]);

  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!data || counted.current === data.id) return;
    counted.current = data.id;
    void recordView(data.id).catch(() => undefined);
  }, [data]);

  if (!data) {
    return (
      <HelpShell crumbs={[]}>
        <HelpQueryState error={detail.error} onRetry={() => void detail.refetch()} />
      </HelpShell>
    );
  }

  return (
    <HelpShell
      crumbs={[
        { title: data.category.name, to: `${HELP_QUESTIONS_PATH}?category_id=${data.category.id}` },
        { title: data.title },
      ]}
    >
      <div className="ac-help__columns">
        <article className="ac-help-card ac-help__main ac-help-article" aria-labelledby="help-article-title">
          <h1 id="help-article-title">{data.title}</h1>
          <p className="ac-help__muted">
            {t('updatedAt', { date: shanghaiDate(data.updated_at) })} · {t('views', { count: data.pv })}
          </p>
          <ArticleBody body={data.body} />
          <SolveBox detail={data} />
        </article>
        {data.related.length > 0 && (
          <aside className="ac-help-card ac-help__side" aria-labelledby="help-related">
            <h2 id="help-related">{t('related')}</h2>
            <ul className="ac-help-list is-compact">
              {data.related.map((q) => (
                <li key={q.id}>
                  <Link to={questionPath(q.id)}>{q.title}</Link>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </HelpShell>
  );
}

function SolveBox({ detail }: { detail: HelpDetail }) {
  const { t } = useTranslation(HELP_NS);
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<0 | 1 | null>(null);
  const answered = detail.my_solve;

  const answer = async (solved: 0 | 1) => {
    setSending(solved);
    try {
      const result = await sendSolve(detail.id, solved);
      queryClient.setQueryData<HelpDetail>(['help', 'detail', detail.id], { ...detail, ...result });
    } catch {
      toast.error(t('solveFailed'));
    } finally {
      setSending(null);
    }
  };

  return (
    <section className="ac-help-solve" aria-live="polite">
      {answered === null ? (
        <>
          <p>{t('solvedAsk')}</p>
          <Space>
            <Button
              icon={<CheckCircleOutlined />}
              loading={sending === 1}
              disabled={sending !== null}
              onClick={() => void answer(1)}
            >
              {t('solvedYes')}
            </Button>
            <Button
              icon={<CloseCircleOutlined />}
              loading={sending === 0}
              disabled={sending !== null}
              onClick={() => void answer(0)}
            >
              {t('solvedNo')}
            </Button>
          </Space>
        </>
      ) : (
        <>
          <p>
            <strong>{t('solvedThanks')}</strong> {t('solvedCount', { count: detail.solved_yes })}
          </p>
          {answered === 0 && <p className="ac-help__muted">{t('solvedNoHint')}</p>}
        </>
      )}
    </section>
  );
}

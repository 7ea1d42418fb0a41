import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, List, Popconfirm, Radio, Result, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiGet, apiPost } from '../../platform/api.ts';
import type { ApiError } from '../../platform/api-error.ts';
import './i18n.ts';

interface Paper {
  attempt_id: number;
  deadline_at: number;
  remaining_s: number;
  paper: { title: string; time_limit_s: number; pass_score: number; total: number; attempts_left: number };
  answers: Record<string, number[]>;
  list: { id: number; type: 'single' | 'multiple' | 'judge'; stem: string; options: string[]; score: number }[];
}

interface Outcome {
  score: number;
  total: number;
  pass_score: number;
  passed: boolean;
  graduated: { level: string; period_name: string } | null;
  wrong: { id: number; stem: string; options: string[]; your: number[]; right: number[]; explanation: string }[];
}

const letters = (options: string[], picked: number[]) => picked.map((i) => options[i]).join('、');

/**
 * /front/page/answer and /front/page/writing-camp-answer: a timed paper. Each choice is recorded
 * on the server (check-answer) as it is made; rightness and explanations come only with submit.
 */
export function ExamPage({ kind }: { kind: 'answer' | 'camp' }) {
  const { t } = useTranslation();
  const paper = useQuery({
    queryKey: ['growth', 'exam', kind],
    queryFn: ({ signal }) => apiGet<Paper>('/api/question/list', { paper: kind }, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [answers, setAnswers] = useState<Record<string, number[]>>({});
  const [now, setNow] = useState(() => Date.now());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    if (paper.data) setAnswers(paper.data.answers);
  }, [paper.data]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const check = useMutation({
    mutationFn: (v: { question_id: number; answer: number[] }) =>
      apiPost('/api/question/check-answer', { attempt_id: paper.data?.attempt_id ?? 0, ...v }),
  });
  const submit = useMutation({
    mutationFn: () => apiPost<Outcome>('/api/question/submit', { attempt_id: paper.data?.attempt_id ?? 0 }),
    onSuccess: setOutcome,
  });

  const title = kind === 'camp' ? t('growth.exam.campTitle') : t('growth.exam.title');
  if (paper.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (paper.isError) return <Result status="info" title={(paper.error as ApiError).title || t('growth.loadFailed')} />;
  if (outcome) return <ExamOutcome outcome={outcome} kind={kind} />;
  const d = paper.data;
  if (d.list.length === 0) return <Empty />;
  const left = Math.max(0, Math.round((d.deadline_at - now) / 1000));
  const answer = (id: number, picked: number[]) => {
    setAnswers((a) => ({ ...a, [id]: picked }));
    if (picked.length > 0) check.mutate({ question_id: id, answer: picked });
  };
  return (
    <div className="ac-exam" data-testid="exam">
      <h1>{d.paper.title || title}</h1>
      <p>
        {t('growth.exam.passInfo', { total: d.paper.total, pass: d.paper.pass_score, left: d.paper.attempts_left })}
      </p>
      <p role="timer" aria-live="off">
        {left > 0
          ? t('growth.exam.remaining', {
              time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`,
            })
          : t('growth.exam.timeUp')}
      </p>
      {d.list.map((q, n) => (
        <Card key={q.id} style={{ marginBottom: 12 }} data-testid="question">
          <p>
            {n + 1}. <Tag>{t(`growth.exam.${q.type}`)}</Tag>
            {q.stem} <span className="ac-home-muted">{t('growth.exam.points', { n: q.score })}</span>
          </p>
          {q.type === 'multiple' ? (
            <Checkbox.Group
              disabled={left === 0}
              value={answers[q.id] ?? []}
              options={q.options.map((o, i) => ({ label: o, value: i }))}
              onChange={(v) => answer(q.id, v as number[])}
            />
          ) : (
            <Radio.Group
              disabled={left === 0}
              value={answers[q.id]?.[0]}
              options={q.options.map((o, i) => ({ label: o, value: i }))}
              onChange={(e) => answer(q.id, [e.target.value as number])}
            />
          )}
        </Card>
      ))}
      <p>{t('growth.exam.answered', { n: Object.keys(answers).length, total: d.list.length })}</p>
      <Popconfirm title={t('growth.exam.submitConfirm')} onConfirm={() => submit.mutateAsync()}>
        <Button type="primary" loading={submit.isPending}>
          {t('growth.exam.submit')}
        </Button>
      </Popconfirm>
    </div>
  );
}

function ExamOutcome({ outcome, kind }: { outcome: Outcome; kind: 'answer' | 'camp' }) {
  const { t } = useTranslation();
  return (
    <div className="ac-exam" data-testid="exam-outcome">
      <Result
        status={outcome.passed ? 'success' : 'warning'}
        title={outcome.passed ? t('growth.exam.passed') : t('growth.exam.failed', { pass: outcome.pass_score })}
        subTitle={
          <>
            {t('growth.exam.score', { score: outcome.score, total: outcome.total })}
            {outcome.graduated && <div>{t('growth.exam.graduated', { period: outcome.graduated.period_name })}</div>}
          </>
        }
        extra={
          kind === 'camp' && outcome.passed ? (
            <Link to="/front/writing-camp/honor-wall">{t('growth.exam.honorWall')}</Link>
          ) : null
        }
      />
      {outcome.wrong.length > 0 && (
        <Card title={t('growth.exam.wrongTitle')}>
          <List
            dataSource={outcome.wrong}
            renderItem={(w) => (
              <List.Item>
                <List.Item.Meta
                  title={w.stem}
                  description={
                    <>
                      <div>
                        {t('growth.exam.yourAnswer', { a: letters(w.options, w.your) || t('growth.exam.none') })}
                      </div>
                      <div>{t('growth.exam.rightAnswer', { a: letters(w.options, w.right) })}</div>
                      {w.explanation && <div>{w.explanation}</div>}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      )}
    </div>
  );
}

export default function AnswerPage() {
  return <ExamPage kind="answer" />;
}

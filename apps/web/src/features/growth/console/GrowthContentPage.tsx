import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, InputNumber, Modal, Select, Skeleton, Space, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

const g = 'console.growth';
const CONTENT = [CONSOLE_QUERY_ROOT, 'growth', 'content'];

interface Paper {
  id: number;
  kind: 'answer' | 'camp';
  title: string;
  period_name: string;
  time_limit_s: number;
  pass_score: number;
  excellent_score: number;
  max_attempts: number;
  retake_wait_ms: number;
  enabled: number;
}
interface Period {
  id: number;
  name: string;
  start_day: string;
  end_day: string;
  lessons_required: number;
  words_goal: number;
  chapters_goal: number;
  lessons: Lesson[];
}
interface Lesson {
  id: number;
  title: string;
  kind: 'video' | 'article';
  content: string;
  starts_at: number;
  capacity: number;
  /** Trainees who booked or made it up: such a lesson cannot be deleted. */
  trainees: number;
}
interface Question {
  id: number;
  type: 'single' | 'multiple' | 'judge';
  stem: string;
  options: string[];
  answer: number[];
  explanation: string;
  score: number;
  sort: number;
  answered: number;
}
interface Article {
  id: number;
  category: string;
  title: string;
  summary: string;
  views: number;
  published: number;
}

type Removal = { kind: 'question'; paper: Paper; row: Question } | { kind: 'lesson'; row: Lesson };

type Dialog =
  | { kind: 'paper'; row: Paper | null }
  | { kind: 'question'; paper: Paper; row?: Question }
  | { kind: 'period' }
  | { kind: 'lesson'; period: Period; row?: Lesson }
  | { kind: 'admit'; period: Period }
  | { kind: 'article'; row: Article | null };

/** /admin/growth-content: exam papers and their questions, writing-camp periods and lessons, college articles. */
export default function GrowthContentPage() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const data = useQuery({
    queryKey: CONTENT,
    queryFn: async () => {
      const [papers, periods, articles] = await Promise.all([
        consoleGet<{ list: Paper[] }>('/api/admin/growth/papers'),
        consoleGet<{ list: Period[] }>('/api/admin/growth/camp/periods'),
        consoleGet<{ list: Article[] }>('/api/admin/growth/college'),
      ]);
      return { papers: papers.list, periods: periods.list, articles: articles.list };
    },
  });
  if (!data.data) return <Skeleton active />;
  const close = () => setDialog(null);
  return (
    <ConsolePage title={t(`${g}.content.title`)}>
      <Card
        title={t(`${g}.papers`)}
        extra={<Button onClick={() => setDialog({ kind: 'paper', row: null })}>{t(`${g}.newPaper`)}</Button>}
      >
        <Table<Paper>
          rowKey="id"
          pagination={false}
          dataSource={data.data.papers}
          expandable={{
            expandedRowRender: (p) => (
              <QuestionBank
                paper={p}
                onEdit={(row) => setDialog({ kind: 'question', paper: p, row })}
                onRemove={(row) => setRemoval({ kind: 'question', paper: p, row })}
              />
            ),
          }}
          columns={[
            { title: t(`${g}.kindLabel`), dataIndex: 'kind', render: (k: string) => t(`${g}.paperKind.${k}`) },
            { title: t(`${g}.title`), dataIndex: 'title' },
            { title: t(`${g}.passScore`), dataIndex: 'pass_score' },
            { title: t(`${g}.maxAttempts`), dataIndex: 'max_attempts' },
            {
              title: t(`${g}.actions`),
              key: 'a',
              render: (_, p) => (
                <Space>
                  <Button size="small" onClick={() => setDialog({ kind: 'paper', row: p })}>
                    {t(`${g}.edit`)}
                  </Button>
                  <Button size="small" onClick={() => setDialog({ kind: 'question', paper: p })}>
                    {t(`${g}.addQuestion`)}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title={t(`${g}.camp`)}
        style={{ marginTop: 16 }}
        extra={<Button onClick={() => setDialog({ kind: 'period' })}>{t(`${g}.newPeriod`)}</Button>}
      >
        <Table<Period>
          rowKey="id"
          pagination={false}
          dataSource={data.data.periods}
          expandable={{
            expandedRowRender: (p) => (
              <LessonList
                period={p}
                onEdit={(row) => setDialog({ kind: 'lesson', period: p, row })}
                onRemove={(row) => setRemoval({ kind: 'lesson', row })}
              />
            ),
          }}
          columns={[
            { title: t(`${g}.name`), dataIndex: 'name' },
            { title: t(`${g}.dates`), key: 'd', render: (_, p) => `${p.start_day} – ${p.end_day}` },
            {
              title: t(`${g}.lessonsRequired`),
              key: 'l',
              render: (_, p) => `${p.lessons.length} / ${p.lessons_required}`,
            },
            {
              title: t(`${g}.actions`),
              key: 'a',
              render: (_, p) => (
                <Space>
                  <Button size="small" onClick={() => setDialog({ kind: 'lesson', period: p })}>
                    {t(`${g}.addLesson`)}
                  </Button>
                  <Button size="small" onClick={() => setDialog({ kind: 'admit', period: p })}>
                    {t(`${g}.admit`)}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title={t(`${g}.college`)}
        style={{ marginTop: 16 }}
        extra={<Button onClick={() => setDialog({ kind: 'article', row: null })}>{t(`${g}.newArticle`)}</Button>}
      >
        <Table<Article>
          rowKey="id"
          pagination={false}
          dataSource={data.data.articles}
          columns={[
            { title: t(`${g}.category`), dataIndex: 'category' },
            { title: t(`${g}.title`), dataIndex: 'title' },
            { title: t(`${g}.views`), dataIndex: 'views' },
            { title: t(`${g}.published`), dataIndex: 'published', render: (v: number) => (v ? '✓' : '') },
          ]}
        />
      </Card>
      {dialog && <ContentDialog dialog={dialog} onClose={close} />}
      <RemoveDialog removal={removal} onClose={() => setRemoval(null)} />
    </ConsolePage>
  );
}

const questionsKey = (paperId: number) => [...CONTENT, 'questions', paperId];
const beijingTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** A paper's questions with their right answers and how often each was answered; edit and delete. */
function QuestionBank(props: { paper: Paper; onEdit: (q: Question) => void; onRemove: (q: Question) => void }) {
  const { t } = useTranslation();
  const bank = useQuery({
    queryKey: questionsKey(props.paper.id),
    queryFn: () => consoleGet<{ list: Question[] }>(`/api/admin/growth/papers/${props.paper.id}/questions`),
  });
  return (
    <Table<Question>
      rowKey="id"
      size="small"
      pagination={false}
      loading={bank.isLoading}
      dataSource={bank.data?.list}
      locale={{ emptyText: t(`${g}.noQuestions`) }}
      data-testid={`questions-${props.paper.id}`}
      columns={[
        { title: t(`${g}.stem`), dataIndex: 'stem' },
        { title: t(`${g}.kindLabel`), dataIndex: 'type', render: (k: string) => t(`${g}.questionType.${k}`) },
        {
          title: t(`${g}.rightAnswer`),
          key: 'answer',
          render: (_, q) => q.answer.map((i) => q.options[i]).join('、'),
        },
        { title: t(`${g}.score`), dataIndex: 'score' },
        { title: t(`${g}.answered`), dataIndex: 'answered' },
        {
          title: t(`${g}.actions`),
          key: 'a',
          render: (_, q) => (
            <Space>
              <Button size="small" onClick={() => props.onEdit(q)}>
                {t(`${g}.edit`)}
              </Button>
              <Button size="small" danger onClick={() => props.onRemove(q)}>
                {t(`${g}.remove`)}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}

/** A period's lessons with their seats; edit and delete. */
function LessonList(props: { period: Period; onEdit: (l: Lesson) => void; onRemove: (l: Lesson) => void }) {
  const { t } = useTranslation();
  return (
    <Table<Lesson>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={props.period.lessons}
      locale={{ emptyText: t(`${g}.noLessons`) }}
      data-testid={`lessons-${props.period.id}`}
      columns={[
        { title: t(`${g}.title`), dataIndex: 'title' },
        { title: t(`${g}.kindLabel`), dataIndex: 'kind', render: (k: string) => t(`${g}.lessonKind.${k}`) },
        { title: t(`${g}.startsAt`), dataIndex: 'starts_at', render: (ms: number) => beijingTime(ms) },
        { title: t(`${g}.booked`), key: 'seats', render: (_, l) => `${l.trainees} / ${l.capacity}` },
        {
          title: t(`${g}.actions`),
          key: 'a',
          render: (_, l) => (
            <Space>
              <Button size="small" onClick={() => props.onEdit(l)}>
                {t(`${g}.edit`)}
              </Button>
              <Button size="small" danger onClick={() => props.onRemove(l)}>
                {t(`${g}.remove`)}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}

/** The confirm of a delete: what it changes (and keeps), with a reason for the audit log; a refusal stays in it. */
function RemoveDialog({ removal, onClose }: { removal: Removal | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const question = removal?.kind === 'question' ? removal : null;
  const lesson = removal?.kind === 'lesson' ? removal.row : null;
  return (
    <ReasonModal
      open={removal !== null}
      danger
      title={
        question
          ? t(`${g}.removeQuestionTitle`, { stem: question.row.stem.slice(0, 30) })
          : t(`${g}.removeLessonTitle`, { title: lesson?.title ?? '' })
      }
      description={
        question ? t(`${g}.removeQuestionDesc`, { answered: question.row.answered }) : t(`${g}.removeLessonDesc`)
      }
      okText={t(`${g}.remove`)}
      onClose={onClose}
      onSubmit={async (reason) => {
        if (question) {
          await consolePost(
            `/api/admin/growth/papers/${question.paper.id}/questions/${question.row.id}/delete`,
            { reason },
            { silent: true },
          );
        } else if (lesson) {
          await consolePost(`/api/admin/growth/camp/lessons/${lesson.id}/delete`, { reason }, { silent: true });
        }
        toast.success(t(`${g}.removed`));
        await queryClient.invalidateQueries({ queryKey: CONTENT });
      }}
    />
  );
}

const beijingToMs = (s: string) => Date.parse(`${s.trim().replace(' ', 'T')}:00+08:00`);

/** One form dialog per kind of content; the server's refusal stays in the dialog. */
function ContentDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const { submit, pending, failureAlert } = useConsoleSubmit(form);
  const send = async (path: string, body: Record<string, unknown>) => {
    const ok = await submit(() => consolePost(path, body, { silent: true }));
    if (!ok) return;
    toast.success(t(`${g}.saved`));
    await queryClient.invalidateQueries({ queryKey: CONTENT });
    onClose();
  };
  let title: ReactNode;
  let fields: ReactNode;
  let initial: Record<string, unknown> = {};
  let onFinish: (v: Record<string, string & number & boolean>) => void;
  const req = [{ required: true }];
  switch (dialog.kind) {
    case 'paper': {
      const p = dialog.row;
      title = p?.title ?? t(`${g}.newPaper`);
      initial = p
        ? { ...p, retake_wait_hours: p.retake_wait_ms / 3_600_000, enabled: p.enabled === 1 }
        : {
            kind: 'answer',
            time_limit_s: 900,
            pass_score: 60,
            excellent_score: 90,
            max_attempts: 3,
            retake_wait_hours: 0,
            enabled: true,
          };
      fields = (
        <>
          <Form.Item name="kind" label={t(`${g}.kindLabel`)}>
            <Select
              options={(['answer', 'camp'] as const).map((k) => ({ value: k, label: t(`${g}.paperKind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="title" label={t(`${g}.title`)} rules={req}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="period_name" label={t(`${g}.periodName`)}>
            <Input maxLength={50} />
          </Form.Item>
          {(['time_limit_s', 'pass_score', 'excellent_score', 'max_attempts', 'retake_wait_hours'] as const).map(
            (k) => (
              <Form.Item
                key={k}
                name={k}
                label={t(
                  `${g}.${{ time_limit_s: 'timeLimit', pass_score: 'passScore', excellent_score: 'excellentScore', max_attempts: 'maxAttempts', retake_wait_hours: 'retakeHours' }[k]}`,
                )}
                rules={req}
              >
                <InputNumber min={0} />
              </Form.Item>
            ),
          )}
          <Form.Item name="enabled" valuePropName="checked">
            <Checkbox>{t(`${g}.enabled`)}</Checkbox>
          </Form.Item>
        </>
      );
      onFinish = (v) => void send(p ? `/api/admin/growth/papers/${p.id}` : '/api/admin/growth/papers', v);
      break;
    }
    case 'question': {
      const q = dialog.row;
      title = `${dialog.paper.title} · ${t(q ? `${g}.editQuestion` : `${g}.addQuestion`)}`;
      initial = q
        ? {
            type: q.type,
            stem: q.stem,
            options: q.options.join('\n'),
            answer: q.answer.map((i) => i + 1).join(','),
            explanation: q.explanation,
            score: q.score,
          }
        : { type: 'single', score: 10 };
      fields = (
        <>
          <Form.Item name="type" label={t(`${g}.kindLabel`)}>
            <Select
              options={(['single', 'multiple', 'judge'] as const).map((k) => ({
                value: k,
                label: t(`${g}.questionType.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="stem" label={t(`${g}.stem`)} rules={req}>
            <Input.TextArea maxLength={1000} />
          </Form.Item>
          <Form.Item name="options" label={t(`${g}.options`)} rules={req}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item
            name="answer"
            label={t(`${g}.answerIdx`)}
            rules={[{ required: true, pattern: /^\s*\d+(\s*,\s*\d+)*\s*$/ }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="explanation" label={t(`${g}.explanation`)}>
            <Input.TextArea maxLength={1000} />
          </Form.Item>
          <Form.Item name="score" label={t(`${g}.score`)} rules={req}>
            <InputNumber min={1} max={100} />
          </Form.Item>
        </>
      );
      onFinish = (v) =>
        void send(`/api/admin/growth/papers/${dialog.paper.id}/questions${q ? `/${q.id}` : ''}`, {
          ...v,
          ...(q ? { sort: q.sort } : {}),
          options: String(v.options)
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean),
          answer: String(v.answer)
            .split(',')
            .map((n) => Number(n.trim()) - 1),
        });
      break;
    }
    case 'period':
      title = t(`${g}.newPeriod`);
      initial = { lessons_required: 4, words_goal: 20000, chapters_goal: 10 };
      fields = (
        <>
          <Form.Item name="name" label={t(`${g}.name`)} rules={req}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="start_day"
            label={t(`${g}.startDay`)}
            rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="end_day"
            label={t(`${g}.endDay`)}
            rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ }]}
          >
            <Input />
          </Form.Item>
          {(['lessons_required', 'words_goal', 'chapters_goal'] as const).map((k) => (
            <Form.Item
              key={k}
              name={k}
              label={t(
                `${g}.${{ lessons_required: 'lessonsRequired', words_goal: 'wordsGoal', chapters_goal: 'chaptersGoal' }[k]}`,
              )}
              rules={req}
            >
              <InputNumber min={0} />
            </Form.Item>
          ))}
        </>
      );
      onFinish = (v) => void send('/api/admin/growth/camp/periods', v);
      break;
    case 'lesson': {
      const l = dialog.row;
      title = `${dialog.period.name} · ${t(l ? `${g}.editLesson` : `${g}.addLesson`)}`;
      initial = l
        ? {
            title: l.title,
            kind: l.kind,
            content: l.content,
            starts_at: beijingTime(l.starts_at),
            capacity: l.capacity,
          }
        : { kind: 'article', capacity: 50 };
      fields = (
        <>
          <Form.Item name="title" label={t(`${g}.title`)} rules={req}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="kind" label={t(`${g}.kindLabel`)}>
            <Select
              options={(['video', 'article'] as const).map((k) => ({ value: k, label: t(`${g}.lessonKind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="content" label={t(`${g}.lessonContent`)} rules={req}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item
            name="starts_at"
            label={t(`${g}.startsAt`)}
            rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="capacity" label={t(`${g}.capacity`)} rules={req}>
            <InputNumber min={1} />
          </Form.Item>
        </>
      );
      onFinish = (v) =>
        void send(
          l ? `/api/admin/growth/camp/lessons/${l.id}` : '/api/admin/growth/camp/lessons',
          l
            ? { ...v, starts_at: beijingToMs(String(v.starts_at)) }
            : { ...v, period_id: dialog.period.id, starts_at: beijingToMs(String(v.starts_at)) },
        );
      break;
    }
    case 'admit':
      title = `${dialog.period.name} · ${t(`${g}.admit`)}`;
      fields = (
        <Form.Item name="account_id" label={t(`${g}.accountId`)} rules={req}>
          <InputNumber min={1} />
        </Form.Item>
      );
      onFinish = (v) =>
        void send('/api/admin/growth/camp/members', { account_id: v.account_id, period_id: dialog.period.id });
      break;
    case 'article':
      title = t(`${g}.newArticle`);
      initial = { published: true };
      fields = (
        <>
          <Form.Item name="category" label={t(`${g}.category`)} rules={req}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="title" label={t(`${g}.title`)} rules={req}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="summary" label={t(`${g}.summary`)}>
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="body" label={t(`${g}.body`)} rules={req}>
            <Input.TextArea rows={8} />
          </Form.Item>
          <Form.Item name="published" valuePropName="checked">
            <Checkbox>{t(`${g}.published`)}</Checkbox>
          </Form.Item>
        </>
      );
      onFinish = (v) => void send('/api/admin/growth/college', v);
      break;
  }
  return (
    <Modal
      open
      title={title}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
        {fields}
        {failureAlert}
      </Form>
    </Modal>
  );
}

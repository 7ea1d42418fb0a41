import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, type ListPage } from '../../../console/console-api.ts';
import { useStaff } from '../../../console/staff-context.ts';
import { ARTICLES_PATH } from './ArticlesPage.tsx';
import { type AiChatRow, HELP_API } from './help-console-api.ts';
import './i18n.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';

const time = (ms: number) => formatBeijing(ms, true);
const MARK_COLOR = { use: 'green', useless: 'red' } as const;
const OUTCOME_COLOR = { answered: 'blue', no_match: 'orange', refused: 'default', failed: 'red' } as const;

/** The article number of an address '<category>-<question>'. */
export const articleNumber = (ids: string) => ids.split('-')[1];

type Counts = { mark: 'use' | 'useless' | null; outcome: string; count: number }[];

/** /admin/ai/questions: what authors asked the AI assistant, the answers they got and how they marked them. */
export default function AiQuestionsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const isAdmin = staff.role === 'admin';
  const counts = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, HELP_API.chats, 'counts'],
    queryFn: ({ signal }) =>
      consoleGet<ListPage<AiChatRow> & { counts: Counts }>(HELP_API.chats, { page_size: 1 }, { signal, silent: true }),
  });
  const sum = (mark: 'use' | 'useless') =>
    (counts.data?.counts ?? []).filter((c) => c.mark === mark).reduce((n, c) => n + c.count, 0);

  const articles = (row: AiChatRow) =>
    row.source_articles.map((s) => {
      const label = s.title ?? `${s.ids} ${t('console.help.questions.deletedArticle')}`;
      return isAdmin && s.title ? (
        <Link key={s.ids} to={`${ARTICLES_PATH}/${articleNumber(s.ids)}`}>
          {label}
        </Link>
      ) : (
        <span key={s.ids}>{label}</span>
      );
    });

  const columns: ConsoleColumn<AiChatRow>[] = [
    {
      title: t('console.help.questions.time'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: time,
      csv: (row) => time(row.created_at),
    },
    { title: t('console.help.questions.penName'), dataIndex: 'pen_name' },
    {
      title: t('console.help.questions.question'),
      dataIndex: 'question',
      render: (q: string, row) => (
        <div style={{ maxWidth: 280 }}>
          {q}
          {row.answer_index > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('console.help.questions.again', { n: row.answer_index })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('console.help.questions.answer'),
      dataIndex: 'answer',
      render: (answer: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 3, expandable: true, symbol: '…' }}
          style={{ maxWidth: 420, margin: 0, whiteSpace: 'pre-wrap' }}
        >
          {answer}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('console.help.questions.articles'),
      key: 'articles',
      render: (_: unknown, row) =>
        row.nothing_found ? (
          <Tag color="orange">{t('console.help.questions.nothingFoundTag')}</Tag>
        ) : (
          <Space orientation="vertical" size={0}>
            {articles(row)}
          </Space>
        ),
      csv: (row) => row.source_articles.map((s) => `${s.ids} ${s.title ?? ''}`.trim()).join('; '),
    },
    {
      title: t('console.help.questions.mark'),
      dataIndex: 'mark',
      render: (mark: AiChatRow['mark']) =>
        mark ? (
          <Tag color={MARK_COLOR[mark]}>{t(`console.help.questions.marks.${mark}`)}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('console.help.questions.marks.none')}</Typography.Text>
        ),
      csv: (row) => t(`console.help.questions.marks.${row.mark ?? 'none'}`),
    },
    {
      title: t('console.help.questions.outcome'),
      dataIndex: 'outcome',
      render: (outcome: AiChatRow['outcome']) => (
        <Tag color={OUTCOME_COLOR[outcome]}>{t(`console.help.questions.outcomes.${outcome}`)}</Tag>
      ),
      csv: (row) => t(`console.help.questions.outcomes.${row.outcome}`),
    },
    {
      title: t('console.help.questions.duration'),
      dataIndex: 'duration_ms',
      sortKey: 'duration_ms',
      render: (ms: number) => t('console.help.questions.ms', { ms }),
    },
  ];

  return (
    <ConsolePage
      title={t('console.help.menu.questions')}
      extra={<Link to="/admin/ai/nothing-found">{t('console.help.questions.seeNothingFound')}</Link>}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('console.help.questions.readOnly')}
        description={
          counts.data ? t('console.help.questions.counts', { use: sum('use'), useless: sum('useless') }) : null
        }
      />
      <ConsoleTable<AiChatRow>
        path={HELP_API.chats}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="ai-questions"
        filters={[
          {
            key: 'mark',
            label: t('console.help.questions.mark'),
            type: 'select',
            options: (['use', 'useless', 'none'] as const).map((m) => ({
              value: m,
              label: t(`console.help.questions.marks.${m}`),
            })),
          },
          {
            key: 'outcome',
            label: t('console.help.questions.outcome'),
            type: 'select',
            options: (['answered', 'no_match', 'refused', 'failed'] as const).map((o) => ({
              value: o,
              label: t(`console.help.questions.outcomes.${o}`),
            })),
          },
          {
            key: 'nothing_found',
            label: t('console.help.questions.nothingFound'),
            type: 'select',
            options: [{ value: '1', label: t('console.help.questions.nothingFoundTag') }],
          },
          { key: 'keyword', label: t('console.help.questions.keyword'), type: 'text' },
          { key: 'created', label: t('console.help.questions.time'), type: 'dateRange' },
        ]}
      />
    </ConsolePage>
  );
}

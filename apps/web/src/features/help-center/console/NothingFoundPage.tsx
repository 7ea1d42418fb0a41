import { Alert, Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { useStaff } from '../../../console/staff-context.ts';
import { AddAskedDialog } from './AddAskedDialog.tsx';
import { articleNumber } from './AiQuestionsPage.tsx';
import { ARTICLES_PATH } from './ArticlesPage.tsx';
import { HELP_API, type NothingFoundRow } from './help-console-api.ts';
import './i18n.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';

const time = (ms: number) => formatBeijing(ms);

/**
 * /admin/ai/nothing-found: "what to write next" — the questions the help centre had nothing for,
 * grouped, most asked first, with the article that answers each one now if one has been written.
 */
export default function NothingFoundPage() {
  const { t } = useTranslation();
  const isAdmin = useStaff().role === 'admin';
  const [adding, setAdding] = useState<string | null>(null);

  const columns: ConsoleColumn<NothingFoundRow>[] = [
    { title: t('console.help.nothingFound.question'), dataIndex: 'question' },
    { title: t('console.help.nothingFound.asks'), dataIndex: 'asks', sortKey: 'asks' },
    { title: t('console.help.nothingFound.authors'), dataIndex: 'authors', sortKey: 'authors' },
    {
      title: t('console.help.nothingFound.first'),
      dataIndex: 'first_asked_at',
      render: time,
      csv: (row) => time(row.first_asked_at),
    },
    {
      title: t('console.help.nothingFound.last'),
      dataIndex: 'last_asked_at',
      sortKey: 'last_asked_at',
      render: time,
      csv: (row) => time(row.last_asked_at),
    },
    {
      title: t('console.help.nothingFound.now'),
      key: 'now',
      render: (_: unknown, row) =>
        row.found_now ? (
          <span>
            {t('console.help.nothingFound.foundNow')}
            {isAdmin ? (
              <Link to={`${ARTICLES_PATH}/${articleNumber(row.found_now.ids)}`}>《{row.found_now.title}》</Link>
            ) : (
              `《${row.found_now.title}》`
            )}
          </span>
        ) : (
          <Space size={4}>
            <Tag color="orange">{t('console.help.nothingFound.stillNothing')}</Tag>
            {isAdmin && (
              <>
                <LinkButton size="small" to={`${ARTICLES_PATH}/new?title=${encodeURIComponent(row.question)}`}>
                  {t('console.help.nothingFound.write')}
                </LinkButton>
                <Button size="small" onClick={() => setAdding(row.question)}>
                  {t('console.help.nothingFound.addAsked')}
                </Button>
              </>
            )}
          </Space>
        ),
      csv: (row) =>
        row.found_now
          ? `${t('console.help.nothingFound.foundNow')}${row.found_now.ids} ${row.found_now.title}`
          : t('console.help.nothingFound.stillNothing'),
    },
  ];

  return (
    <ConsolePage title={t('console.help.menu.nothingFound')}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={<Typography.Text>{t('console.help.nothingFound.intro')}</Typography.Text>}
      />
      <ConsoleTable<NothingFoundRow>
        path={HELP_API.nothingFound}
        rowKey={(row) => row.question_key}
        columns={columns}
        exportName="ai-nothing-found"
        filters={[
          { key: 'keyword', label: t('console.help.nothingFound.keyword'), type: 'text' },
          { key: 'created', label: t('console.help.nothingFound.time'), type: 'dateRange' },
        ]}
      />
      <AddAskedDialog question={adding} onClose={() => setAdding(null)} />
    </ConsolePage>
  );
}

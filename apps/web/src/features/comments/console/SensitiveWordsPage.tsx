import { useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import './i18n.ts';

interface WordRow {
  id: number;
  word: string;
  created_at: number;
}

/** /admin/sensitive-words: the brand's own sensitive words, checked in replies to readers and before publishing. */
export default function SensitiveWordsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [word, setWord] = useState('');
  const [removing, setRemoving] = useState<WordRow | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
  return (
    <ConsolePage
      title={t('console.comments.words')}
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('console.comments.addWord')}
        </Button>
      }
    >
      <ConsoleTable<WordRow>
        path="/api/admin/sensitive-words"
        rowKey={(r) => r.id}
        exportName="sensitive-words"
        filters={[{ key: 'keyword', label: t('console.comments.keyword'), type: 'text' }]}
        columns={[
          { title: t('console.comments.word'), dataIndex: 'word', sortKey: 'word' },
          {
            title: t('console.comments.addedAt'),
            dataIndex: 'created_at',
            sortKey: 'created_at',
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '',
            key: 'remove',
            csv: false,
            render: (_: unknown, r) => (
              <Button type="link" danger size="small" onClick={() => setRemoving(r)}>
                {t('console.comments.removeWord')}
              </Button>
            ),
          },
        ]}
      />
      <ReasonModal
        open={adding}
        title={t('console.comments.addWord')}
        description={t('console.comments.addWordDescription')}
        choiceProblem={word.trim() ? null : t('console.comments.word')}
        onClose={() => {
          setAdding(false);
          setWord('');
        }}
        onSubmit={async (reason) => {
          await consolePost('/api/admin/sensitive-words', { word: word.trim(), reason }, { silent: true });
          await refresh();
        }}
      >
        <Input
          aria-label={t('console.comments.word')}
          placeholder={t('console.comments.word')}
          value={word}
          maxLength={40}
          onChange={(e) => setWord(e.target.value)}
        />
      </ReasonModal>
      <ReasonModal
        open={removing !== null}
        title={`${t('console.comments.removeWord')}「${removing?.word ?? ''}」`}
        description={t('console.comments.removeWordDescription')}
        danger
        onClose={() => setRemoving(null)}
        onSubmit={async (reason) => {
          await consolePost('/api/admin/sensitive-words/remove', { id: removing?.id, reason }, { silent: true });
          await refresh();
        }}
      />
    </ConsolePage>
  );
}

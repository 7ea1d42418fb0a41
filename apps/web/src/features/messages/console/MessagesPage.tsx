import { SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT } from '../../../console/console-api.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { MessageDialog } from './MessageDialog.tsx';
import { MESSAGES_PATH, type SentMessage } from './notices-api.ts';
import './i18n.ts';

/** /admin/messages: the messages staff sent to single authors, with whether each was read. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState(false);
  const m = 'console.messages';

  const columns: ConsoleColumn<SentMessage>[] = [
    { title: t(`${m}.fields.author`), dataIndex: 'pen_name', sortKey: 'pen_name' },
    { title: t(`${m}.fields.title`), dataIndex: 'title' },
    {
      title: t(`${m}.fields.category`),
      dataIndex: 'category',
      render: (c: string) => t(`${m}.categories.${c}`, { defaultValue: c }),
      csv: (row) => t(`${m}.categories.${row.category}`, { defaultValue: row.category }),
    },
    { title: t(`${m}.fields.sender`), dataIndex: 'sender' },
    { title: t(`${m}.fields.sentBy`), dataIndex: 'sent_by_name', render: (n: string | null) => n ?? t(`${m}.system`) },
    {
      title: t(`${m}.fields.sentAt`),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: (ms: number) => formatBeijing(ms),
      csv: (row) => formatBeijing(row.created_at),
    },
    {
      title: t(`${m}.fields.read`),
      dataIndex: 'read_at',
      render: (ms: number | null) =>
        ms ? <Tag color="green">{t(`${m}.readAt`, { time: formatBeijing(ms) })}</Tag> : <Tag>{t(`${m}.unread`)}</Tag>,
      csv: (row) => (row.read_at ? formatBeijing(row.read_at) : ''),
    },
  ];

  return (
    <ConsolePage title={t(`${m}.title`)}>
      <ConsoleTable<SentMessage>
        path={MESSAGES_PATH}
        rowKey={(row) => row.id}
        columns={columns}
        exportName="messages"
        expandable={{
          expandedRowRender: (row) => (
            <div style={{ whiteSpace: 'pre-wrap' }}>
              {row.content}
              {row.link && <div style={{ marginTop: 8, color: '#999' }}>{row.link}</div>}
            </div>
          ),
        }}
        filters={[
          { key: 'pen_name', label: t(`${m}.fields.author`), type: 'text' },
          {
            key: 'source',
            label: t(`${m}.fields.source`),
            type: 'select',
            options: [
              { value: 'console', label: t(`${m}.sources.console`) },
              { value: 'all', label: t(`${m}.sources.all`) },
            ],
          },
        ]}
        toolbar={
          <Button type="primary" icon={<SendOutlined />} onClick={() => setWriting(true)}>
            {t(`${m}.new`)}
          </Button>
        }
      />
      <MessageDialog
        open={writing}
        onClose={() => setWriting(false)}
        onSent={() => void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, MESSAGES_PATH] })}
      />
    </ConsolePage>
  );
}

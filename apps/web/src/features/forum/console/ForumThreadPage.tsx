import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Result, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { ApiError } from '../../../platform/api-error.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { formatBeijing } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import { THREAD_COLOR, type ThreadRow } from './ForumThreadsPage.tsx';
import './i18n.ts';

interface ThreadDetail {
  thread: Omit<ThreadRow, 'open_reports'>;
  posts: {
    id: number;
    author: string;
    body: string;
    is_first: boolean;
    state: 'visible' | 'hidden';
    created_at: number;
    open_reports: number;
    report_reasons: string[];
  }[];
}

type Pending =
  | { kind: 'thread'; action: 'hide' | 'restore' | 'lock' | 'unlock' }
  | { kind: 'post'; action: 'hide' | 'restore' | 'keep'; postId: number };

/** /admin/forum/:id: a thread with every post (hidden ones too) and its reports; hide, restore, close, keep. */
export default function ForumThreadPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`console.forum.${key}`);
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const path = '/api/admin/forum/thread';
  const detail = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, path, id],
    queryFn: ({ signal }) => consoleGet<ThreadDetail>(path, { id }, { signal, silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

  if (detail.isPending && Number.isInteger(id) && id > 0) {
    return (
      <ConsolePage title={k('detail')}>
        <Skeleton active />
      </ConsolePage>
    );
  }
  if (detail.isError || !detail.data) {
    const missing = !(id > 0) || (detail.error instanceof ApiError && detail.error.status === 404);
    return (
      <ConsolePage title={k('detail')}>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? k('notFound') : k('loadFailed')}
          subTitle={missing ? undefined : errorMessage(detail.error)}
          extra={!missing && <Button onClick={() => void detail.refetch()}>{k('retry')}</Button>}
        />
      </ConsolePage>
    );
  }
  const { thread, posts } = detail.data;
  const hidden = thread.state === 'hidden';
  const send = async (reason: string) => {
    if (!pending) return;
    if (pending.kind === 'thread') {
      await consolePost(`/api/admin/forum/thread/${pending.action}`, { id: thread.id, reason }, { silent: true });
    } else {
      await consolePost(`/api/admin/forum/post/${pending.action}`, { id: pending.postId, reason }, { silent: true });
    }
    toast.success(k('done'));
    await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
  };
  const label = (p: Pending) =>
    p.kind === 'thread' ? k(`actions.${p.action}`) : k(`actions.${p.action === 'keep' ? 'keep' : `${p.action}Post`}`);
  const explain = (p: Pending) =>
    p.kind === 'thread' ? k(`explain.${p.action}`) : k(`explain.${p.action === 'keep' ? 'keep' : `${p.action}Post`}`);
  const removes = pending?.action === 'hide';

  return (
    <ConsolePage
      title={thread.title}
      extra={
        <Space>
          {hidden ? (
            <Button onClick={() => setPending({ kind: 'thread', action: 'restore' })}>{k('actions.restore')}</Button>
          ) : (
            <>
              {thread.state === 'open' ? (
                <Button onClick={() => setPending({ kind: 'thread', action: 'lock' })}>{k('actions.lock')}</Button>
              ) : (
                <Button onClick={() => setPending({ kind: 'thread', action: 'unlock' })}>{k('actions.unlock')}</Button>
              )}
              <Button danger onClick={() => setPending({ kind: 'thread', action: 'hide' })}>
                {k('actions.hide')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      <Descriptions bordered column={2} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={k('fields.state')}>
          <Tag color={THREAD_COLOR[thread.state]}>{k(`states.${thread.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={k('fields.category')}>{thread.category}</Descriptions.Item>
        <Descriptions.Item label={k('fields.author')}>{thread.author}</Descriptions.Item>
        <Descriptions.Item label={k('fields.created')}>{formatBeijing(thread.created_at)}</Descriptions.Item>
      </Descriptions>
      {posts.length === 0 ? (
        <Empty description={k('noPosts')} />
      ) : (
        <ol className="ac-console-forum-posts" style={{ listStyle: 'none', padding: 0 }}>
          {posts.map((p) => (
            <li
              key={p.id}
              data-testid={`forum-post-${p.id}`}
              style={{ borderBottom: '1px solid #f0f0f0', padding: '12px 0', opacity: p.state === 'hidden' ? 0.6 : 1 }}
            >
              <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                <strong>{p.author}</strong>
                <span style={{ color: 'rgba(0,0,0,0.55)', fontSize: 12 }}>{formatBeijing(p.created_at)}</span>
                {p.is_first && <Tag>{k('firstPost')}</Tag>}
                <Tag color={THREAD_COLOR[p.state]}>{k(`states.${p.state}`)}</Tag>
                {p.open_reports > 0 && (
                  <Tag color="orange">
                    {k('fields.reports')} {p.open_reports}
                  </Tag>
                )}
                <span style={{ flex: 1 }} />
                {!p.is_first && !hidden && (
                  <Button
                    size="small"
                    danger={p.state === 'visible'}
                    onClick={() =>
                      setPending({ kind: 'post', action: p.state === 'visible' ? 'hide' : 'restore', postId: p.id })
                    }
                  >
                    {p.state === 'visible' ? k('actions.hidePost') : k('actions.restorePost')}
                  </Button>
                )}
                {p.open_reports > 0 && p.state === 'visible' && (
                  <Button size="small" onClick={() => setPending({ kind: 'post', action: 'keep', postId: p.id })}>
                    {k('actions.keep')}
                  </Button>
                )}
              </div>
              <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{p.body}</div>
              {p.report_reasons.length > 0 && (
                <div style={{ color: '#d46b08', fontSize: 12, marginTop: 4 }}>
                  {k('fields.reasons')}：{p.report_reasons.join('；')}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {pending && (
        <ReasonModal
          open
          title={label(pending)}
          description={explain(pending)}
          okText={label(pending)}
          danger={removes}
          onSubmit={send}
          onClose={() => setPending(null)}
        />
      )}
    </ConsolePage>
  );
}

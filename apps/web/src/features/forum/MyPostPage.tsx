import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Form, Input, Modal, Result, Select, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlainTable } from '../../components/plain/Table.tsx';
import { fieldErrors } from '../../platform/api-error.ts';
import { errorMessage } from '../../platform/api-reactions.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import { categories, createThread, type MyPost, myPosts, replyTo, reportPost, threadOf } from './forum-api.ts';
import { FORUM_NS } from './i18n.ts';

const STATE_COLOR = { open: 'green', visible: 'green', closed: 'default', hidden: 'red' } as const;
const FEEDBACK = 8;

/**
 * /front/my-post: the author's forum threads and replies with their state, from whichever forum is
 * configured (embedded or Discourse). `?compose=8` opens a new thread in that category (the
 * footer's feedback); `?thread=<id>` opens an embedded thread to read and reply.
 */
export default function MyPostPage() {
  const { t } = useTranslation(FORUM_NS);
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'reply' ? 'reply' : 'thread';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const compose = Number(search.get('compose')) || null;
  const threadId = Number(search.get('thread')) || null;
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) v === null ? next.delete(k) : next.set(k, v);
    setSearch(next);
  };
  const posts = useQuery({
    queryKey: ['forum', 'my-posts', tab, page],
    queryFn: ({ signal }) => myPosts(tab, page, signal),
    placeholderData: keepPreviousData,
  });
  const cats = useQuery({ queryKey: ['forum', 'categories'], queryFn: ({ signal }) => categories(signal) });
  const categoryName = (n: number) => cats.data?.list.find((c) => c.number === n)?.name ?? String(n);
  const external = posts.data?.provider === 'discourse';

  const open = (row: MyPost) => {
    if (external) window.open(row.url, '_blank', 'noopener');
    else set({ thread: String(row.thread_id) });
  };

  const columns = [
    {
      title: t('columns.title'),
      key: 'title',
      render: (_: unknown, row: MyPost) => (
        <Button type="link" onClick={() => open(row)} style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left' }}>
          {row.kind === 'thread' ? row.thread_title : `${t('replyTo', { title: row.thread_title })}：${row.excerpt}`}
        </Button>
      ),
    },
    { title: t('columns.category'), dataIndex: 'category', render: (n: number) => categoryName(n) },
    {
      title: t('columns.state'),
      dataIndex: 'state',
      render: (s: MyPost['state']) => <Tag color={STATE_COLOR[s]}>{t(`states.${s}`)}</Tag>,
    },
    ...(tab === 'thread' ? [{ title: t('columns.replies'), dataIndex: 'reply_count' }] : []),
    { title: t('columns.time'), dataIndex: 'created_at', render: (v: number) => formatBeijing(v) },
  ];

  return (
    <section className="ac-card" style={{ padding: 24 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <div>
          <h1 style={{ fontSize: 22, margin: 0 }}>{t('title')}</h1>
          <p style={{ color: 'rgba(0,0,0,0.55)' }}>{t('lead')}</p>
        </div>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button onClick={() => set({ compose: String(FEEDBACK) })}>{t('feedback')}</Button>
          <Button type="primary" onClick={() => set({ compose: '2' })}>
            {t('compose')}
          </Button>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => set({ tab: key, page: null })}
        items={(['thread', 'reply'] as const).map((key) => ({ key, label: t(`tabs.${key}`) }))}
      />
      {posts.isError && !posts.data ? (
        <Result
          status="error"
          title={t('loadFailed')}
          subTitle={errorMessage(posts.error)}
          extra={<Button onClick={() => void posts.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <PlainTable<MyPost>
          aria-label={t(`tabs.${tab}`)}
          rowKey={(r) => `${r.kind}-${r.id}`}
          loading={posts.isFetching}
          dataSource={posts.data?.list ?? []}
          columns={columns}
          emptyText={
            <Empty
              description={
                <>
                  {t('empty')}
                  <br />
                  {t('emptyHint')}
                </>
              }
            />
          }
          pagination={{
            current: page,
            pageSize: posts.data?.page_size ?? 20,
            total: posts.data?.total ?? 0,
            onChange: (p) => set({ page: String(p) }),
            hideOnSinglePage: true,
          }}
        />
      )}
      {compose !== null && (
        <ComposeDialog category={compose} options={cats.data?.list ?? []} onClose={() => set({ compose: null })} />
      )}
      {threadId !== null && !external && <ThreadDrawer id={threadId} onClose={() => set({ thread: null })} />}
    </section>
  );
}

function ComposeDialog(props: { category: number; options: { number: number; name: string }[]; onClose: () => void }) {
  const { t } = useTranslation(FORUM_NS);
  const [form] = Form.useForm<{ category: number; title: string; body: string }>();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (values: { category: number; title: string; body: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      await createThread(values);
      toast.success(t('sent'));
      await queryClient.invalidateQueries({ queryKey: ['forum', 'my-posts'] });
      props.onClose();
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.length) form.setFields(fields as never);
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('compose')}
      okText={t('send')}
      okButtonProps={{ loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      maskClosable={false}
      onCancel={() => !busy && props.onClose()}
      onOk={() => form.submit()}
    >
      <Form form={form} layout="vertical" initialValues={{ category: props.category }} onFinish={(v) => void send(v)}>
        <Form.Item name="category" label={t('category')}>
          <Select options={props.options.map((c) => ({ value: c.number, label: c.name }))} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('postTitle')}
          rules={[{ required: true, whitespace: true, min: 4, max: 60, message: t('postTitleRule') }]}
        >
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('body')}
          rules={[{ required: true, whitespace: true, min: 10, max: 5000, message: t('bodyRule') }]}
        >
          <Input.TextArea rows={6} maxLength={5000} showCount />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}

function ThreadDrawer(props: { id: number; onClose: () => void }) {
  const { t } = useTranslation(FORUM_NS);
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: ['forum', 'thread', props.id],
    queryFn: ({ signal }) => threadOf(props.id, signal),
    retry: false,
  });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState<number | null>(null);
  const send = async () => {
    if (text.trim().length < 2) return toast.error(t('replyRule'));
    setBusy(true);
    try {
      await replyTo(props.id, text.trim());
      setText('');
      toast.success(t('replied'));
      await queryClient.invalidateQueries({ queryKey: ['forum'] });
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const data = thread.data;
  return (
    <Drawer open width={640} title={data?.thread.title ?? t('thread')} onClose={props.onClose}>
      {thread.isError && <Result status="404" title={errorMessage(thread.error)} />}
      {data && (
        <>
          <ol style={{ listStyle: 'none', padding: 0 }}>
            {data.posts.map((p) => (
              <li key={p.id} style={{ borderBottom: '1px solid #f0f0f0', padding: '12px 0' }}>
                <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 12, display: 'flex', alignItems: 'center' }}>
                  <span style={{ flex: 1 }}>
                    {p.author} · {formatBeijing(p.created_at)}
                  </span>
                  <Button type="link" size="small" onClick={() => setReporting(p.id)}>
                    {t('report')}
                  </Button>
                </div>
                <div style={{ whiteSpace: 'pre-wrap' }}>{p.body}</div>
              </li>
            ))}
          </ol>
          {data.thread.state === 'closed' ? (
            <Alert type="info" title={t('closedNote')} />
          ) : (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              <Input.TextArea
                rows={3}
                value={text}
                maxLength={5000}
                aria-label={t('replyBox')}
                placeholder={t('replyBox')}
                onChange={(e) => setText(e.target.value)}
              />
              <Button type="primary" loading={busy} onClick={() => void send()} style={{ alignSelf: 'flex-end' }}>
                {t('reply')}
              </Button>
            </div>
          )}
        </>
      )}
      {reporting !== null && <ReportDialog postId={reporting} onClose={() => setReporting(null)} />}
    </Drawer>
  );
}

/** Reports a post to the brand's editors with a reason; the server's refusal stays in the dialog. */
function ReportDialog(props: { postId: number; onClose: () => void }) {
  const { t } = useTranslation(FORUM_NS);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    if (reason.trim().length < 2) return setFailure(t('reportRule'));
    setBusy(true);
    setFailure(null);
    try {
      await reportPost(props.postId, reason.trim());
      toast.success(t('reported'));
      props.onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('reportTitle')}
      okText={t('report')}
      okButtonProps={{ loading: busy, danger: true }}
      cancelButtonProps={{ disabled: busy }}
      maskClosable={false}
      onCancel={() => !busy && props.onClose()}
      onOk={() => void send()}
    >
      <p>{t('reportLead')}</p>
      <Input.TextArea
        rows={3}
        maxLength={200}
        showCount
        value={reason}
        aria-label={t('reportReason')}
        placeholder={t('reportReason')}
        onChange={(e) => setReason(e.target.value)}
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
    </Modal>
  );
}

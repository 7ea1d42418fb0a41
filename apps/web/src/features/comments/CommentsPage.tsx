import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Empty, Input, Modal, Popconfirm, Radio, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyRangePicker } from '../../components/LazyDatePicker.tsx';
import { LazySelect } from '../../components/LazySelect.tsx';
import { PlainTable } from '../../components/plain/Table.tsx';
import { toast } from '../../platform/notify.ts';
import { COMMENT_TYPES, type CommentItem, type CommentType, commentsApi, MUTE_DAYS } from './api.ts';
import { type ChapterChoice, ChapterSelect } from './ChapterSelect.tsx';
import { COMMENTS_NS } from './i18n.ts';
import './i18n.ts';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** A reply box with the author's default replies to pick from (used for one comment and for a batch). */
function ReplyModal(props: {
  title: string;
  open: boolean;
  /** Offers the person's other pen names to reply as (one comment at a time). */
  choosePenName?: boolean;
  onClose: () => void;
  onSend: (text: string, accountId?: number) => Promise<unknown>;
}) {
  const { t } = useTranslation(COMMENTS_NS);
  const [text, setText] = useState('');
  const [accountId, setAccountId] = useState<number | undefined>();
  const [pending, setPending] = useState(false);
  const defaults = useQuery({ queryKey: ['comment-defaults'], queryFn: commentsApi.defaults, enabled: props.open });
  const pens = useQuery({
    queryKey: ['comment-pen-names'],
    queryFn: commentsApi.penNames,
    enabled: props.open && props.choosePenName === true,
  });
  const send = async () => {
    setPending(true);
    try {
      await props.onSend(text, accountId);
      setText('');
      props.onClose();
    } catch {
      // The server's reason was shown as a toast; the text stays for the author to change.
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('send')}
      cancelText={t('cancel')}
      onOk={send}
      okButtonProps={{ disabled: !text.trim(), loading: pending }}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {(pens.data?.list.length ?? 0) > 1 && (
        <LazySelect
          style={{ width: '100%', marginBottom: 8 }}
          aria-label={t('replyAs')}
          value={accountId ?? pens.data?.list.find((p) => p.current === 1)?.account_id}
          onChange={(v: number) => setAccountId(v)}
          options={pens.data?.list.map((p) => ({ value: p.account_id, label: `${t('replyAs')}：${p.pen_name}` }))}
        />
      )}
      <LazySelect
        style={{ width: '100%', marginBottom: 8 }}
        placeholder={t('useDefault')}
        aria-label={t('useDefault')}
        options={(defaults.data?.list ?? []).map((d) => ({ value: d.content, label: d.content }))}
        onChange={(v: string) => setText(v)}
        value={null}
      />
      <Input.TextArea
        aria-label={t('replyPlaceholder')}
        placeholder={t('replyPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={500}
        showCount
        rows={4}
      />
    </Modal>
  );
}

function DefaultRepliesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(COMMENTS_NS);
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const q = useQuery({ queryKey: ['comment-defaults'], queryFn: commentsApi.defaults, enabled: open });
  const refresh = () => qc.invalidateQueries({ queryKey: ['comment-defaults'] });
  return (
    <Modal open={open} title={t('defaultReplies')} footer={null} onCancel={onClose}>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input
          aria-label={t('defaultPlaceholder')}
          placeholder={t('defaultPlaceholder')}
          value={text}
          maxLength={500}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          type="primary"
          disabled={!text.trim()}
          onClick={() =>
            commentsApi.addDefault(text).then(
              () => {
                setText('');
                refresh();
              },
              () => {},
            )
          }
        >
          {t('addDefault')}
        </Button>
      </Space.Compact>
      {(q.data?.list ?? []).map((d) => (
        <div key={d.id} className="ac-default-reply">
          <span>{d.content}</span>
          <Popconfirm
            title={t('remove')}
            okText={t('ok')}
            cancelText={t('cancel')}
            onConfirm={() => commentsApi.removeDefault(d.id).then(refresh)}
          >
            <Button type="link" size="small" danger>
              {t('remove')}
            </Button>
          </Popconfirm>
        </div>
      ))}
    </Modal>
  );
}

function ThreadDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(COMMENTS_NS);
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['comment-thread', id],
    queryFn: () => commentsApi.thread(id as number),
    enabled: id !== null,
  });
  const items = q.data ? [...(q.data.root ? [q.data.root] : []), ...q.data.replies] : [];
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('history')} width={480}>
      {items.map((c) => (
        <div key={c.comment_id} className="ac-thread-item" data-testid="thread-item">
          <Typography.Text strong>{c.reader_name}</Typography.Text>{' '}
          {c.from_author && <Tag color="blue">{t('author')}</Tag>}
          <Typography.Text type="secondary"> {time(c.created_at)}</Typography.Text>
          <div>{c.content}</div>
          {c.from_author && (
            <Popconfirm
              title={t('deleteConfirm')}
              okText={t('ok')}
              cancelText={t('cancel')}
              onConfirm={() =>
                commentsApi.remove(c.comment_id).then(() => {
                  qc.invalidateQueries({ queryKey: ['comment-thread', id] });
                  qc.invalidateQueries({ queryKey: ['comments'] });
                })
              }
            >
              <Button type="link" size="small" danger>
                {t('deleteReply')}
              </Button>
            </Popconfirm>
          )}
        </div>
      ))}
    </Drawer>
  );
}

/** /front/comment-manage/list and /fold: readers' comments on the author's books, answered and moderated here. */
export function CommentsPage({ folded }: { folded: boolean }) {
  const { t } = useTranslation(COMMENTS_NS);
  const qc = useQueryClient();
  const [bookId, setBookId] = useState<number | undefined>();
  const [chapter, setChapter] = useState<ChapterChoice | undefined>();
  const [type, setType] = useState<CommentType | undefined>();
  const [unread, setUnread] = useState(false);
  const [held, setHeld] = useState(false);
  const [range, setRange] = useState<{ start: number; end: number } | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [replyTo, setReplyTo] = useState<CommentItem | null>(null);
  const [batch, setBatch] = useState(false);
  const [defaults, setDefaults] = useState(false);
  const [thread, setThread] = useState<number | null>(null);
  const [reporting, setReporting] = useState<CommentItem | null>(null);
  const [reason, setReason] = useState('');
  const [muting, setMuting] = useState<CommentItem | null>(null);
  const [days, setDays] = useState(7);
  const params = {
    book_id: bookId,
    chapter_id: chapter?.id,
    type,
    unread: unread ? (1 as const) : undefined,
    held: held ? (1 as const) : undefined,
    start: range?.start,
    end: range?.end,
    page,
    page_size: 20,
  };
  const list = useQuery({ queryKey: ['comments', folded, params], queryFn: () => commentsApi.list(folded, params) });
  const books = useQuery({ queryKey: ['comment-books'], queryFn: commentsApi.books });
  const mutes = useQuery({ queryKey: ['comment-mutes'], queryFn: commentsApi.mutes });
  const refresh = () => {
    qc.invalidateQueries({ queryKey: ['comments'] });
    qc.invalidateQueries({ queryKey: ['comment-msg-num'] });
  };
  /** A filter changed: back to the first page, and nothing selected (a batch acts on what is in view). */
  const filtered = () => {
    setPage(1);
    setSelected([]);
  };
  /** Releases held comments; what happened to each is said (one: its reason when it could not be). */
  const release = async (ids: number[]) => {
    try {
      const r = await commentsApi.release(ids);
      const failures = r.results
        .filter((x) => !x.ok)
        .map((x) => (ids.length > 1 ? `#${x.comment_id} ` : '') + x.message);
      if (ids.length === 1) (r.failed ? toast.error : toast.success)(r.failed ? failures[0] : t('released'));
      else
        (r.failed ? toast.error : toast.success)(
          [t('releaseResult', { ok: r.succeeded, failed: r.failed }), ...failures].join('；'),
        );
      setSelected((keys) => keys.filter((k) => !ids.includes(k)));
      refresh();
    } catch {
      // The call failed as a whole: its reason was shown as a toast; nothing was selected away.
    }
  };
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      toast.success(t('done'));
      refresh();
    },
  });

  const columns = [
    {
      title: t('title'),
      key: 'comment',
      render: (_: unknown, c: CommentItem) => (
        <div data-testid="comment-row">
          <Space size={4} wrap>
            {c.unread && <Tag color="red">{t('unread')}</Tag>}
            {c.state === 'held' && <Tag color="purple">{t('heldTag')}</Tag>}
            {c.top && <Tag color="gold">{t('top')}</Tag>}
            <Tag>{t(`types.${c.type}`)}</Tag>
            <Typography.Text strong>{c.reader_name}</Typography.Text>
            <Typography.Text type="secondary">
              {c.book_title}
              {c.chapter_title ? ` · ${c.chapter_title}` : ''} · {time(c.created_at)}
            </Typography.Text>
            {c.rating ? <Tag color="orange">{t('rating', { count: c.rating })}</Tag> : null}
          </Space>
          {c.paragraph_text && (
            <blockquote className="ac-comment-paragraph" title={t('paragraph')}>
              {c.paragraph_text}
            </blockquote>
          )}
          <div className="ac-comment-content">{c.content}</div>
          {c.replies > 0 && (
            <Button type="link" size="small" onClick={() => setThread(c.comment_id)}>
              {t('replies', { count: c.replies })}
            </Button>
          )}
        </div>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 280,
      render: (_: unknown, c: CommentItem) =>
        c.state === 'held' ? (
          // A held comment is not shown to readers: it can be released, read in its thread, or reported.
          <Space size={0} wrap>
            <Popconfirm
              title={t('releaseConfirm')}
              okText={t('release')}
              cancelText={t('cancel')}
              onConfirm={() => release([c.comment_id])}
            >
              <Button type="link" size="small">
                {t('release')}
              </Button>
            </Popconfirm>
            <Button type="link" size="small" onClick={() => setThread(c.comment_id)}>
              {t('thread')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setReporting(c)}>
              {t('report')}
            </Button>
          </Space>
        ) : (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setReplyTo(c)}>
              {t('reply')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => act.mutate(() => commentsApi.flag('like', c.comment_id, !c.liked))}
            >
              {c.liked ? t('unlike') : t('like')}
            </Button>
            {c.root_id === null && (
              <Button
                type="link"
                size="small"
                onClick={() => act.mutate(() => commentsApi.flag('top', c.comment_id, !c.top))}
              >
                {c.top ? t('untop') : t('top')}
              </Button>
            )}
            {c.root_id === null && (
              <Button
                type="link"
                size="small"
                disabled={c.essence === 'applied'}
                onClick={() => act.mutate(() => commentsApi.essence(c.comment_id))}
              >
                {c.essence === 'applied' ? t('essenceApplied') : t('essence')}
              </Button>
            )}
            {folded ? (
              <Button
                type="link"
                size="small"
                onClick={() => act.mutate(() => commentsApi.flag('fold', c.comment_id, false))}
              >
                {t('unfold')}
              </Button>
            ) : (
              <Popconfirm
                title={t('foldConfirm')}
                okText={t('ok')}
                cancelText={t('cancel')}
                onConfirm={() => act.mutateAsync(() => commentsApi.flag('fold', c.comment_id, true))}
              >
                <Button type="link" size="small">
                  {t('fold')}
                </Button>
              </Popconfirm>
            )}
            <Button type="link" size="small" onClick={() => setThread(c.comment_id)}>
              {t('thread')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setMuting(c)}>
              {t('mute')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setReporting(c)}>
              {t('report')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <div className="ac-comments-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {folded ? t('foldTitle') : t('title')}
        </Typography.Title>
        <Link to={folded ? '/front/comment-manage/list' : '/front/comment-manage/fold'}>
          {folded ? t('toList') : t('toFold')}
        </Link>
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        <LazySelect
          aria-label={t('allBooks')}
          style={{ width: 200 }}
          allowClear
          placeholder={t('allBooks')}
          value={bookId}
          onChange={(v) => {
            setBookId(v);
            setChapter(undefined);
            filtered();
          }}
          options={(books.data?.list ?? []).map((b) => ({ value: b.id, label: b.title }))}
        />
        <ChapterSelect
          key={bookId ?? 0}
          bookId={bookId}
          value={chapter}
          onChange={(v) => {
            setChapter(v);
            filtered();
          }}
        />
        <LazySelect
          aria-label={t('allTypes')}
          style={{ width: 140 }}
          allowClear
          placeholder={t('allTypes')}
          value={type}
          onChange={(v) => {
            setType(v);
            filtered();
          }}
          options={COMMENT_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) }))}
        />
        <LazyRangePicker
          aria-label={t('time')}
          onChange={(days) => {
            // Whole days of the browser's calendar: the first day's start to the end of the last.
            setRange(
              days?.[0] && days[1]
                ? { start: days[0].startOf('day').valueOf(), end: days[1].endOf('day').valueOf() + 1 }
                : null,
            );
            filtered();
          }}
        />
        <Checkbox
          checked={unread}
          onChange={(e) => {
            setUnread(e.target.checked);
            filtered();
          }}
        >
          {t('unreadOnly')}
        </Checkbox>
        {!folded && (
          <Checkbox
            checked={held}
            onChange={(e) => {
              setHeld(e.target.checked);
              filtered();
            }}
          >
            {t('held')}
          </Checkbox>
        )}
        <Popconfirm
          title={t('markAllReadConfirm')}
          okText={t('ok')}
          cancelText={t('cancel')}
          onConfirm={() => act.mutateAsync(() => commentsApi.markAllRead())}
        >
          <Button>{t('markAllRead')}</Button>
        </Popconfirm>
        {held && !folded ? (
          <Popconfirm
            title={t('batchReleaseConfirm', { count: selected.length })}
            okText={t('release')}
            cancelText={t('cancel')}
            disabled={!selected.length}
            onConfirm={() => release(selected)}
          >
            <Button disabled={!selected.length} type="primary">
              {t('batchRelease', { count: selected.length })}
            </Button>
          </Popconfirm>
        ) : (
          <Button disabled={!selected.length} type="primary" onClick={() => setBatch(true)}>
            {t('batchReply', { count: selected.length })}
          </Button>
        )}
        <Button onClick={() => setDefaults(true)}>{t('defaultReplies')}</Button>
      </Space>
      {(mutes.data?.list.length ?? 0) > 0 && (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          message={t('mutes')}
          description={
            <Space wrap>
              {mutes.data?.list.map((m) => (
                <Tag key={m.reader_id}>
                  {m.reader_name}（{t('muted', { time: time(m.until) })}）
                  <Popconfirm
                    title={t('unmuteConfirm', { name: m.reader_name })}
                    okText={t('ok')}
                    cancelText={t('cancel')}
                    onConfirm={() =>
                      commentsApi.unmute(m.reader_id).then(() => qc.invalidateQueries({ queryKey: ['comment-mutes'] }))
                    }
                  >
                    <Button type="link" size="small">
                      {t('unmute')}
                    </Button>
                  </Popconfirm>
                </Tag>
              ))}
            </Space>
          }
        />
      )}
      {held && !folded && <Alert style={{ marginBottom: 12 }} type="warning" showIcon message={t('heldHint')} />}
      {list.isError ? (
        <Alert
          type="error"
          message={t('loadFailed')}
          action={<Button onClick={() => list.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <PlainTable<CommentItem>
          aria-label={folded ? t('foldTitle') : t('title')}
          rowKey="comment_id"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          columns={columns}
          emptyText={<Empty description={held && !folded ? t('heldEmpty') : t('empty')} />}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            onChange: setPage,
          }}
        />
      )}
      <ReplyModal
        open={replyTo !== null}
        title={`${t('reply')} ${replyTo?.reader_name ?? ''}`}
        onClose={() => setReplyTo(null)}
        choosePenName
        onSend={async (text, accountId) => {
          await commentsApi.reply(replyTo?.comment_id as number, text, accountId);
          toast.success(t('done'));
          refresh();
        }}
      />
      <ReplyModal
        open={batch}
        title={t('batchReply', { count: selected.length })}
        onClose={() => setBatch(false)}
        onSend={async (text) => {
          const r = await commentsApi.batchReply(selected, text);
          const failures = r.results.filter((x) => !x.ok).map((x) => `#${x.comment_id} ${x.message}`);
          (r.failed ? toast.error : toast.success)(
            [t('batchResult', { ok: r.succeeded, failed: r.failed }), ...failures].join('；'),
          );
          setSelected([]);
          refresh();
        }}
      />
      <DefaultRepliesModal open={defaults} onClose={() => setDefaults(false)} />
      <ThreadDrawer
        id={thread}
        onClose={() => {
          setThread(null);
          refresh();
        }}
      />
      <Modal
        open={reporting !== null}
        title={t('report')}
        okText={t('report')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2 }}
        onCancel={() => setReporting(null)}
        onOk={() =>
          commentsApi.report(reporting?.comment_id as number, reason.trim()).then(
            () => {
              toast.success(t('reportDone'));
              setReporting(null);
              setReason('');
            },
            () => {},
          )
        }
      >
        <Typography.Paragraph>{reporting?.content}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('reportReason')}
          placeholder={t('reportReason')}
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
      <Modal
        open={muting !== null}
        title={t('muteTitle', { name: muting?.reader_name ?? '' })}
        okText={t('mute')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true }}
        onCancel={() => setMuting(null)}
        onOk={() =>
          commentsApi.mute(muting?.comment_id as number, days).then(
            (r) => {
              toast.success(t('muted', { time: time(r.until) }));
              setMuting(null);
              qc.invalidateQueries({ queryKey: ['comment-mutes'] });
            },
            () => {},
          )
        }
      >
        <Typography.Paragraph>{t('muteBody')}</Typography.Paragraph>
        <Radio.Group
          value={days}
          onChange={(e) => setDays(e.target.value)}
          options={MUTE_DAYS.map((d) => ({ value: d, label: t('muteDays', { count: d }) }))}
        />
      </Modal>
    </div>
  );
}

export default function CommentListPage() {
  return <CommentsPage folded={false} />;
}

import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  ImportOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { formatCount } from '@author-centre/shared/format';
import { normalizeChapterTitle, refusedCharsMessage, refusedTitleChars } from '@author-centre/shared/validation-rules';
import { WORKS_LIMITS } from '@author-centre/shared/works';
import {
  Alert,
  Button,
  Checkbox,
  Dropdown,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Result,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { apiPost } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import { BookEditors } from './BookEditors.tsx';
import { INFO_PATH } from './BookListPage.tsx';
import { ExcludesPanel } from './ExcludesPanel.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { browserJournal } from './editor/journal.ts';
import { PublishDialog } from './editor/PublishDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { WORKS_NS } from './i18n.ts';
import { isMissing, LoadFailed } from './LoadFailed.tsx';
import { PublishNotices } from './PublishNotices.tsx';
import { ScheduledActions } from './ScheduledActions.tsx';
import {
  type ChapterItem,
  idParam,
  useBook,
  useChapters,
  useInvalidateWorks,
  usePayPoint,
  useRecycleBin,
  useRegular,
  useVolumes,
  type Volume,
} from './works-api.ts';
import './works.css';

/**
 * book-manage/manage (and screenplay/manage): volumes and chapters — create, rename, reorder,
 * move, publish, delete to the recycle bin and restore; the pay point; recurring publishing;
 * import and export; notices of late or stopped scheduled publications.
 */
export default function ChapterManagePage() {
  const { t } = useTranslation(WORKS_NS);
  const [params, setParams] = useSearchParams();
  const bookId = idParam(params, 'book_id');
  const book = useBook(bookId);
  const volumes = useVolumes(bookId);
  const invalidate = useInvalidateWorks();
  const navigate = useNavigate();
  const [tab, setTab] = useState('chapters');
  const [importing, setImporting] = useState(false);
  const journaled = useMemo(() => browserJournal.list().filter((e) => e.bookId === bookId), [bookId]);

  if (!bookId || (book.isError && isMissing(book.error))) {
    return (
      <Result
        status="404"
        title={t('info.notFound')}
        extra={<Link to="/front/book-manage/list">{t('info.backToList')}</Link>}
      />
    );
  }
  if ((book.isError && !book.data) || (volumes.isError && !volumes.data)) {
    return (
      <LoadFailed
        onRetry={() => {
          if (book.isError) void book.refetch();
          if (volumes.isError) void volumes.refetch();
        }}
      />
    );
  }
  if (!book.data || !volumes.data) {
    return (
      <div className="ac-works-center">
        <Spin />
      </div>
    );
  }
  const kind = book.data.kind;
  // The selected volume lives in the address: 新建章节 writes into it, and coming back from the editor returns to it.
  const wanted = idParam(params, 'volume_id');
  const volumeId = (
    volumes.data.find((v) => v.volume_id === wanted) ??
    volumes.data.find((v) => !v.is_notice) ??
    volumes.data[0]
  ).volume_id;
  const selectVolume = (id: number) =>
    setParams(
      (p) => {
        p.set('volume_id', String(id));
        return p;
      },
      { replace: true },
    );
  return (
    <div className="ac-works-page">
      <div className="ac-works-page__head">
        <h1>
          {book.data.title} · {t('manage.title')}
        </h1>
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(`/front/book-upload?book_id=${bookId}&volume_id=${volumeId}`)}
          >
            {t('manage.newChapter')}
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('manage.import')}
          </Button>
          <ExportMenu bookId={bookId} />
          <Link to={`/front/book-manage/draft?book_id=${bookId}`}>{t('list.draftBox')}</Link>
          <Link to={`/front/book-manage/stage?book_id=${bookId}`}>{t('list.stage')}</Link>
          <Link to={`${INFO_PATH[kind]}?book_id=${bookId}`}>{t('list.info')}</Link>
        </Space>
      </div>
      <Space style={{ marginBottom: 12 }} wrap>
        <span>
          {t('list.totalWords')} {formatCount(book.data.total_words)}
        </span>
        <span>
          {t('list.publishedWords')} {formatCount(book.data.published_words)}
        </span>
        <span>{t('list.chapters', { count: book.data.chapter_count })}</span>
        <BookEditors bookId={bookId} />
      </Space>
      {journaled.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('manage.journal', { count: journaled.length })}
          description={
            <Space wrap>
              {journaled.map((e) => (
                <Link key={e.chapterId} to={`/front/book-upload?book_id=${bookId}&chapter_id=${e.chapterId}`}>
                  {e.draft.title || t('editor.newChapter')}
                </Link>
              ))}
            </Space>
          }
        />
      )}
      <PublishNotices bookId={bookId} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'chapters',
            label: t('manage.chapters'),
            children: (
              <ChaptersTab bookId={bookId} volumes={volumes.data} volumeId={volumeId} onVolume={selectVolume} />
            ),
          },
          {
            key: 'bin',
            label: t('manage.recycleBin'),
            children: <RecycleBin bookId={bookId} active={tab === 'bin'} />,
          },
          { key: 'settings', label: t('manage.settings'), children: <Settings bookId={bookId} /> },
        ]}
      />
      {importing && (
        <ImportDialog
          bookId={bookId}
          volumes={volumes.data}
          onClose={() => setImporting(false)}
          onDone={() => {
            setImporting(false);
            void invalidate();
          }}
        />
      )}
    </div>
  );
}

function ChaptersTab({
  bookId,
  volumes,
  volumeId,
  onVolume,
}: {
  bookId: number;
  volumes: Volume[];
  volumeId: number;
  onVolume: (volumeId: number) => void;
}) {
  const { t } = useTranslation(WORKS_NS);
  const invalidate = useInvalidateWorks();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [volumeEdit, setVolumeEdit] = useState<{ id: number | null; title: string } | null>(null);
  const [volumeDelete, setVolumeDelete] = useState<Volume | null>(null);
  const [moving, setMoving] = useState<{ chapter: ChapterItem; position: number } | null>(null);
  const [removing, setRemoving] = useState<ChapterItem | null>(null);
  const [publishing, setPublishing] = useState<ChapterItem | null>(null);
  // Publishing from the list asks first: one click next to 编辑 must not put a chapter before readers for good.
  const [publishAsk, setPublishAsk] = useState<ChapterItem | null>(null);
  const [payPointAt, setPayPointAt] = useState<ChapterItem | null>(null);
  const chapters = useChapters(bookId, volumeId, page);
  const pay = usePayPoint(bookId);
  // The last chapter of the last page went (deleted, moved away): show the page that is now last,
  // not an empty page saying the volume has no chapters.
  useEffect(() => {
    const d = chapters.data;
    if (d && !chapters.isPlaceholderData && d.list.length === 0 && d.total > 0 && page > 1) {
      setPage(Math.max(1, Math.ceil(d.total / d.page_size)));
    }
  }, [chapters.data, chapters.isPlaceholderData, page]);

  const act = async (fn: () => Promise<unknown>, done?: string) => {
    await fn();
    if (done) toast.success(done);
    void invalidate();
  };
  /** For buttons: a refusal was already said in a toast (the api layer's), and nothing changed. */
  const quietly = (p: Promise<unknown>) => p.catch(() => undefined);
  // The volume name follows the chapter-title reading of §5 (decisions.md): said under the field as
  // the author types, naming the characters refused, not after sending.
  const volumeTitle = normalizeChapterTitle(volumeEdit?.title ?? '');
  const volumeRefused = refusedTitleChars(volumeTitle, true);
  const volumeProblem = volumeRefused.length ? refusedCharsMessage(volumeRefused, true)[currentLocale()] : null;
  const saveVolume = () => {
    if (!volumeTitle || volumeProblem) return;
    void act(
      () =>
        apiPost('/api/pc/v1/book-chapter/volume-save', {
          book_id: bookId,
          ...(volumeEdit?.id ? { volume_id: volumeEdit.id } : {}),
          title: volumeEdit?.title ?? '',
        }),
      t('common.saved'),
    )
      .then(() => setVolumeEdit(null))
      .catch(() => undefined);
  };
  const movable = volumes.filter((v) => !v.is_notice);
  const sortVolume = (id: number, by: number) => {
    const ids = movable.map((v) => v.volume_id);
    const i = ids.indexOf(id);
    const [x] = ids.splice(i, 1);
    ids.splice(i + by, 0, x);
    void quietly(act(() => apiPost('/api/pc/v1/book-chapter/volume-sort', { book_id: bookId, volume_ids: ids })));
  };
  const offset = (page - 1) * (chapters.data?.page_size ?? 30);
  const moveBy = (c: ChapterItem, index: number, by: number) =>
    act(() =>
      apiPost('/api/pc/v1/book-chapter/move', {
        chapter_id: c.chapter_id,
        volume_id: c.volume_id,
        position: offset + index + by,
      }),
    );

  return (
    <div className="ac-manage">
      <div className="ac-manage__volumes">
        <List
          size="small"
          dataSource={volumes}
          renderItem={(v) => {
            const i = movable.indexOf(v);
            return (
              <List.Item
                className={v.volume_id === volumeId ? 'is-selected' : undefined}
                onClick={() => {
                  onVolume(v.volume_id);
                  setPage(1);
                }}
                data-testid={`volume-${v.volume_id}`}
                actions={
                  v.is_notice
                    ? []
                    : [
                        <Dropdown
                          key="more"
                          trigger={['click']}
                          menu={{
                            items: [
                              {
                                key: 'rename',
                                label: t('manage.renameVolume'),
                                onClick: () => setVolumeEdit({ id: v.volume_id, title: v.title }),
                              },
                              {
                                key: 'up',
                                label: t('manage.volumeUp'),
                                disabled: i <= 0,
                                onClick: () => sortVolume(v.volume_id, -1),
                              },
                              {
                                key: 'down',
                                label: t('manage.volumeDown'),
                                disabled: i === movable.length - 1,
                                onClick: () => sortVolume(v.volume_id, 1),
                              },
                              {
                                key: 'delete',
                                // Only an empty volume can go: say so in the menu, not after a confirmation.
                                label: v.chapters > 0 ? t('manage.deleteVolumeNotEmpty') : t('manage.deleteVolume'),
                                danger: true,
                                disabled: v.chapters > 0,
                                onClick: () => setVolumeDelete(v),
                              },
                            ],
                          }}
                        >
                          <Button size="small" type="text" onClick={(e) => e.stopPropagation()}>
                            ···
                          </Button>
                        </Dropdown>,
                      ]
                }
              >
                {/* A real button, so the volumes can be chosen from the keyboard (Tab, Enter) too. */}
                <button
                  type="button"
                  className="ac-manage__volume"
                  aria-current={v.volume_id === volumeId ? 'true' : undefined}
                >
                  <Space direction="vertical" size={0}>
                    <span>{v.title}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {v.is_notice
                        ? t('manage.notice')
                        : `${t('list.chapters', { count: v.chapters })} · ${formatCount(v.words)}`}
                    </Typography.Text>
                  </Space>
                </button>
              </List.Item>
            );
          }}
        />
        <Button block icon={<PlusOutlined />} onClick={() => setVolumeEdit({ id: null, title: '' })}>
          {t('manage.newVolume')}
        </Button>
      </div>
      <div>
        <Space style={{ marginBottom: 12 }}>
          <Button
            icon={<PlusOutlined />}
            onClick={() => navigate(`/front/book-upload?book_id=${bookId}&volume_id=${volumeId}`)}
          >
            {t('manage.newChapter')}
          </Button>
        </Space>
        <Table<ChapterItem>
          rowKey="chapter_id"
          size="middle"
          loading={chapters.isFetching && !chapters.data}
          dataSource={chapters.data?.list}
          locale={{
            emptyText: chapters.isError ? (
              <LoadFailed compact onRetry={() => chapters.refetch()} />
            ) : (
              <Empty description={t('manage.empty')} />
            ),
          }}
          pagination={{
            current: page,
            pageSize: chapters.data?.page_size ?? 30,
            total: chapters.data?.total,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: t('manage.columns.title'),
              dataIndex: 'title',
              // The other columns have fixed widths: without a minimum, a title wrapped every few characters.
              minWidth: 160,
              render: (title: string, c) => (
                <Link to={`/front/book-upload?book_id=${bookId}&chapter_id=${c.chapter_id}`}>
                  {title || t('editor.newChapter')}
                </Link>
              ),
            },
            {
              title: t('manage.columns.status'),
              dataIndex: 'status',
              width: 220,
              render: (s: ChapterItem['status'], c) =>
                c.scheduled_at ? (
                  <ScheduledActions bookId={bookId} chapter={c} />
                ) : (
                  <Tag color={s === 'published' ? 'green' : s === 'revised' ? 'orange' : 'default'}>
                    {t(`manage.status.${s}`)}
                  </Tag>
                ),
            },
            { title: t('manage.columns.words'), dataIndex: 'words', width: 70 },
            {
              title: t('manage.columns.vip'),
              dataIndex: 'vip',
              width: 80,
              render: (vip: number, c) => (
                <Space size={2}>
                  <Tag color={vip ? 'gold' : undefined}>{t(`manage.vip.${vip ? 1 : 0}`)}</Tag>
                  {pay.data?.pay_point_chapter_id === c.chapter_id && <Tag color="red">{t('manage.payPoint')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('manage.columns.updated'),
              dataIndex: 'updated_at',
              width: 150,
              render: (v: number) => formatBeijing(v),
            },
            {
              title: t('manage.columns.actions'),
              width: 260,
              render: (_, c, index) => (
                <Space size={4} wrap>
                  <Link to={`/front/book-upload?book_id=${bookId}&chapter_id=${c.chapter_id}`}>
                    <Button size="small" type="link" icon={<EditOutlined />}>
                      {t('manage.edit')}
                    </Button>
                  </Link>
                  {c.status !== 'published' && (
                    <Button size="small" type="link" onClick={() => setPublishAsk(c)}>
                      {t('manage.publish')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('manage.up')}
                    disabled={offset + index === 0}
                    onClick={() => void quietly(moveBy(c, index, -1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('manage.down')}
                    disabled={offset + index >= (chapters.data?.total ?? 0) - 1}
                    onClick={() => void quietly(moveBy(c, index, 1))}
                  />
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        {
                          key: 'move',
                          label: t('manage.move'),
                          onClick: () => setMoving({ chapter: c, position: offset + index + 1 }),
                        },
                        ...(c.counted
                          ? [
                              {
                                key: 'pay',
                                label: t('manage.payPointSet'),
                                onClick: () => setPayPointAt(c),
                              },
                            ]
                          : []),
                        {
                          key: 'delete',
                          label: t('manage.remove'),
                          danger: true,
                          icon: <DeleteOutlined />,
                          onClick: () => setRemoving(c),
                        },
                      ],
                    }}
                  >
                    <Button size="small" type="text">
                      ···
                    </Button>
                  </Dropdown>
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Modal
        open={Boolean(volumeEdit)}
        title={volumeEdit?.id ? t('manage.renameVolume') : t('manage.newVolume')}
        onCancel={() => setVolumeEdit(null)}
        onOk={saveVolume}
        okButtonProps={{ disabled: !volumeTitle || Boolean(volumeProblem) }}
        destroyOnHidden
      >
        <Input
          autoFocus
          onPressEnter={saveVolume}
          aria-label={t('manage.volumeName')}
          placeholder={t('manage.volumeName')}
          value={volumeEdit?.title}
          maxLength={WORKS_LIMITS.volumeTitleMax}
          status={volumeProblem ? 'error' : undefined}
          aria-invalid={Boolean(volumeProblem)}
          onChange={(e) => setVolumeEdit((v) => (v ? { ...v, title: e.target.value } : v))}
        />
        {volumeProblem && (
          <div className="ac-editor__title-problem" role="alert">
            {volumeProblem}
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={Boolean(volumeDelete)}
        title={t('manage.deleteVolumeTitle', { title: volumeDelete?.title })}
        onConfirm={() =>
          act(() =>
            apiPost('/api/pc/v1/book-chapter/volume-delete', { book_id: bookId, volume_id: volumeDelete?.volume_id }),
          ).then(() => setVolumeDelete(null))
        }
        onCancel={() => setVolumeDelete(null)}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('manage.removeTitle', { title: removing?.title })}
        plainTxt={t('manage.removeTxt')}
        // Deleting cancels a scheduled publication and restoring does not bring it back: said before, not found out after.
        plainTips={
          removing?.scheduled_at
            ? t('manage.removeScheduled', { time: formatBeijing(removing.scheduled_at) })
            : removing && removing.status !== 'draft'
              ? t('manage.removePublished')
              : undefined
        }
        onConfirm={() =>
          act(
            () => apiPost('/api/pc/v1/book-chapter/delete', { chapter_id: removing?.chapter_id }),
            t('manage.removed'),
          ).then(() => setRemoving(null))
        }
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={Boolean(payPointAt)}
        title={t('manage.payPointConfirm', { title: payPointAt?.title || t('editor.newChapter') })}
        plainTxt={t('manage.payPointConfirmTxt')}
        onConfirm={() =>
          act(
            () => apiPost('/api/pc/v1/book/set-pay-point', { book_id: bookId, chapter_id: payPointAt?.chapter_id }),
            t('manage.payPointSaved'),
          ).then(() => setPayPointAt(null))
        }
        onCancel={() => setPayPointAt(null)}
      />
      {moving && (
        <MoveDialog
          chapter={moving.chapter}
          position={moving.position}
          volumes={volumes}
          onClose={() => setMoving(null)}
          onMove={(v, position) =>
            act(() =>
              apiPost('/api/pc/v1/book-chapter/move', {
                chapter_id: moving.chapter.chapter_id,
                volume_id: v,
                position,
              }),
            ).then(() => setMoving(null))
          }
        />
      )}
      <ConfirmDialog
        open={Boolean(publishAsk)}
        title={t(publishAsk?.status === 'revised' ? 'manage.publishRevisedConfirm' : 'manage.publishConfirm', {
          title: publishAsk?.title || t('editor.newChapter'),
        })}
        plainTxt={t(publishAsk?.status === 'revised' ? 'manage.publishRevisedTxt' : 'manage.publishConfirmTxt')}
        btnTxt={t('manage.publish')}
        onConfirm={() => {
          setPublishing(publishAsk);
          setPublishAsk(null);
        }}
        onCancel={() => setPublishAsk(null)}
      />
      {publishing && (
        <PublishDialog
          chapterId={publishing.chapter_id}
          onClose={() => setPublishing(null)}
          onPublished={() => {
            setPublishing(null);
            toast.success(t('publish.success'));
            void invalidate();
          }}
          onLocate={() => navigate(`/front/book-upload?book_id=${bookId}&chapter_id=${publishing.chapter_id}`)}
        />
      )}
    </div>
  );
}

function MoveDialog(props: {
  chapter: ChapterItem;
  /** Where the chapter stands now in its volume (1-based): the dialog starts there. */
  position: number;
  volumes: Volume[];
  onClose: () => void;
  onMove: (volumeId: number, position: number) => Promise<unknown>;
}) {
  const { t } = useTranslation(WORKS_NS);
  const [volumeId, setVolumeId] = useState(props.chapter.volume_id);
  const [position, setPosition] = useState<number | null>(props.position);
  const target = props.volumes.find((v) => v.volume_id === volumeId);
  // Into another volume the chapter can also go after its last chapter.
  const last = Math.max(1, (target?.chapters ?? 0) + (volumeId === props.chapter.volume_id ? 0 : 1));
  return (
    <Modal
      open
      title={t('manage.moveTitle', { title: props.chapter.title || t('editor.newChapter') })}
      onCancel={props.onClose}
      // A refusal (a published chapter would change between free and paid) is said in a toast; the dialog stays.
      onOk={() => void props.onMove(volumeId, Math.max(0, Math.min(position ?? 1, last) - 1)).catch(() => undefined)}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('manage.moveTo')}
          // What a move into or out of 作品相关 does to the counts, said before it happens.
          extra={
            target?.is_notice && !props.volumes.find((v) => v.volume_id === props.chapter.volume_id)?.is_notice
              ? t('manage.moveIntoNotice')
              : undefined
          }
        >
          <Select
            value={volumeId}
            onChange={(v) => {
              setVolumeId(v);
              // Into another volume: after its last chapter, unless the author says otherwise.
              const to = props.volumes.find((x) => x.volume_id === v);
              setPosition(v === props.chapter.volume_id ? props.position : (to?.chapters ?? 0) + 1);
            }}
            options={props.volumes.map((v) => ({ value: v.volume_id, label: v.title }))}
          />
        </Form.Item>
        <Form.Item label={t('manage.position')} extra={t('manage.positionRange', { count: last })}>
          <InputNumber min={1} max={last} precision={0} value={position} onChange={setPosition} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RecycleBin({ bookId, active }: { bookId: number; active: boolean }) {
  const { t } = useTranslation(WORKS_NS);
  const bin = useRecycleBin(bookId, active);
  const invalidate = useInvalidateWorks();
  if (bin.isLoading) return <Spin />;
  if (bin.isError && !bin.data) return <LoadFailed compact onRetry={() => bin.refetch()} />;
  if (!bin.data?.length) return <Empty description={t('manage.binEmpty')} />;
  return (
    <List
      dataSource={bin.data}
      renderItem={(c) => (
        <List.Item
          actions={[
            <Button
              key="restore"
              onClick={async () => {
                try {
                  await apiPost('/api/pc/v1/book-chapter/restore', { chapter_id: c.chapter_id });
                } catch {
                  return; // refused (e.g. it would change a published chapter between free and paid): said in a toast
                }
                toast.success(t('manage.restored'));
                void invalidate();
              }}
            >
              {t('manage.restore')}
            </Button>,
          ]}
        >
          <Space>
            <span>{c.title || t('editor.newChapter')}</span>
            <Tag>{t(`manage.status.${c.status}`)}</Tag>
            <Typography.Text type="secondary">
              {t('manage.deletedAt', { time: formatBeijing(c.deleted_at) })}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

function Settings({ bookId }: { bookId: number }) {
  const { t } = useTranslation(WORKS_NS);
  const pay = usePayPoint(bookId);
  const regular = useRegular(bookId);
  const invalidate = useInvalidateWorks();
  const [form] = Form.useForm();
  const [clearing, setClearing] = useState(false);
  const clearPayPoint = async () => {
    await apiPost('/api/pc/v1/book/set-pay-point', { book_id: bookId, chapter_id: null });
    toast.success(t('manage.payPointCleared'));
    setClearing(false);
    void invalidate();
  };
  useEffect(() => {
    if (regular.data)
      form.setFieldsValue({
        enabled: regular.data.enabled,
        time: dayjs(regular.data.time, 'HH:mm'),
        weekdays: regular.data.weekdays,
        count: regular.data.count,
      });
  }, [regular.data, form]);
  const saveRegular = async (v: { enabled: boolean; time: dayjs.Dayjs; weekdays: number[]; count: number }) => {
    try {
      await apiPost('/api/pc/v1/book-chapter/regular-time-data', {
        book_id: bookId,
        enabled: v.enabled,
        time: v.time.format('HH:mm'),
        weekdays: v.weekdays,
        count: v.count,
      });
    } catch {
      return; // the refusal was said in a toast; the form keeps what the author entered
    }
    toast.success(t('manage.regularSaved'));
    void regular.refetch();
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <section>
        <h3>{t('manage.payPoint')}</h3>
        <Typography.Paragraph type="secondary">{t('manage.payPointHint')}</Typography.Paragraph>
        {pay.data && (
          <Space wrap>
            <span>{pay.data.pay_point_chapter_title ?? t('manage.payPointNone')}</span>
            <span>{t('manage.freeWords', { count: pay.data.free_chapters, words: pay.data.free_words })}</span>
            {pay.data.pay_point_chapter_id && !pay.data.has_published_paid && (
              <Button size="small" onClick={() => setClearing(true)}>
                {t('manage.payPointClear')}
              </Button>
            )}
          </Space>
        )}
        <ConfirmDialog
          open={clearing}
          title={t('manage.payPointClearConfirm', { title: pay.data?.pay_point_chapter_title ?? '' })}
          plainTxt={t('manage.payPointClearTxt')}
          onConfirm={clearPayPoint}
          onCancel={() => setClearing(false)}
        />
      </section>
      <section>
        <h3>{t('manage.regular')}</h3>
        <Typography.Paragraph type="secondary">
          {t('manage.regularHint')}
          <br />
          <span data-testid="regular-zone">{t('manage.regularZone')}</span>
        </Typography.Paragraph>
        <Form form={form} layout="inline" onFinish={(v) => void saveRegular(v)}>
          <Form.Item name="enabled" label={t('manage.regularEnabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="time" label={t('manage.regularTimeBeijing')} rules={[{ required: true }]}>
            <TimePicker format="HH:mm" minuteStep={5} />
          </Form.Item>
          <Form.Item name="count" label={t('manage.regularCount')}>
            <InputNumber min={1} max={20} />
          </Form.Item>
          <Form.Item
            name="weekdays"
            label={t('manage.regularDays')}
            dependencies={['enabled']}
            // Said at the field before anything is sent: a schedule that is on but has no day never fires.
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value?: number[]) =>
                  getFieldValue('enabled') && !value?.length
                    ? Promise.reject(new Error(t('manage.regularNoDays')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Checkbox.Group
              options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`manage.weekdays.${d}`) }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('manage.regularSave')}
            </Button>
          </Form.Item>
        </Form>
        {regular.data?.next_run_at && (
          <Typography.Paragraph style={{ marginTop: 12 }}>
            {t('manage.regularNextBeijing', { time: formatBeijing(regular.data.next_run_at) })}
          </Typography.Paragraph>
        )}
        {regular.data?.queue.length ? (
          <Typography.Paragraph type="secondary">
            {t('manage.regularQueue')}：{regular.data.queue.map((q) => q.title).join('、')}
          </Typography.Paragraph>
        ) : null}
        {regular.data?.skipped?.length ? (
          <Typography.Paragraph type="secondary" data-testid="regular-skipped">
            {t('manage.regularSkipped', { words: WORKS_LIMITS.shortChapterWords })}
            {regular.data.skipped
              .map(
                (q) =>
                  `${q.title || t('editor.newChapter')}（${
                    q.reason === 'notice'
                      ? t('manage.regularSkipReason.notice')
                      : t('manage.regularSkipReason.short', { count: q.words })
                  }）`,
              )
              .join('、')}
          </Typography.Paragraph>
        ) : null}
      </section>
      <ExcludesPanel />
    </Space>
  );
}

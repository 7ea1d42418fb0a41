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
import { Alert, Button, Empty, Input, Modal, Result, Space, Spin, Tag } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LazyDropdown } from '../../components/LazyDropdown.tsx';
import { PlainButton } from '../../components/plain/Button.tsx';
import { PlainTable } from '../../components/plain/Table.tsx';
import { PlainTabs } from '../../components/plain/Tabs.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { apiPost } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import { BookEditors } from './BookEditors.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { browserJournal } from './editor/journal.ts';
import { WORKS_NS } from './i18n.ts';
import { isMissing, LoadFailed } from './LoadFailed.tsx';
import { PublishNotices } from './PublishNotices.tsx';
import { ScheduledActions } from './ScheduledActions.tsx';
import {
  type ChapterItem,
  INFO_PATH,
  idParam,
  useBook,
  useChapters,
  useInvalidateWorks,
  usePayPoint,
  useRecycleBin,
  useVolumes,
  type Volume,
} from './works-api.ts';
import './works.css';

/**
 * A chapter's status as a tag. The rows are plain elements, not antd's Tag, Space and Button: thirty rows of
 * those were most of the work of showing the list when its data arrived (issue 19).
 */
const STATUS_TAG: Record<ChapterItem['status'], string> = {
  published: ' ac-tag--green',
  revised: ' ac-tag--orange',
  draft: '',
};

// What the chapter list does not show until asked: the settings tab (antd's time picker), the move, publish and
// import dialogs. Each downloads when first opened, so the list's first visit loads none of them (issue 19).
const Settings = lazy(() => import('./ChapterManageSettings.tsx').then((m) => ({ default: m.Settings })));
const MoveDialog = lazy(() => import('./ChapterMoveDialog.tsx').then((m) => ({ default: m.MoveDialog })));
const PublishDialog = lazy(() => import('./editor/PublishDialog.tsx').then((m) => ({ default: m.PublishDialog })));
const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));

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
      <PlainTabs
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
          {
            key: 'settings',
            label: t('manage.settings'),
            children: (
              <Suspense fallback={<Spin />}>
                <Settings bookId={bookId} />
              </Suspense>
            ),
          },
        ]}
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog
            bookId={bookId}
            volumes={volumes.data}
            onClose={() => setImporting(false)}
            onDone={() => {
              setImporting(false);
              void invalidate();
            }}
          />
        </Suspense>
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
        <ul className="ac-list ac-list--small">
          {volumes.map((v) => {
            const i = movable.indexOf(v);
            return (
              // A click anywhere on the row chooses the volume; from the keyboard, its button inside does.
              <li
                key={v.volume_id}
                className={v.volume_id === volumeId ? 'ac-list__item is-selected' : 'ac-list__item'}
                onClick={() => {
                  onVolume(v.volume_id);
                  setPage(1);
                }}
                data-testid={`volume-${v.volume_id}`}
              >
                {/* A real button, so the volumes can be chosen from the keyboard (Tab, Enter) too. */}
                <button
                  type="button"
                  className="ac-manage__volume"
                  aria-current={v.volume_id === volumeId ? 'true' : undefined}
                >
                  <Space direction="vertical" size={0}>
                    <span>{v.title}</span>
                    <span className="ac-manage__muted" style={{ fontSize: 12 }}>
                      {v.is_notice
                        ? t('manage.notice')
                        : `${t('list.chapters', { count: v.chapters })} · ${formatCount(v.words)}`}
                    </span>
                  </Space>
                </button>
                {!v.is_notice && (
                  <ul className="ac-list__actions">
                    <li>
                      <LazyDropdown
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
                      </LazyDropdown>
                    </li>
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
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
        <PlainTable<ChapterItem>
          aria-label={t('manage.title')}
          rowKey="chapter_id"
          size="middle"
          loading={chapters.isFetching && !chapters.data}
          dataSource={chapters.data?.list}
          emptyText={
            chapters.isError ? (
              <LoadFailed compact onRetry={() => chapters.refetch()} />
            ) : (
              <Empty description={t('manage.empty')} />
            )
          }
          pagination={{
            current: page,
            pageSize: chapters.data?.page_size ?? 30,
            total: chapters.data?.total ?? 0,
            onChange: setPage,
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
                  <span className={`ac-tag${STATUS_TAG[s]}`}>{t(`manage.status.${s}`)}</span>
                ),
            },
            { title: t('manage.columns.words'), dataIndex: 'words', width: 70 },
            {
              title: t('manage.columns.vip'),
              dataIndex: 'vip',
              width: 80,
              render: (vip: number, c) => (
                <span className="ac-row">
                  <span className={vip ? 'ac-tag ac-tag--gold' : 'ac-tag'}>{t(`manage.vip.${vip ? 1 : 0}`)}</span>
                  {pay.data?.pay_point_chapter_id === c.chapter_id && (
                    <span className="ac-tag ac-tag--red">{t('manage.payPoint')}</span>
                  )}
                </span>
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
                <span className="ac-row">
                  <Link
                    className="ac-btn ac-btn--sm ac-btn--link"
                    to={`/front/book-upload?book_id=${bookId}&chapter_id=${c.chapter_id}`}
                  >
                    <EditOutlined />
                    <span>{t('manage.edit')}</span>
                  </Link>
                  {c.status !== 'published' && (
                    <PlainButton size="small" type="link" onClick={() => setPublishAsk(c)}>
                      {t('manage.publish')}
                    </PlainButton>
                  )}
                  <PlainButton
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('manage.up')}
                    disabled={offset + index === 0}
                    onClick={() => void quietly(moveBy(c, index, -1))}
                  />
                  <PlainButton
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('manage.down')}
                    disabled={offset + index >= (chapters.data?.total ?? 0) - 1}
                    onClick={() => void quietly(moveBy(c, index, 1))}
                  />
                  <LazyDropdown
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
                    <PlainButton size="small" type="text">
                      ···
                    </PlainButton>
                  </LazyDropdown>
                </span>
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
        <Suspense fallback={null}>
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
        </Suspense>
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
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </div>
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
    <ul className="ac-list">
      {bin.data.map((c) => (
        <li key={c.chapter_id} className="ac-list__item">
          <Space>
            <span>{c.title || t('editor.newChapter')}</span>
            <Tag>{t(`manage.status.${c.status}`)}</Tag>
            <span className="ac-manage__muted">{t('manage.deletedAt', { time: formatBeijing(c.deleted_at) })}</span>
          </Space>
          <ul className="ac-list__actions">
            <li>
              <Button
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
              </Button>
            </li>
          </ul>
        </li>
      ))}
    </ul>
  );
}

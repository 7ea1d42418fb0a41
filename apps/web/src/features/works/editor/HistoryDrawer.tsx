import { Alert, Button, Drawer, Empty, List, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { apiPost } from '../../../platform/api.ts';
import { toast } from '../../../platform/notify.ts';
import { WORKS_NS } from '../i18n.ts';
import { type DiffRow, formatTime, type SaveReply, useDiff, useHistory } from '../works-api.ts';

/** Version history (explicit saves, publications, restores, conflicts, periodic autosaves) with a side-by-side diff. */
export function HistoryDrawer(props: {
  open: boolean;
  chapterId: number;
  hasPublished: boolean;
  onClose: () => void;
  baseRevision: () => number;
  /** Saves what is unsaved; false when some typed text could not be saved (then nothing is restored). */
  beforeRestore: () => Promise<boolean>;
  onRestored: (reply: SaveReply) => Promise<void>;
}) {
  const { t } = useTranslation(WORKS_NS);
  const history = useHistory(props.chapterId, props.open);
  const [selected, setSelected] = useState<number | null>(null);
  const [against, setAgainst] = useState<'current' | 'published'>('current');
  const [confirm, setConfirm] = useState(false);
  const [refused, setRefused] = useState(false);
  const diff = useDiff(props.chapterId, selected, against);

  const restore = async () => {
    if (!selected) return;
    // Restoring replaces the editor's text: never while some of it is not on the server.
    if (!(await props.beforeRestore())) {
      setConfirm(false);
      setRefused(true);
      toast.error(t('history.unsavedRefused'));
      return;
    }
    setRefused(false);
    try {
      const reply = await apiPost<SaveReply>('/api/pc/v1/book-chapter/history-restore', {
        chapter_id: props.chapterId,
        version_id: selected,
        base_revision: props.baseRevision(),
      });
      await props.onRestored(reply);
      toast.success(t('history.restored'));
    } finally {
      setConfirm(false);
      void history.refetch();
      // The current text is now the restored one: compare against it, not the text it replaced.
      void diff.refetch();
    }
  };

  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      width={selected ? 1100 : 420}
      title={t('history.title')}
      destroyOnHidden
    >
      <div className="ac-history">
        <div className="ac-history__list">
          {history.isLoading ? (
            <Spin />
          ) : history.isError && !history.data ? (
            // A failed load is never shown as "no versions yet": the author would think the history gone.
            <Alert
              type="error"
              showIcon
              message={t('history.loadFailed')}
              action={
                <Button size="small" onClick={() => void history.refetch()} loading={history.isFetching}>
                  {t('common.retry')}
                </Button>
              }
              data-testid="history-failed"
            />
          ) : !history.data?.list.length ? (
            <Empty description={t('history.empty')} />
          ) : (
            <List
              size="small"
              dataSource={history.data.list}
              renderItem={(v) => (
                <List.Item
                  className={v.version_id === selected ? 'is-selected' : undefined}
                  onClick={() => setSelected(v.version_id)}
                  style={{ cursor: 'pointer' }}
                >
                  <Space direction="vertical" size={0}>
                    <Space>
                      <Tag>{t(`history.kinds.${v.kind}`, { defaultValue: v.kind })}</Tag>
                      <span>{formatTime(v.created_at, true)}</span>
                    </Space>
                    <Typography.Text type="secondary">
                      {v.title} · {t('history.words', { count: v.words })}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          )}
        </div>
        {selected && (
          <div className="ac-history__diff">
            <Space style={{ marginBottom: 12 }} wrap>
              <Segmented
                value={against}
                onChange={(v) => setAgainst(v as 'current' | 'published')}
                options={[
                  { value: 'current', label: t('history.compare') },
                  ...(props.hasPublished ? [{ value: 'published', label: t('history.comparePublished') }] : []),
                ]}
              />
              <Button type="primary" onClick={() => setConfirm(true)}>
                {t('history.restore')}
              </Button>
            </Space>
            {refused && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                message={t('history.unsavedRefused')}
                data-testid="restore-refused"
              />
            )}
            {diff.isError && !diff.data ? (
              <Alert
                type="error"
                showIcon
                message={t('history.diffFailed')}
                action={
                  <Button size="small" onClick={() => void diff.refetch()} loading={diff.isFetching}>
                    {t('common.retry')}
                  </Button>
                }
                data-testid="diff-failed"
              />
            ) : diff.isLoading || !diff.data ? (
              <Spin />
            ) : (
              <DiffTable
                rows={diff.data.rows}
                left={t('history.left', { time: formatTime(diff.data.left.created_at, true) })}
                right={t(`history.right.${diff.data.right.label}`)}
                same={t('history.noDiff')}
              />
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirm}
        title={t('history.restoreTitle')}
        plainTxt={t('history.restoreTxt')}
        onConfirm={restore}
        onCancel={() => setConfirm(false)}
      />
    </Drawer>
  );
}

/** Two columns, paragraph by paragraph: deleted on the left in red, inserted on the right in green. */
function DiffTable({ rows, left, right, same }: { rows: DiffRow[]; left: string; right: string; same: string }) {
  if (rows.every((r) => r.op === 'equal')) return <Empty description={same} />;
  return (
    <table className="ac-diff" data-testid="chapter-diff">
      <thead>
        <tr>
          <th>{left}</th>
          <th>{right}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered.
          <tr key={i} className={`ac-diff__${r.op}`}>
            <td>{'left' in r ? r.left : ''}</td>
            <td>{'right' in r ? r.right : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

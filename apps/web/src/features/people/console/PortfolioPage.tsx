import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Select, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { useStaff } from '../../../console/staff-context.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { dateTime } from './AuthorsPage.tsx';
import { EDITORS_PATH, type EditorRow, type EditorsPage } from './EditorsPage.tsx';
import './i18n.ts';

interface EditorRef {
  editor_id: number;
  name: string;
}

interface BookRow {
  book_id: number;
  title: string;
  kind: 'novel' | 'short' | 'screenplay';
  account_id: number;
  user_id: number;
  pen_name: string;
  total_words: number;
  updated_at: number;
  editors: EditorRef[];
  /** The author's editors, who look after the book while it has none of its own. */
  author_editors: EditorRef[];
}

interface AuthorRow {
  account_id: number;
  user_id: number;
  pen_name: string;
  level: number;
  sign_flag: number;
  book_count: number;
  created_at: number;
  editors: EditorRef[];
}

type Kind = 'books' | 'authors';
/** Whose portfolio the page shows: one editor's, what has no editor, or everything. */
type Scope = { editor: EditorRow } | 'none' | 'all';

interface Change {
  changed: number;
  unchanged: number;
}

/** /admin/editors/:editorId — an editor's books and authors ('none': without an editor; 'all': everything). */
export default function PortfolioPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const param = useParams().editorId ?? '';
  const [search, setSearch] = useSearchParams();
  const kind: Kind = search.get('tab') === 'authors' ? 'authors' : 'books';
  const editors = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, EDITORS_PATH, 'picker'],
    queryFn: ({ signal }) =>
      consoleGet<EditorsPage>(EDITORS_PATH, { page_size: 500, sort: 'pen_name' }, { signal, silent: true }),
  });
  const title = staff.editor_title;

  if (editors.isPending) {
    return (
      <ConsolePage title={t('console.people.editors.portfolio')}>
        <Skeleton active />
      </ConsolePage>
    );
  }
  if (editors.isError) {
    return (
      <ConsolePage title={t('console.people.editors.portfolio')}>
        <Result
          status="error"
          title={t('console.loadFailed')}
          subTitle={errorMessage(editors.error)}
          extra={<Button onClick={() => void editors.refetch()}>{t('console.retry')}</Button>}
        />
      </ConsolePage>
    );
  }
  const list = editors.data.list;
  const found = list.find((e) => String(e.editor_id) === param);
  const scope: Scope | null = param === 'none' ? 'none' : param === 'all' ? 'all' : found ? { editor: found } : null;
  if (!scope) {
    return (
      <ConsolePage title={t('console.people.editors.portfolio')}>
        <Result
          status="404"
          title={t('console.people.editors.notFound')}
          extra={<Link to={`${CONSOLE_BASE}/editors`}>{t('console.people.editors.title')}</Link>}
        />
      </ConsolePage>
    );
  }
  const heading =
    scope === 'none'
      ? t('console.people.editors.portfolioNone', { title })
      : scope === 'all'
        ? t('console.people.editors.portfolioAll')
        : t('console.people.editors.portfolioOf', { name: scope.editor.pen_name });

  return (
    <ConsolePage title={heading}>
      {staff.role !== 'admin' && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('console.people.editors.adminOnly')} />
      )}
      <Tabs
        activeKey={kind}
        destroyOnHidden
        onChange={(next) => setSearch(next === 'books' ? {} : { tab: next })}
        items={(['books', 'authors'] as const).map((key) => ({
          key,
          label: t(`console.people.editors.tabs.${key}`),
          children: <PortfolioTable kind={key} scope={scope} editors={list} />,
        }))}
      />
    </ConsolePage>
  );
}

function PortfolioTable({ kind, scope, editors }: { kind: Kind; scope: Scope; editors: EditorRow[] }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const queryClient = useQueryClient();
  const title = staff.editor_title;
  const [picking, setPicking] = useState<{ mode: 'assign' | 'move'; ids: number[]; clear: () => void } | null>(null);
  const [removing, setRemoving] = useState<{ ids: number[]; clear: () => void } | null>(null);
  const from = typeof scope === 'object' ? scope.editor : null;
  const idOf = (row: BookRow | AuthorRow) => ('book_id' in row ? row.book_id : row.account_id);
  const field = kind === 'books' ? 'book_ids' : 'account_ids';
  const done = (result: Change) => {
    toast.success(
      result.unchanged
        ? t('console.people.editors.doneSome', { ...result })
        : t('console.people.editors.done', { changed: result.changed }),
    );
    void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
  };
  const editorsCell = (list: EditorRef[]) =>
    list.length ? list.map((e) => e.name).join('、') : t('console.people.none');
  const editorsColumn = {
    title: t('console.people.editors.currentEditors', { title }),
    dataIndex: 'editors',
    render: editorsCell,
    csv: (row: { editors: EditorRef[] }) => row.editors.map((e) => e.name).join('、'),
  };
  const personLink = (name: string, row: { user_id: number }) => (
    <Link to={`${CONSOLE_BASE}/authors/${row.user_id}`}>{name}</Link>
  );

  const bulkActions =
    staff.role === 'admin'
      ? (selected: Array<BookRow | AuthorRow>, clear: () => void) => {
          const ids = selected.map(idOf);
          return from ? (
            <>
              <Button size="small" type="primary" onClick={() => setPicking({ mode: 'move', ids, clear })}>
                {t('console.people.editors.move')}
              </Button>
              <Button size="small" onClick={() => setPicking({ mode: 'assign', ids, clear })}>
                {t('console.people.editors.addEditor')}
              </Button>
              <Button size="small" danger onClick={() => setRemoving({ ids, clear })}>
                {t('console.people.editors.unassign')}
              </Button>
            </>
          ) : (
            <Button size="small" type="primary" onClick={() => setPicking({ mode: 'assign', ids, clear })}>
              {t('console.people.editors.assign')}
            </Button>
          );
        }
      : undefined;

  const params =
    typeof scope === 'object' ? { editor_id: scope.editor.editor_id } : scope === 'none' ? { editor_id: 'none' } : {};
  const table =
    kind === 'books' ? (
      <ConsoleTable<BookRow>
        key="books"
        path="/api/admin/editors/books"
        params={params}
        rowKey={(row) => row.book_id}
        exportName="editor-books"
        bulkActions={bulkActions}
        filters={[{ key: 'keyword', label: t('console.people.editors.bookKeyword'), type: 'text' }]}
        columns={
          [
            { title: t('console.people.books.title'), dataIndex: 'title', sortKey: 'title' },
            { title: 'ID', dataIndex: 'book_id' },
            { title: t('console.people.editors.author'), dataIndex: 'pen_name', render: personLink },
            {
              title: t('console.people.books.kind'),
              dataIndex: 'kind',
              render: (k: BookRow['kind']) => t(`console.people.books.kinds.${k}`),
              csv: (row: BookRow) => t(`console.people.books.kinds.${row.kind}`),
            },
            { title: t('console.people.books.words'), dataIndex: 'total_words', sortKey: 'total_words' },
            {
              ...editorsColumn,
              render: (_: unknown, row: BookRow) =>
                row.editors.length || !row.author_editors.length
                  ? editorsCell(row.editors)
                  : t('console.people.editors.viaAuthor', { names: row.author_editors.map((e) => e.name).join('、') }),
              csv: (row: BookRow) =>
                (row.editors.length ? row.editors : row.author_editors).map((e) => e.name).join('、'),
            },
            {
              title: t('console.people.books.updated'),
              dataIndex: 'updated_at',
              sortKey: 'updated_at',
              render: dateTime,
              csv: (row: BookRow) => dateTime(row.updated_at),
            },
          ] as ConsoleColumn<BookRow>[]
        }
      />
    ) : (
      <ConsoleTable<AuthorRow>
        key="authors"
        path="/api/admin/editors/authors"
        params={params}
        rowKey={(row) => row.account_id}
        exportName="editor-authors"
        bulkActions={bulkActions}
        filters={[{ key: 'keyword', label: t('console.people.editors.authorKeyword'), type: 'text' }]}
        columns={
          [
            {
              title: t('console.people.fields.penName'),
              dataIndex: 'pen_name',
              sortKey: 'pen_name',
              render: personLink,
            },
            { title: t('console.people.fields.accountId'), dataIndex: 'account_id' },
            { title: t('console.people.fields.level'), dataIndex: 'level', sortKey: 'level' },
            {
              title: t('console.people.fields.signed'),
              dataIndex: 'sign_flag',
              render: (f: number) => (f ? t('console.people.signed') : t('console.people.unsigned')),
              csv: (row: AuthorRow) => (row.sign_flag ? t('console.people.signed') : t('console.people.unsigned')),
            },
            { title: t('console.people.fields.books'), dataIndex: 'book_count' },
            editorsColumn,
            {
              title: t('console.people.fields.created'),
              dataIndex: 'created_at',
              sortKey: 'created_at',
              render: dateTime,
              csv: (row: AuthorRow) => dateTime(row.created_at),
            },
          ] as ConsoleColumn<AuthorRow>[]
        }
      />
    );

  return (
    <>
      {table}
      {picking && (
        <EditorPickModal
          mode={picking.mode}
          count={picking.ids.length}
          from={picking.mode === 'move' ? from : null}
          editors={editors.filter((e) => e.editor_id !== from?.editor_id)}
          onClose={() => setPicking(null)}
          onSubmit={async (toEditorId, reason) => {
            const result = await consolePost<Change>(
              `/api/admin/editors/${kind}/assign`,
              {
                [field]: picking.ids,
                to_editor_id: toEditorId,
                ...(picking.mode === 'move' && from ? { from_editor_id: from.editor_id } : {}),
                reason,
              },
              { silent: true },
            );
            picking.clear();
            done(result);
          }}
        />
      )}
      <ReasonModal
        open={removing !== null}
        danger
        title={t('console.people.editors.unassignTitle', {
          from: from?.pen_name ?? '',
          count: removing?.ids.length ?? 0,
        })}
        description={t('console.people.editors.unassignDesc', { from: from?.pen_name ?? '', title })}
        okText={t('console.people.editors.unassign')}
        onClose={() => setRemoving(null)}
        onSubmit={async (reason) => {
          if (!removing || !from) return;
          const result = await consolePost<Change>(
            `/api/admin/editors/${kind}/unassign`,
            { [field]: removing.ids, editor_id: from.editor_id, reason },
            { silent: true },
          );
          removing.clear();
          done(result);
        }}
      />
    </>
  );
}

/** Assign or move the selected items: which editor takes them, what changes, and the reason. */
function EditorPickModal(props: {
  mode: 'assign' | 'move';
  count: number;
  from: EditorRow | null;
  editors: EditorRow[];
  onSubmit: (toEditorId: number, reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [editor, setEditor] = useState<number | null>(null);
  const title = staff.editor_title;

  return (
    <ReasonModal
      open
      title={
        props.mode === 'move' && props.from
          ? t('console.people.editors.moveTitle', { count: props.count, from: props.from.pen_name })
          : t('console.people.editors.assignTitle', { count: props.count })
      }
      description={
        <p>
          {props.mode === 'move' && props.from
            ? t('console.people.editors.moveDesc', { from: props.from.pen_name, title })
            : t('console.people.editors.assignDesc', { title })}
        </p>
      }
      choiceProblem={editor === null ? t('console.people.editors.pickEditor') : null}
      onClose={props.onClose}
      onSubmit={async (reason) => {
        if (editor !== null) await props.onSubmit(editor, reason);
      }}
    >
      <div style={{ marginBottom: 4 }}>{t('console.people.editors.target')}</div>
      <Select
        aria-label={t('console.people.editors.target')}
        style={{ width: '100%' }}
        showSearch
        optionFilterProp="label"
        placeholder={t('console.people.editors.pickEditor')}
        value={editor ?? undefined}
        onChange={(value: number) => setEditor(value)}
        options={props.editors.map((e) => ({
          value: e.editor_id,
          label: `${e.pen_name}（${t('console.people.editors.books')} ${e.book_count} · ${t('console.people.editors.authors')} ${e.author_count}）`,
        }))}
      />
    </ReasonModal>
  );
}

import { LogoutOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Radio, Result, Skeleton, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { ApiError } from '../../../platform/api-error.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { dateTime, ROLE_COLOR, type Role } from './AuthorsPage.tsx';
import './i18n.ts';

interface EditorRef {
  editor_id: number;
  name: string;
}

interface Account {
  account_id: number;
  pen_name: string;
  role: Role;
  level: number;
  sign_flag: number;
  is_learner: number;
  avatar: string | null;
  phone: string;
  created_at: number;
  book_count: number;
  editors: EditorRef[];
}

interface Person {
  user_id: number;
  phone: string;
  real_name: string;
  id_verified: number;
  has_password: number;
  created_at: number;
  live_sessions: number;
  editor_title: string;
  accounts: Account[];
  can: { change_roles: boolean; end_sessions: boolean };
  is_self: number;
}

interface BookRow {
  book_id: number;
  title: string;
  kind: 'novel' | 'short' | 'screenplay';
  pen_name: string;
  total_words: number;
  chapter_count: number;
  published_count: number;
  updated_at: number;
  deleted_at: number | null;
  editors: EditorRef[];
}

interface SessionRow {
  session_id: string;
  pen_name: string;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  absolute_expires_at: number;
  ip: string;
  user_agent: string;
  method: string;
  current: number;
}

interface SignInRow {
  id: number;
  pen_name: string | null;
  method: 'code' | 'password' | 'register';
  result: 'ok' | 'code_refused' | 'wrong_password';
  ip: string;
  user_agent: string;
  created_at: number;
  session_live: number;
}

const TABS = ['accounts', 'books', 'sessions', 'signIns', 'roles'] as const;
type Tab = (typeof TABS)[number];

/** /admin/authors/:userId: a person's pen names, books, sessions, sign-ins and roles. */
export default function PersonPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'accounts';
  const base = `/api/admin/authors/people/${userId}`;
  const person = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, base],
    queryFn: ({ signal }) => consoleGet<Person>(base, undefined, { signal, silent: true }),
    enabled: Number.isInteger(userId) && userId > 0,
    retry: false,
  });

  if (person.isPending) {
    return (
      <ConsolePage title={t('console.people.person.title')}>
        <Skeleton active />
      </ConsolePage>
    );
  }
  if (person.isError || !person.data) {
    const missing = person.error instanceof ApiError && person.error.status === 404;
    return (
      <ConsolePage title={t('console.people.person.title')}>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('console.people.person.notFound') : t('console.people.person.loadFailed')}
          subTitle={missing ? undefined : errorMessage(person.error)}
          extra={
            <Space>
              {!missing && (
                <Button icon={<ReloadOutlined />} onClick={() => void person.refetch()}>
                  {t('console.retry')}
                </Button>
              )}
              <Link to={`${CONSOLE_BASE}/authors`}>{t('console.people.person.back')}</Link>
            </Space>
          }
        />
      </ConsolePage>
    );
  }
  const p = person.data;
  const names = p.accounts.map((a) => a.pen_name).join('、');
  const setTab = (next: string) => setSearch(next === 'accounts' ? {} : { tab: next }, { replace: false });

  return (
    <ConsolePage title={`${names || t('console.people.person.headline', { id: p.user_id })}`}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('console.people.fields.userId')}>{p.user_id}</Descriptions.Item>
        <Descriptions.Item label={t('console.people.fields.phone')}>{p.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('console.people.fields.realName')}>{p.real_name || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('console.people.fields.idVerified')}>
          {p.id_verified ? t('console.people.yes') : t('console.people.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('console.people.fields.password')}>
          {p.has_password ? t('console.people.passwordSet') : t('console.people.passwordNotSet')}
        </Descriptions.Item>
        <Descriptions.Item label={t('console.people.fields.created')}>{dateTime(p.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('console.people.fields.liveSessions')}>{p.live_sessions}</Descriptions.Item>
      </Descriptions>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={TABS.map((key) => ({
          key,
          label: t(`console.people.person.tabs.${key}`),
          children:
            key === 'accounts' ? (
              <AccountsTab person={p} />
            ) : key === 'books' ? (
              <BooksTab base={base} editorTitle={p.editor_title} />
            ) : key === 'sessions' ? (
              <SessionsTab base={base} person={p} />
            ) : key === 'signIns' ? (
              <SignInsTab base={base} />
            ) : (
              <RolesTab person={p} />
            ),
        }))}
      />
    </ConsolePage>
  );
}

function AccountsTab({ person }: { person: Person }) {
  const { t } = useTranslation();
  return (
    <Table<Account>
      size="middle"
      rowKey="account_id"
      pagination={false}
      dataSource={person.accounts}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('console.people.fields.penName'), dataIndex: 'pen_name' },
        { title: t('console.people.fields.accountId'), dataIndex: 'account_id' },
        {
          title: t('console.people.fields.role'),
          dataIndex: 'role',
          render: (role: Role) => <Tag color={ROLE_COLOR[role]}>{t(`console.people.roles.${role}`)}</Tag>,
        },
        { title: t('console.people.fields.phone'), dataIndex: 'phone' },
        { title: t('console.people.fields.level'), dataIndex: 'level' },
        {
          title: t('console.people.fields.signed'),
          dataIndex: 'sign_flag',
          render: (flag: number, row) => (
            <Space size={4}>
              {flag ? t('console.people.signed') : t('console.people.unsigned')}
              {row.is_learner ? <Tag>{t('console.people.fields.learner')}</Tag> : null}
            </Space>
          ),
        },
        { title: t('console.people.fields.books'), dataIndex: 'book_count' },
        {
          title: t('console.people.fields.editors', { title: person.editor_title }),
          dataIndex: 'editors',
          render: (editors: EditorRef[]) =>
            editors.length ? editors.map((e) => e.name).join('、') : t('console.people.none'),
        },
        { title: t('console.people.fields.created'), dataIndex: 'created_at', render: dateTime },
      ]}
    />
  );
}

function BooksTab({ base, editorTitle }: { base: string; editorTitle: string }) {
  const { t } = useTranslation();
  const columns: ConsoleColumn<BookRow>[] = [
    { title: t('console.people.books.title'), dataIndex: 'title', sortKey: 'title' },
    { title: 'ID', dataIndex: 'book_id' },
    { title: t('console.people.fields.penName'), dataIndex: 'pen_name' },
    {
      title: t('console.people.books.kind'),
      dataIndex: 'kind',
      render: (kind: BookRow['kind']) => t(`console.people.books.kinds.${kind}`),
      csv: (row) => t(`console.people.books.kinds.${row.kind}`),
    },
    { title: t('console.people.books.words'), dataIndex: 'total_words', sortKey: 'total_words' },
    { title: t('console.people.books.chapters'), dataIndex: 'chapter_count' },
    { title: t('console.people.books.published'), dataIndex: 'published_count' },
    {
      title: t('console.people.fields.editors', { title: editorTitle }),
      dataIndex: 'editors',
      render: (editors: EditorRef[]) =>
        editors.length ? editors.map((e) => e.name).join('、') : t('console.people.none'),
      csv: (row) => row.editors.map((e) => e.name).join('、'),
    },
    {
      title: t('console.people.books.updated'),
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: (ms: number, row) => (
        <Space size={4}>
          {dateTime(ms)}
          {row.deleted_at ? <Tag color="red">{t('console.people.books.deleted')}</Tag> : null}
        </Space>
      ),
      csv: (row) => dateTime(row.updated_at),
    },
  ];
  return (
    <ConsoleTable<BookRow>
      path={`${base}/books`}
      urlPrefix="b_"
      rowKey={(row) => row.book_id}
      columns={columns}
      exportName="author-books"
      filters={[
        {
          key: 'include_deleted',
          label: t('console.people.books.includeDeleted'),
          type: 'select',
          options: [
            { value: '1', label: t('console.people.yes') },
            { value: '0', label: t('console.people.no') },
          ],
        },
      ]}
    />
  );
}

function SessionsTab({ base, person }: { base: string; person: Person }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<SessionRow | 'all' | null>(null);
  const canEnd = person.can.end_sessions;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
  const endButton = (row: SessionRow) => (
    <Tooltip title={canEnd ? undefined : t('console.people.sessions.adminOnly')}>
      <Button size="small" danger disabled={!canEnd} icon={<LogoutOutlined />} onClick={() => setEnding(row)}>
        {t('console.people.sessions.end')}
      </Button>
    </Tooltip>
  );
  const columns: ConsoleColumn<SessionRow>[] = [
    {
      title: t('console.people.sessions.penName'),
      dataIndex: 'pen_name',
      render: (name: string, row) => (
        <Space size={4}>
          {name}
          {row.current ? <Tag color="green">{t('console.people.sessions.current')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('console.people.sessions.started'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: dateTime,
      csv: (row) => dateTime(row.created_at),
    },
    {
      title: t('console.people.sessions.lastSeen'),
      dataIndex: 'last_seen_at',
      sortKey: 'last_seen_at',
      render: dateTime,
      csv: (row) => dateTime(row.last_seen_at),
    },
    {
      title: t('console.people.sessions.expires'),
      key: 'expires',
      render: (_: unknown, row) => dateTime(Math.min(row.idle_expires_at, row.absolute_expires_at)),
      csv: (row) => dateTime(Math.min(row.idle_expires_at, row.absolute_expires_at)),
    },
    {
      title: t('console.people.sessions.method'),
      dataIndex: 'method',
      render: (m: string) => (m ? t(`console.people.signIns.methods.${m}`, { defaultValue: m }) : '—'),
    },
    { title: t('console.people.sessions.ip'), dataIndex: 'ip' },
    {
      title: t('console.people.sessions.userAgent'),
      dataIndex: 'user_agent',
      render: (ua: string) => (
        <span
          title={ua}
          style={{
            display: 'inline-block',
            maxWidth: 260,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {ua || '—'}
        </span>
      ),
    },
    { title: '', key: 'actions', csv: false, render: (_: unknown, row) => endButton(row) },
  ];
  const single = ending !== null && ending !== 'all' ? ending : null;
  return (
    <>
      <ConsoleTable<SessionRow>
        path={`${base}/sessions`}
        urlPrefix="s_"
        rowKey={(row) => row.session_id}
        columns={columns}
        exportName="author-sessions"
        toolbar={
          <Tooltip title={canEnd ? undefined : t('console.people.sessions.adminOnly')}>
            <Button danger disabled={!canEnd || person.live_sessions === 0} onClick={() => setEnding('all')}>
              {t('console.people.sessions.endAll')}
            </Button>
          </Tooltip>
        }
      />
      <ReasonModal
        open={ending !== null}
        danger
        title={single ? t('console.people.sessions.endTitle') : t('console.people.sessions.endAllTitle')}
        description={
          single
            ? t('console.people.sessions.endDesc', { penName: single.pen_name })
            : t('console.people.sessions.endAllDesc', { count: person.live_sessions })
        }
        okText={single ? t('console.people.sessions.end') : t('console.people.sessions.endAll')}
        onClose={() => setEnding(null)}
        onSubmit={async (reason) => {
          const result = await consolePost<{ ended: number }>(
            `${base}/sessions/end`,
            single ? { session_ids: [single.session_id], reason } : { all: true, reason },
            { silent: true },
          );
          toast.success(t('console.people.sessions.ended', { count: result.ended }));
          void refresh();
        }}
      />
    </>
  );
}

function SignInsTab({ base }: { base: string }) {
  const { t } = useTranslation();
  const columns: ConsoleColumn<SignInRow>[] = [
    {
      title: t('console.people.signIns.time'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: dateTime,
      csv: (row) => dateTime(row.created_at),
    },
    { title: t('console.people.fields.penName'), dataIndex: 'pen_name', render: (n: string | null) => n ?? '—' },
    {
      title: t('console.people.signIns.method'),
      dataIndex: 'method',
      render: (m: SignInRow['method']) => t(`console.people.signIns.methods.${m}`),
      csv: (row) => t(`console.people.signIns.methods.${row.method}`),
    },
    {
      title: t('console.people.signIns.result'),
      dataIndex: 'result',
      render: (r: SignInRow['result'], row) => (
        <Space size={4}>
          <Tag color={r === 'ok' ? 'green' : 'red'}>{t(`console.people.signIns.results.${r}`)}</Tag>
          {row.session_live ? <Tag color="blue">{t('console.people.signIns.live')}</Tag> : null}
        </Space>
      ),
      csv: (row) => t(`console.people.signIns.results.${row.result}`),
    },
    { title: t('console.people.sessions.ip'), dataIndex: 'ip' },
    { title: t('console.people.sessions.userAgent'), dataIndex: 'user_agent' },
  ];
  return (
    <ConsoleTable<SignInRow>
      path={`${base}/sign-ins`}
      urlPrefix="l_"
      rowKey={(row) => row.id}
      columns={columns}
      exportName="author-sign-ins"
      filters={[
        {
          key: 'result',
          label: t('console.people.signIns.result'),
          type: 'select',
          options: (['ok', 'code_refused', 'wrong_password'] as const).map((value) => ({
            value,
            label: t(`console.people.signIns.results.${value}`),
          })),
        },
        {
          key: 'method',
          label: t('console.people.signIns.method'),
          type: 'select',
          options: (['code', 'password', 'register'] as const).map((value) => ({
            value,
            label: t(`console.people.signIns.methods.${value}`),
          })),
        },
      ]}
    />
  );
}

function RolesTab({ person }: { person: Person }) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState<Account | null>(null);
  const can = person.can.change_roles;
  return (
    <>
      <Alert
        type={person.is_self ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 12 }}
        title={person.is_self ? t('console.people.person.self') : t('console.people.rolesTab.intro')}
      />
      <Table<Account>
        size="middle"
        rowKey="account_id"
        pagination={false}
        dataSource={person.accounts}
        columns={[
          { title: t('console.people.fields.penName'), dataIndex: 'pen_name' },
          { title: t('console.people.fields.accountId'), dataIndex: 'account_id' },
          {
            title: t('console.people.fields.role'),
            dataIndex: 'role',
            render: (role: Role) => <Tag color={ROLE_COLOR[role]}>{t(`console.people.roles.${role}`)}</Tag>,
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, row) => (
              <Tooltip
                title={
                  can
                    ? undefined
                    : person.is_self
                      ? t('console.people.person.self')
                      : t('console.people.rolesTab.adminOnly')
                }
              >
                <Button size="small" disabled={!can} onClick={() => setChanging(row)}>
                  {t('console.people.rolesTab.change')}
                </Button>
              </Tooltip>
            ),
          },
        ]}
      />
      {changing && <RoleModal account={changing} onClose={() => setChanging(null)} />}
    </>
  );
}

/** Grant or revoke a role: which role, what it changes, and the reason (all checked again by the server). */
function RoleModal({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role | null>(null);
  const choiceProblem = !role
    ? t('console.people.rolesTab.pickRole')
    : role === account.role
      ? t('console.people.rolesTab.sameRole')
      : null;

  return (
    <ReasonModal
      open
      title={t('console.people.rolesTab.modalTitle', { penName: account.pen_name })}
      description={<p>{t('console.people.rolesTab.current', { role: t(`console.people.roles.${account.role}`) })}</p>}
      danger={role === 'author'}
      choiceProblem={choiceProblem}
      onClose={onClose}
      onSubmit={async (reason) => {
        await consolePost(`/api/admin/authors/accounts/${account.account_id}/role`, { role, reason }, { silent: true });
        toast.success(t('console.people.rolesTab.changed'));
        void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
      }}
    >
      <div style={{ marginBottom: 4 }}>{t('console.people.rolesTab.newRole')}</div>
      <Radio.Group
        aria-label={t('console.people.rolesTab.newRole')}
        value={role}
        onChange={(e) => setRole(e.target.value as Role)}
        options={(['author', 'editor', 'admin'] as const).map((value) => ({
          value,
          label: t(`console.people.roles.${value}`),
          disabled: value === account.role,
        }))}
      />
      {role && role !== account.role && (
        <Alert
          style={{ margin: '12px 0' }}
          type="warning"
          showIcon
          title={t(`console.people.rolesTab.effects.${role}`)}
        />
      )}
    </ReasonModal>
  );
}

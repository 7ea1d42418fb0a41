import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { recordAudit, recordNoChange } from '../../platform/audit/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction, type Tx } from '../../platform/db/database.ts';
import type { Role } from '../../platform/db/schema.ts';
import { staffOf } from '../../platform/http/console.ts';
import { badInput, conflict, forbidden, type Localized, notFound } from '../../platform/http/errors.ts';
import { roleChanged } from '../../platform/level-counts.ts';
import {
  type EditorRef,
  editorsOfAuthors,
  editorsOfBooks,
  liveSessionsOf,
  personOf,
  portfolioSize,
} from './people.repository.ts';

export const ROLE_NAMES: Record<Role, Localized> = {
  author: { 'zh-CN': '作者', 'en-US': 'author' },
  editor: { 'zh-CN': '编辑', 'en-US': 'editor' },
  admin: { 'zh-CN': '管理员', 'en-US': 'admin' },
};

/** The most books or authors one bulk assignment may carry (a console page at its largest). */
export const MAX_BULK = 500;
const REASON_MAX = 200;

/** The reason every console write asks for: required, at most 200 characters. */
export function reasonOf(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw badInput('reason', { 'zh-CN': '请填写操作原因', 'en-US': 'Please give a reason' });
  if ([...text].length > REASON_MAX) {
    throw badInput('reason', {
      'zh-CN': `原因最多${REASON_MAX}个字`,
      'en-US': `The reason can have at most ${REASON_MAX} characters`,
    });
  }
  return text;
}

const names = (list: EditorRef[] | undefined) => (list ?? []).map((e) => e.name);

/** What a portfolio change is made to: books (book_editors) or authors' pen names (author_editors). */
type PortfolioKind = 'books' | 'authors';
export type PortfolioOperation =
  | { op: 'assign'; toEditorId: number }
  | { op: 'move'; fromEditorId: number; toEditorId: number }
  | { op: 'unassign'; editorId: number };

const KIND = {
  books: {
    table: 'book_editors',
    key: 'book_id',
    field: 'book_ids',
    targetType: 'book',
    label: (name: string) => `《${name}》`,
    missing: { 'zh-CN': '作品不存在或已删除', 'en-US': 'The book does not exist or was deleted' },
  },
  authors: {
    table: 'author_editors',
    key: 'account_id',
    field: 'account_ids',
    targetType: 'account',
    label: (name: string) => `「${name}」`,
    missing: {
      'zh-CN': '该作者不存在，或不是本品牌的作者',
      'en-US': 'This author does not exist or is not an author of this brand',
    },
  },
} as const;

/**
 * The console's rules about people: roles within a brand, ending sessions, and which editor is
 * responsible for which books and authors. Every change is written with its audit record in one
 * transaction, scoped by the brand the staff member acts in.
 */
export class PeopleService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** `SELECT … FOR UPDATE` on PostgreSQL (rows another transaction must wait for); SQLite writes one at a time. */
  #locked<Q extends SelectQueryBuilder<any, any, any>>(query: Q): Q {
    return (this.#ctx.engine === 'postgres' ? query.forUpdate() : query) as Q;
  }

  /**
   * Grants or revokes the editor and admin roles of a pen name. Refused: an account of another
   * brand (404), one's own accounts, the brand's last admin, and an editor who is still
   * responsible for books or authors (they are moved first, so no author is left with an editor
   * who no longer is one).
   */
  async changeRole(request: FastifyRequest, accountId: number, role: Role, reason: string) {
    const staff = staffOf(request);
    const result = await inTransaction(this.#ctx.db, async (tx) => {
      // The account and every admin of the brand, locked in id order: two admins demoting each other
      // at once take the locks in the same order (no deadlock), and the second sees the first's change.
      const locked = await this.#locked(
        tx
          .selectFrom('accounts')
          .select(['id', 'user_id', 'pen_name', 'role'])
          .where('client_id', '=', staff.clientId)
          .where((eb) => eb.or([eb('id', '=', accountId), eb('role', '=', 'admin')]))
          .orderBy('id'),
      ).execute();
      const account = locked.find((a) => a.id === accountId);
      if (!account) {
        throw notFound({ 'zh-CN': '本品牌没有这个笔名', 'en-US': 'There is no such pen name in this brand' });
      }
      if (account.user_id === staff.userId) {
        throw forbidden({
          'zh-CN': '不能修改自己的角色，请让本品牌的另一位管理员操作',
          'en-US': 'You cannot change your own role; ask another admin of the brand',
        });
      }
      if (account.role === role) {
        throw conflict({
          'zh-CN': `「${account.pen_name}」已经是${ROLE_NAMES[role]['zh-CN']}`,
          'en-US': `“${account.pen_name}” is already an ${ROLE_NAMES[role]['en-US']}`,
        });
      }
      if (account.role === 'admin') {
        if (!locked.some((a) => a.role === 'admin' && a.id !== account.id)) {
          throw conflict({
            'zh-CN': `「${account.pen_name}」是本品牌最后一位管理员，不能撤销；请先把管理员授予另一个账号`,
            'en-US': `“${account.pen_name}” is the last admin of this brand and cannot be demoted; make another account admin first`,
          });
        }
      }
      if (account.role === 'editor') {
        const size = await portfolioSize(tx, staff.clientId, account.id);
        if (size.books > 0 || size.authors > 0) {
          throw conflict({
            'zh-CN': `「${account.pen_name}」还负责${size.books}部作品、${size.authors}位作者，请先在「编辑责任」中移交给其他编辑`,
            'en-US': `“${account.pen_name}” is still responsible for ${size.books} books and ${size.authors} authors; move them to another editor first`,
          });
        }
      }
      const now = Date.now();
      const updated = await tx
        .updateTable('accounts')
        .set({ role, updated_at: now })
        .where('id', '=', account.id)
        .where('role', '=', account.role)
        .returning('level')
        .executeTakeFirst();
      if (!updated) throw changedMeanwhile();
      // Authors are counted per level (the 'surpassed N %' texts): the account joins or leaves them.
      await roleChanged(tx, { client_id: staff.clientId, level: updated.level }, account.role, role);
      await recordAudit(tx, request, {
        action: 'account.role',
        targetType: 'account',
        targetId: account.id,
        summary: `将「${account.pen_name}」的角色由${ROLE_NAMES[account.role]['zh-CN']}改为${ROLE_NAMES[role]['zh-CN']}`,
        reason,
        before: { role: account.role },
        after: { role },
      });
      return { account_id: account.id, pen_name: account.pen_name, before: account.role, role };
    });
    // The new role holds from this instance's next request (the session cache reads the role).
    this.#ctx.sessions.forgetCached();
    return result;
  }

  /** Ends some (or all) of a person's live sessions in the brand: they are signed out there at once. */
  async endSessions(request: FastifyRequest, userId: number, which: string[] | 'all', reason: string) {
    const staff = staffOf(request);
    const result = await inTransaction(this.#ctx.db, async (tx) => {
      if (!(await personOf(tx, staff.clientId, userId))) throw personNotFound();
      const live = await liveSessionsOf(tx, staff.clientId, userId).execute();
      let targets = live;
      if (which !== 'all') {
        const known = new Set(live.map((s) => s.session_id));
        const gone = which.findIndex((id) => !known.has(id));
        if (gone >= 0) {
          throw badInput(`session_ids.${gone}`, {
            'zh-CN': '该会话已结束或已过期，请刷新后再试',
            'en-US': 'This session has already ended or expired; refresh and try again',
          });
        }
        const wanted = new Set(which);
        targets = live.filter((s) => wanted.has(s.session_id));
      }
      if (targets.length === 0) {
        throw conflict({
          'zh-CN': '该作者当前没有登录中的会话',
          'en-US': 'This person has no live session',
        });
      }
      await tx
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where(
          'id',
          'in',
          targets.map((s) => s.session_id),
        )
        .execute();
      const penNames = [...new Set(targets.map((s) => s.pen_name))].join('、');
      await recordAudit(tx, request, {
        action: 'session.end',
        targetType: 'user',
        targetId: userId,
        summary:
          which === 'all'
            ? `结束「${penNames}」的全部${targets.length}个登录会话`
            : `结束「${penNames}」的${targets.length}个登录会话`,
        reason,
        before: {
          sessions: targets.map((s) => ({
            pen_name: s.pen_name,
            created_at: s.created_at,
            last_seen_at: s.last_seen_at,
          })),
        },
        after: { live_sessions: live.length - targets.length },
      });
      return { ended: targets.length, live: live.length - targets.length };
    });
    this.#ctx.sessions.forgetCached();
    return result;
  }

  /** An editor account of the brand, locked so its role cannot change while it is given work. */
  async #editor(tx: Tx, clientId: number, editorId: number, field: string) {
    const editor = await this.#locked(
      tx
        .selectFrom('accounts')
        .select(['id', 'pen_name', 'role'])
        .where('id', '=', editorId)
        .where('client_id', '=', clientId),
    ).executeTakeFirst();
    if (editor?.role !== 'editor') {
      throw badInput(field, {
        'zh-CN': '该账号不是本品牌的编辑',
        'en-US': 'This account is not an editor of this brand',
      });
    }
    return editor;
  }

  /**
   * Assigns, moves or removes the editor of books or authors, many at once. Every id must be a
   * book (not deleted) or an author of the brand; a move or removal needs each of them to be in
   * the named editor's portfolio now. Items that already are as asked are left alone and counted.
   */
  async changePortfolio(
    request: FastifyRequest,
    kind: PortfolioKind,
    ids: number[],
    operation: PortfolioOperation,
    reason: string,
  ) {
    const staff = staffOf(request);
    const clientId = staff.clientId;
    const spec = KIND[kind];
    const unique = [...new Set(ids)];
    return inTransaction(this.#ctx.db, async (tx) => {
      const to =
        operation.op === 'unassign' ? null : await this.#editor(tx, clientId, operation.toEditorId, 'to_editor_id');
      let from: { id: number; pen_name: string } | null = null;
      if (operation.op === 'move') {
        if (operation.fromEditorId === operation.toEditorId) {
          throw badInput('to_editor_id', {
            'zh-CN': '请选择另一位编辑作为接手人',
            'en-US': 'Choose another editor to move them to',
          });
        }
        from = await this.#anyAccount(tx, clientId, operation.fromEditorId, 'from_editor_id');
      }
      if (operation.op === 'unassign') from = await this.#anyAccount(tx, clientId, operation.editorId, 'editor_id');

      // The targets, in the order they were given.
      const targets =
        kind === 'books'
          ? (
              await tx
                .selectFrom('books')
                .select(['id', 'title as name'])
                .where('client_id', '=', clientId)
                .where('deleted_at', 'is', null)
                .where('id', 'in', unique)
                .execute()
            ).map((r) => ({ id: r.id, name: r.name }))
          : (
              await tx
                .selectFrom('accounts')
                .select(['id', 'pen_name as name'])
                .where('client_id', '=', clientId)
                .where('role', '=', 'author')
                .where('id', 'in', unique)
                .execute()
            ).map((r) => ({ id: r.id, name: r.name }));
      const byId = new Map(targets.map((t) => [t.id, t]));
      const missing = ids.findIndex((id) => !byId.has(id));
      if (missing >= 0) throw badInput(`${spec.field}.${missing}`, spec.missing);

      const editorsBefore =
        kind === 'books' ? await editorsOfBooks(tx, clientId, unique) : await editorsOfAuthors(tx, clientId, unique);
      if (from) {
        const without = ids.findIndex((id) => !(editorsBefore.get(id) ?? []).some((e) => e.editor_id === from.id));
        if (without >= 0) {
          const target = byId.get(ids[without])!;
          throw badInput(`${spec.field}.${without}`, {
            'zh-CN': `${spec.label(target.name)}不在「${from.pen_name}」名下`,
            'en-US': `${spec.label(target.name)} is not in the portfolio of “${from.pen_name}”`,
          });
        }
      }

      const link = tx as unknown as Kysely<any>;
      const now = Date.now();
      let changed = 0;
      for (const id of unique) {
        const target = byId.get(id)!;
        const before = editorsBefore.get(id) ?? [];
        let after = before;
        if (from) {
          await link
            .deleteFrom(spec.table)
            .where('client_id', '=', clientId)
            .where(spec.key, '=', id)
            .where('editor_account_id', '=', from.id)
            .execute();
          after = after.filter((e) => e.editor_id !== from.id);
        }
        if (to && !after.some((e) => e.editor_id === to.id)) {
          await link
            .insertInto(spec.table)
            .values({ client_id: clientId, [spec.key]: id, editor_account_id: to.id, assigned_at: now })
            .execute();
          after = [...after, { editor_id: to.id, name: to.pen_name }];
        }
        if (after === before) continue;
        changed++;
        const what = spec.label(target.name);
        const summary =
          operation.op === 'assign'
            ? `为${what}分配编辑「${to!.pen_name}」`
            : operation.op === 'move'
              ? `将${what}从「${from!.pen_name}」移交给「${to!.pen_name}」`
              : `取消「${from!.pen_name}」对${what}的负责`;
        await recordAudit(tx, request, {
          action: `editor.${operation.op}_${kind === 'books' ? 'book' : 'author'}`,
          targetType: spec.targetType,
          targetId: id,
          summary,
          reason,
          before: { editors: names(before) },
          after: { editors: names(after) },
        });
      }
      if (changed === 0) recordNoChange(request);
      return { changed, unchanged: unique.length - changed };
    });
  }

  async #anyAccount(tx: Tx, clientId: number, accountId: number, field: string) {
    const account = await tx
      .selectFrom('accounts')
      .select(['id', 'pen_name'])
      .where('id', '=', accountId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!account) {
      throw badInput(field, { 'zh-CN': '本品牌没有这个编辑', 'en-US': 'There is no such editor in this brand' });
    }
    return account;
  }
}

export const personNotFound = () =>
  notFound({ 'zh-CN': '本品牌没有这位作者', 'en-US': 'There is no such person in this brand' });

const changedMeanwhile = () =>
  conflict({
    'zh-CN': '该账号的角色刚被其他人修改，请刷新后再试',
    'en-US': 'Someone else has just changed this role; refresh and try again',
  });

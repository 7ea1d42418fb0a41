import type { Db, Engine, Tx } from '../../platform/db/database.ts';
import { containsText, startsWithText } from '../../platform/db/like.ts';
import '../works/legacy.tables.ts';
import '../works/works.tables.ts';
import './people.tables.ts';

/**
 * The least string greater than every string that begins with `prefix` (its last character one code
 * point further), or null when there is none. With it, "begins with" is a range of the pen-name index.
 */
export function nextPrefix(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return null;
}

/** What the author search matches its text against. */
export type SearchBy = 'pen_name' | 'phone' | 'account_id' | 'user_id' | 'book';

/**
 * The accounts (pen names) of a brand for the console's author list, filtered by one search. A
 * pen name is matched by prefix, case counting on both engines: on SQLite as a range of the
 * (client_id, pen_name) index — a LIKE bound to a parameter would be planned again for every new
 * prefix (0.2 ms a query) and read its matches out of order; on PostgreSQL as a literal LIKE over
 * the text_pattern_ops index, right under any database collation. A phone is matched exactly through its blind index, a book
 * by its id or words of its title. Sorting and paging are left to the caller (pageOf); the page's
 * book counts are read after it (bookCountsOf), so a prefix shared by many pen names costs no
 * count per match.
 */
export function accountSearch(
  db: Db,
  engine: Engine,
  clientId: number,
  search: { by: SearchBy; text?: string; phoneHash?: string; id?: number; role?: string },
) {
  let query = db
    .selectFrom('accounts')
    .select([
      'accounts.id as account_id',
      'accounts.user_id',
      'accounts.pen_name',
      'accounts.role',
      'accounts.level',
      'accounts.sign_flag',
      'accounts.is_learner',
      'accounts.phone_enc',
      'accounts.created_at',
    ])
    .where('accounts.client_id', '=', clientId);
  if (search.role) query = query.where('accounts.role', '=', search.role as 'author');
  const { by, text, phoneHash, id } = search;
  if (by === 'pen_name' && text) {
    const next = nextPrefix(text);
    if (engine === 'sqlite' && next !== null) {
      query = query.where('accounts.pen_name', '>=', text).where('accounts.pen_name', '<', next);
    } else {
      query = query.where(startsWithText('accounts.pen_name', text));
    }
  }
  if (by === 'phone' && phoneHash) {
    // The phone of the person, or the phone bound to one pen name (each pen name may have its own).
    query = query.where((eb) =>
      eb.or([
        eb('accounts.phone_hash', '=', phoneHash),
        eb(
          'accounts.user_id',
          'in',
          eb
            .selectFrom('users')
            .select('users.id')
            .where('users.client_id', '=', clientId)
            .where('users.phone_hash', '=', phoneHash),
        ),
      ]),
    );
  }
  if (by === 'account_id' && id !== undefined) query = query.where('accounts.id', '=', id);
  if (by === 'user_id' && id !== undefined) query = query.where('accounts.user_id', '=', id);
  if (by === 'book' && (id !== undefined || text)) {
    query = query.where('accounts.id', 'in', (eb) => {
      let books = eb
        .selectFrom('books')
        .select('books.account_id')
        .where('books.client_id', '=', clientId)
        .where('books.deleted_at', 'is', null);
      books =
        id !== undefined ? books.where('books.id', '=', id) : books.where(containsText('books.title', text ?? ''));
      return books;
    });
  }
  return query;
}

/** How many books (not deleted) each of these pen names has: one grouped read for a page of rows. */
export async function bookCountsOf(db: Db, accountIds: number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('books')
    .select((eb) => ['books.account_id', eb.fn.countAll<number>().as('n')])
    .where('books.account_id', 'in', accountIds)
    .where('books.deleted_at', 'is', null)
    .groupBy('books.account_id')
    .execute();
  return new Map(rows.map((r) => [r.account_id, Number(r.n)]));
}

export function personOf(db: Db | Tx, clientId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'phone_enc', 'real_name_enc', 'id_card_enc', 'password_hash', 'created_at'])
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function accountsOfPerson(db: Db, clientId: number, userId: number) {
  return db
    .selectFrom('accounts')
    .select((eb) => [
      'accounts.id as account_id',
      'accounts.pen_name',
      'accounts.role',
      'accounts.level',
      'accounts.sign_flag',
      'accounts.is_learner',
      'accounts.avatar',
      'accounts.phone_enc',
      'accounts.created_at',
      eb
        .selectFrom('books')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('books.account_id', '=', 'accounts.id')
        .where('books.deleted_at', 'is', null)
        .as('book_count'),
    ])
    .where('accounts.client_id', '=', clientId)
    .where('accounts.user_id', '=', userId)
    .orderBy('accounts.id')
    .execute();
}

export function booksOfPerson(db: Db, clientId: number, userId: number, includeDeleted: boolean) {
  let query = db
    .selectFrom('books')
    .innerJoin('accounts', 'accounts.id', 'books.account_id')
    .select([
      'books.id as book_id',
      'books.title',
      'books.kind',
      'books.account_id',
      'accounts.pen_name',
      'books.total_words',
      'books.chapter_count',
      'books.published_count',
      'books.finished',
      'books.created_at',
      'books.updated_at',
      'books.last_published_at',
      'books.deleted_at',
    ])
    .where('books.client_id', '=', clientId)
    .where('books.user_id', '=', userId);
  if (!includeDeleted) query = query.where('books.deleted_at', 'is', null);
  return query;
}

/** A person's sessions in a brand that are still alive. */
export function liveSessionsOf(db: Db | Tx, clientId: number, userId: number, now = Date.now()) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id as session_id',
      'sessions.account_id',
      'accounts.pen_name',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.idle_expires_at',
      'sessions.absolute_expires_at',
    ])
    .where('sessions.client_id', '=', clientId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now);
}

export interface EditorRef {
  editor_id: number;
  name: string;
}

/** The editors of each of these books, in the order they were assigned. */
export async function editorsOfBooks(db: Db | Tx, clientId: number, bookIds: number[]) {
  const map = new Map<number, EditorRef[]>();
  if (bookIds.length === 0) return map;
  const rows = await db
    .selectFrom('book_editors')
    .innerJoin('accounts', 'accounts.id', 'book_editors.editor_account_id')
    .select(['book_editors.book_id', 'accounts.id', 'accounts.pen_name'])
    .where('book_editors.client_id', '=', clientId)
    .where('book_editors.book_id', 'in', bookIds)
    .orderBy('book_editors.assigned_at')
    .orderBy('book_editors.id')
    .execute();
  for (const r of rows) {
    const list = map.get(r.book_id) ?? [];
    list.push({ editor_id: r.id, name: r.pen_name });
    map.set(r.book_id, list);
  }
  return map;
}

/** The editors of each of these authors (pen names), in the order they were assigned. */
export async function editorsOfAuthors(db: Db | Tx, clientId: number, accountIds: number[]) {
  const map = new Map<number, EditorRef[]>();
  if (accountIds.length === 0) return map;
  const rows = await db
    .selectFrom('author_editors')
    .innerJoin('accounts', 'accounts.id', 'author_editors.editor_account_id')
    .select(['author_editors.account_id', 'accounts.id', 'accounts.pen_name'])
    .where('author_editors.client_id', '=', clientId)
    .where('author_editors.account_id', 'in', accountIds)
    .orderBy('author_editors.assigned_at')
    .orderBy('author_editors.id')
    .execute();
  for (const r of rows) {
    const list = map.get(r.account_id) ?? [];
    list.push({ editor_id: r.id, name: r.pen_name });
    map.set(r.account_id, list);
  }
  return map;
}

/** The editors of a brand, each with how many books and authors they are responsible for. */
export function editorsWithCounts(db: Db, clientId: number, keyword?: string) {
  let query = db
    .selectFrom('accounts')
    .select((eb) => [
      'accounts.id as editor_id',
      'accounts.pen_name',
      'accounts.user_id',
      'accounts.avatar',
      'accounts.created_at',
      eb
        .selectFrom('book_editors')
        .innerJoin('books', 'books.id', 'book_editors.book_id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('book_editors.editor_account_id', '=', 'accounts.id')
        .where('books.deleted_at', 'is', null)
        .as('book_count'),
      eb
        .selectFrom('author_editors')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('author_editors.editor_account_id', '=', 'accounts.id')
        .as('author_count'),
    ])
    .where('accounts.client_id', '=', clientId)
    .where('accounts.role', '=', 'editor');
  if (keyword) query = query.where(containsText('accounts.pen_name', keyword));
  return query;
}

/**
 * The brand's books (not deleted) assigned to one editor, or looked after by nobody ('none': no
 * editor of their own and none of their author's).
 */
export function portfolioBooks(db: Db, clientId: number, editor: number | 'none' | undefined, keyword?: string) {
  let query = db
    .selectFrom('books')
    .innerJoin('accounts', 'accounts.id', 'books.account_id')
    .select([
      'books.id as book_id',
      'books.title',
      'books.kind',
      'books.account_id',
      'books.user_id',
      'accounts.pen_name',
      'books.total_words',
      'books.published_count',
      'books.created_at',
      'books.updated_at',
    ])
    .where('books.client_id', '=', clientId)
    .where('books.deleted_at', 'is', null);
  if (editor === 'none') {
    // Nobody looks after it: no editor of its own, and none of its author's standing in.
    query = query.where(({ and, not, exists, selectFrom }) =>
      and([
        not(
          exists(
            selectFrom('book_editors').select('book_editors.id').whereRef('book_editors.book_id', '=', 'books.id'),
          ),
        ),
        not(
          exists(
            selectFrom('author_editors')
              .select('author_editors.id')
              .whereRef('author_editors.account_id', '=', 'books.account_id'),
          ),
        ),
      ]),
    );
  } else if (editor !== undefined) {
    query = query.where('books.id', 'in', (eb) =>
      eb
        .selectFrom('book_editors')
        .select('book_editors.book_id')
        .where('book_editors.client_id', '=', clientId)
        .where('book_editors.editor_account_id', '=', editor),
    );
  }
  if (keyword) {
    query = query.where((eb) =>
      eb.or([containsText('books.title', keyword), startsWithText('accounts.pen_name', keyword)]),
    );
  }
  return query;
}

/** The brand's authors (pen names with the author role) of one editor, or with no editor ('none'). */
export function portfolioAuthors(db: Db, clientId: number, editor: number | 'none' | undefined, keyword?: string) {
  let query = db
    .selectFrom('accounts')
    .select((eb) => [
      'accounts.id as account_id',
      'accounts.user_id',
      'accounts.pen_name',
      'accounts.level',
      'accounts.sign_flag',
      'accounts.created_at',
      eb
        .selectFrom('books')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('books.account_id', '=', 'accounts.id')
        .where('books.deleted_at', 'is', null)
        .as('book_count'),
    ])
    .where('accounts.client_id', '=', clientId)
    .where('accounts.role', '=', 'author');
  if (editor === 'none') {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('author_editors')
            .select('author_editors.id')
            .whereRef('author_editors.account_id', '=', 'accounts.id'),
        ),
      ),
    );
  } else if (editor !== undefined) {
    query = query.where('accounts.id', 'in', (eb) =>
      eb
        .selectFrom('author_editors')
        .select('author_editors.account_id')
        .where('author_editors.client_id', '=', clientId)
        .where('author_editors.editor_account_id', '=', editor),
    );
  }
  if (keyword) query = query.where(startsWithText('accounts.pen_name', keyword));
  return query;
}

/** How many books (not deleted) and authors an editor account is responsible for. */
export async function portfolioSize(db: Db | Tx, clientId: number, editorId: number) {
  const books = await db
    .selectFrom('book_editors')
    .innerJoin('books', 'books.id', 'book_editors.book_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('book_editors.client_id', '=', clientId)
    .where('book_editors.editor_account_id', '=', editorId)
    .where('books.deleted_at', 'is', null)
    .executeTakeFirst();
  const authors = await db
    .selectFrom('author_editors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_editors.client_id', '=', clientId)
    .where('author_editors.editor_account_id', '=', editorId)
    .executeTakeFirst();
  return { books: Number(books?.n ?? 0), authors: Number(authors?.n ?? 0) };
}

/** Counts of what has no editor yet: books (not deleted) and authors. */
export async function unassignedCounts(db: Db, clientId: number) {
  const books = await portfolioBooks(db, clientId, 'none')
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const authors = await portfolioAuthors(db, clientId, 'none')
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { books: Number(books?.n ?? 0), authors: Number(authors?.n ?? 0) };
}

/** Numbers as numbers on both engines (PostgreSQL's count is a bigint). */
export const num = (v: unknown): number => Number(v ?? 0);

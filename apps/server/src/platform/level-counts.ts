import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AccountTable, Database, Role } from './db/schema.ts';

/**
 * How many authors (accounts with the role 'author') of each brand hold each level, kept exact in the
 * `author_level_counts` table so that "surpassed N % of authors" is computed from a handful of rows
 * (O(levels)) instead of counting every account of the brand. Every writer of an account's level or
 * role — account creation, level changes by the rules, the console's level change, role changes,
 * seeds and test set-up — goes through this module in the transaction that writes the account, so
 * the counts move with the accounts. The nightly job recounts (`recountLevels`) and corrects any drift.
 */

export interface AuthorLevelCountTable {
  client_id: number;
  level: number;
  authors: number;
}

declare module './db/schema.ts' {
  interface Database {
    author_level_counts: AuthorLevelCountTable;
  }
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Adds `delta` authors to each (brand, level): one upsert per level, atomic on SQLite and PostgreSQL.
 * Always in ascending level order, so two transactions moving authors between the same levels in
 * opposite directions (a raise and a lowering) lock the rows in the same order and never deadlock.
 */
export async function adjustLevelCounts(
  db: Executor,
  clientId: number,
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [level, delta] of [...deltas].sort((a, b) => a[0] - b[0])) {
    if (delta === 0) continue;
    await db
      .insertInto('author_level_counts')
      .values({ client_id: clientId, level, authors: delta })
      .onConflict((oc) =>
        oc
          .columns(['client_id', 'level'])
          .doUpdateSet((eb) => ({ authors: eb('author_level_counts.authors', '+', eb.ref('excluded.authors')) })),
      )
      .execute();
  }
}

/** Makes an account row and counts it at its level when it is an author, in the caller's transaction. */
export async function insertAccount(tx: Executor, values: Insertable<AccountTable>) {
  const row = await tx.insertInto('accounts').values(values).returningAll().executeTakeFirstOrThrow();
  await accountsAdded(tx, [row]);
  return row;
}

/** Accounts just inserted (in the same transaction): the authors among them are counted at their level. */
export async function accountsAdded(
  db: Executor,
  accounts: ReadonlyArray<{ client_id: number; level: number; role: Role }>,
): Promise<void> {
  const byBrand = new Map<number, Map<number, number>>();
  for (const a of accounts) {
    if (a.role !== 'author') continue;
    const deltas = byBrand.get(a.client_id) ?? new Map<number, number>();
    deltas.set(a.level, (deltas.get(a.level) ?? 0) + 1);
    byBrand.set(a.client_id, deltas);
  }
  for (const [clientId, deltas] of byBrand) await adjustLevelCounts(db, clientId, deltas);
}

/**
 * Moves an account from level `from` to `to`, only if it still holds `from` (another writer may have
 * changed it meanwhile): returns whether it moved. The counts move with it when the account is an author.
 */
export async function setAccountLevel(
  db: Executor,
  input: { clientId: number; accountId: number; from: number; to: number; now: number },
): Promise<boolean> {
  const moved = await db
    .updateTable('accounts')
    .set({ level: input.to, updated_at: input.now })
    .where('id', '=', input.accountId)
    .where('client_id', '=', input.clientId)
    .where('level', '=', input.from)
    .returning('role')
    .executeTakeFirst();
  if (!moved) return false;
  if (moved.role === 'author' && input.from !== input.to) {
    await adjustLevelCounts(
      db,
      input.clientId,
      new Map([
        [input.from, -1],
        [input.to, 1],
      ]),
    );
  }
  return true;
}

/** An account's role changed (in the same transaction): it joins or leaves the authors counted. */
export async function roleChanged(
  db: Executor,
  account: { client_id: number; level: number },
  from: Role,
  to: Role,
): Promise<void> {
  if ((from === 'author') === (to === 'author')) return;
  await adjustLevelCounts(db, account.client_id, new Map([[account.level, to === 'author' ? 1 : -1]]));
}

/** The brand's authors per level, from the counts (levels with no author are left out). */
export async function levelCounts(db: Executor, clientId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('author_level_counts')
    .select(['level', 'authors'])
    .where('client_id', '=', clientId)
    .execute();
  return new Map(rows.filter((r) => Number(r.authors) !== 0).map((r) => [r.level, Number(r.authors)]));
}

export interface LevelCountCorrection {
  client_id: number;
  level: number;
  counted: number;
  actual: number;
}

/**
 * Counts the authors of every brand and level from the accounts and corrects the table where it
 * differs, returning the corrections (none, as long as every writer goes through this module).
 * Run it in one transaction so the count and the correction see the same accounts.
 */
export async function recountLevels(db: Executor): Promise<LevelCountCorrection[]> {
  const [actualRows, countedRows] = await Promise.all([
    db
      .selectFrom('accounts')
      .select((eb) => ['client_id', 'level', eb.fn.countAll<number>().as('n')])
      .where('role', '=', 'author')
      .groupBy(['client_id', 'level'])
      .execute(),
    db.selectFrom('author_level_counts').select(['client_id', 'level', 'authors']).execute(),
  ]);
  const key = (clientId: number, level: number) => `${clientId}:${level}`;
  const actual = new Map(actualRows.map((r) => [key(r.client_id, r.level), Number(r.n)]));
  const counted = new Map(countedRows.map((r) => [key(r.client_id, r.level), Number(r.authors)]));
  const corrections: LevelCountCorrection[] = [];
  for (const k of new Set([...actual.keys(), ...counted.keys()])) {
    const a = actual.get(k) ?? 0;
    const c = counted.get(k) ?? 0;
    if (a === c) continue;
    const [clientId, level] = k.split(':').map(Number);
    corrections.push({ client_id: clientId, level, counted: c, actual: a });
    await db
      .insertInto('author_level_counts')
      .values({ client_id: clientId, level, authors: a })
      .onConflict((oc) => oc.columns(['client_id', 'level']).doUpdateSet({ authors: a }))
      .execute();
  }
  return corrections;
}

/**
 * For writers that insert accounts with raw SQL on SQLite (the bulk seeds, e2e set-up): one author
 * added at a level, parameters (client_id, level). Run it in the transaction that inserts the account.
 */
export const AUTHOR_ADDED_SQL = `insert into author_level_counts (client_id, level, authors) values (?, ?, 1)
  on conflict (client_id, level) do update set authors = author_level_counts.authors + 1`;

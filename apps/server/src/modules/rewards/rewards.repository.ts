import type { Db, Tx } from '../../platform/db/database.ts';
import './rewards.tables.ts';

/** Kysely queries of badges, level changes, graduations and home models. Every query is scoped by brand. */

export function pendingBadges(db: Db, clientId: number, accountId: number) {
  return db
    .selectFrom('account_badges as ab')
    .innerJoin('badges as b', 'b.id', 'ab.badge_id')
    .select([
      'b.id',
      'b.title',
      'b.image',
      'b.advance_text',
      'b.description',
      'b.tips',
      'b.talk_content',
      'b.talk_author',
      'b.growth_value',
      'ab.awarded_at',
    ])
    .where('ab.client_id', '=', clientId)
    .where('ab.account_id', '=', accountId)
    .where('ab.noticed_at', 'is', null)
    .orderBy('ab.awarded_at', 'asc')
    .orderBy('ab.id', 'asc')
    .execute();
}

export function badgeWall(db: Db, clientId: number, accountId: number) {
  return db
    .selectFrom('badges as b')
    .leftJoin('account_badges as ab', (join) =>
      join.onRef('ab.badge_id', '=', 'b.id').on('ab.account_id', '=', accountId),
    )
    .select([
      'b.id',
      'b.title',
      'b.image',
      'b.advance_text',
      'b.description',
      'b.tips',
      'b.talk_content',
      'b.talk_author',
      'b.growth_value',
      'ab.awarded_at',
    ])
    .where('b.client_id', '=', clientId)
    .orderBy('b.sort', 'asc')
    .orderBy('b.id', 'asc')
    .execute();
}

export function countOwnedBadges(db: Db, clientId: number, accountId: number) {
  return db
    .selectFrom('account_badges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
}

export function pendingLevelChanges(db: Db, clientId: number, accountId: number) {
  return db
    .selectFrom('level_changes')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('account_id', '=', accountId)
    .where('noticed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function pendingGraduations(db: Db, clientId: number, accountId: number) {
  return db
    .selectFrom('graduations')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('account_id', '=', accountId)
    .where('noticed_at', 'is', null)
    .orderBy('graduated_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function pendingHomeModels(db: Db, clientId: number, accountId: number) {
  return db
    .selectFrom('home_models')
    .select(['id', 'model', 'report_name', 'payload', 'created_at'])
    .where('client_id', '=', clientId)
    .where('account_id', '=', accountId)
    .where('reported_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

type NoticedTable = 'account_badges' | 'level_changes' | 'graduations';

/** Marks the account's unseen rows as seen (only `ids` when given); returns how many changed. */
export async function markNoticed(
  db: Db,
  table: NoticedTable,
  scope: { clientId: number; accountId: number },
  ids: number[] | null,
  now: number,
): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let query = db
    .updateTable(table)
    .set({ noticed_at: now })
    .where('client_id', '=', scope.clientId)
    .where('account_id', '=', scope.accountId)
    .where('noticed_at', 'is', null);
  if (ids) query = query.where(table === 'account_badges' ? 'badge_id' : 'id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markHomeModelReported(
  db: Db,
  scope: { clientId: number; accountId: number },
  reportName: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('home_models')
    .set({ reported_at: now })
    .where('client_id', '=', scope.clientId)
    .where('account_id', '=', scope.accountId)
    .where('report_name', '=', reportName)
    .where('reported_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Accounts of one person in one brand, with their phone index: the account-split model's input. */
export function accountsOfPerson(db: Db, clientId: number, userId: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'pen_name', 'phone_hash', 'role', 'created_at'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute();
}

export function findAccount(db: Db | Tx, clientId: number, by: { accountId?: number; penName?: string }) {
  let query = db
    .selectFrom('accounts')
    .select(['id', 'user_id', 'pen_name', 'level', 'role'])
    .where('client_id', '=', clientId);
  if (by.accountId !== undefined) query = query.where('id', '=', by.accountId);
  if (by.penName !== undefined) query = query.where('pen_name', '=', by.penName);
  return query.executeTakeFirst();
}

export function findBadge(db: Db | Tx, clientId: number, badgeId: number) {
  return db
    .selectFrom('badges')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', badgeId)
    .executeTakeFirst();
}

export function listBadges(db: Db, clientId: number) {
  return db
    .selectFrom('badges')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findLevel(db: Db | Tx, clientId: number, by: { id?: number; level?: number }) {
  let query = db.selectFrom('author_levels').selectAll().where('client_id', '=', clientId);
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  if (by.level !== undefined) query = query.where('level', '=', by.level);
  return query.executeTakeFirst();
}

/** How many author accounts of the brand are at each level. */
export function authorsPerLevel(db: Db, clientId: number) {
  return db
    .selectFrom('author_level_counts')
    .select(['level', 'authors as n'])
    .where('client_id', '=', clientId)
    .execute();
}

import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { pageOf } from '../../platform/http/console.ts';
import type { HelpArticleTable, HelpCategoryTable } from './help.tables.ts';

export type CategoryRow = Selectable<HelpCategoryTable>;
export type ArticleRow = Selectable<HelpArticleTable>;

export interface NewCategory {
  number: number;
  name: string;
  description: string;
  sort: number;
}

export interface NewArticle {
  number: number;
  category_id: number;
  title: string;
  body: string;
  keywords: string;
  asked: string;
  popular: number;
  sort: number;
  status: number;
}

export async function revisionOf(db: Db, clientId: number): Promise<number | null> {
  const row = await db.selectFrom('help_state').select('revision').where('client_id', '=', clientId).executeTakeFirst();
  return row?.revision ?? null;
}

/**
 * Claims the brand's first seeding: true only for the one caller that inserted the state row (the
 * insert waits on a concurrent one in PostgreSQL, so two instances never seed twice).
 */
export async function claimSeeding(tx: Tx, clientId: number, now: number): Promise<boolean> {
  const inserted = await tx
    .insertInto('help_state')
    .values({ client_id: clientId, revision: 1, seeded_at: now })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .returning('client_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Holds the brand's help state row until the transaction ends (an update locks it in PostgreSQL; SQLite
 * writes one transaction at a time): two instances adding standard articles at once take turns.
 */
export async function lockState(tx: Tx, clientId: number): Promise<void> {
  await tx.updateTable('help_state').set({ revision: sql`revision` }).where('client_id', '=', clientId).execute();
}

/** The keys of the standard articles the brand was ever given (deleted ones included). */
export async function standardKeysGiven(db: Db | Tx, clientId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('help_standard_articles')
    .select('article_key')
    .where('client_id', '=', clientId)
    .execute();
  return new Set(rows.map((r) => Number(r.article_key)));
}

/** Records standard articles as given to the brand; the keys this call recorded (another may have been first). */
export async function noteStandardGiven(tx: Tx, clientId: number, keys: number[], now: number): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .insertInto('help_standard_articles')
    .values(keys.map((k) => ({ client_id: clientId, article_key: k, given_at: now })))
    .onConflict((oc) => oc.columns(['client_id', 'article_key']).doNothing())
    .returning('article_key')
    .execute();
  return rows.map((r) => Number(r.article_key));
}

/** Article numbers the brand's admins created in the console (audit log), deleted ones included. */
export async function numbersCreatedInConsole(db: Db | Tx, clientId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('audit_log')
    .select('target_id')
    .where('client_id', '=', clientId)
    .where('action', '=', 'help.article.create')
    .execute();
  return new Set(rows.map((r) => Number(r.target_id)));
}

export async function bumpRevision(db: Db | Tx, clientId: number): Promise<void> {
  await db.updateTable('help_state').set({ revision: sql`revision + 1` }).where('client_id', '=', clientId).execute();
}

export async function insertCategory(db: Db | Tx, clientId: number, c: NewCategory, now: number): Promise<number> {
  const row = await db
    .insertInto('help_categories')
    .values({ client_id: clientId, ...c, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertArticles(db: Db | Tx, clientId: number, list: NewArticle[], now: number): Promise<void> {
  if (list.length === 0) return;
  await db
    .insertInto('help_articles')
    .values(
      list.map((a) => ({
        client_id: clientId,
        ...a,
        pv: 0,
        solved_yes: 0,
        solved_no: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function insertArticle(db: Db | Tx, clientId: number, a: NewArticle, now: number): Promise<void> {
  await insertArticles(db, clientId, [a], now);
}

export function listCategories(db: Db | Tx, clientId: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('help_categories')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('sort')
    .orderBy('number')
    .execute();
}

export function listArticles(
  db: Db | Tx,
  clientId: number,
  options: { publishedOnly: boolean },
): Promise<ArticleRow[]> {
  let q = db.selectFrom('help_articles').selectAll().where('client_id', '=', clientId);
  if (options.publishedOnly) q = q.where('status', '=', 1);
  return q.orderBy('sort').orderBy('number').execute();
}

export function articleByNumber(db: Db | Tx, clientId: number, number: number): Promise<ArticleRow | undefined> {
  return db
    .selectFrom('help_articles')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('number', '=', number)
    .executeTakeFirst();
}

export function categoryByNumber(db: Db | Tx, clientId: number, number: number): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('help_categories')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** The next number of the brand: above every existing one and every one ever given. */
export async function nextNumber(db: Db | Tx, table: 'help_articles' | 'help_categories', clientId: number) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('number').as('max'))
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const state = await db.selectFrom('help_state').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  const given = table === 'help_articles' ? state?.last_article_number : state?.last_category_number;
  return Math.max(Number(row?.max ?? 0), Number(given ?? 0)) + 1;
}

/** Remembers a number given, so it is never given again after a delete. */
export async function noteNumberGiven(
  db: Db | Tx,
  table: 'help_articles' | 'help_categories',
  clientId: number,
  n: number,
) {
  const column = table === 'help_articles' ? 'last_article_number' : 'last_category_number';
  await db
    .updateTable('help_state')
    .set({ [column]: n })
    .where('client_id', '=', clientId)
    .where(column, '<', n)
    .execute();
}

export async function updateCategory(
  db: Db | Tx,
  clientId: number,
  id: number,
  c: Omit<NewCategory, 'number'>,
  now: number,
): Promise<void> {
  await db
    .updateTable('help_categories')
    .set({ ...c, updated_at: now })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

/**
 * Updates an article; with `expectedUpdatedAt`, only while it is still the version read (false:
 * someone saved it meanwhile, nothing changed).
 */
export async function updateArticle(
  db: Db | Tx,
  clientId: number,
  id: number,
  a: Omit<NewArticle, 'number'>,
  now: number,
  expectedUpdatedAt?: number,
): Promise<boolean> {
  let q = db
    .updateTable('help_articles')
    .set({ ...a, updated_at: now })
    .where('client_id', '=', clientId)
    .where('id', '=', id);
  if (expectedUpdatedAt !== undefined) q = q.where('updated_at', '=', expectedUpdatedAt);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A brand setting that articles state changed: replaces its sentence (`from`, as the seed wrote it) by
 * `to` in every article of the brand that still has it, so staff edits elsewhere in the text are kept.
 * Bumps the revision when any article changed; the number of articles changed.
 */
export async function restateInArticles(tx: Tx, clientId: number, from: string, to: string, now: number) {
  const rows = await tx
    .selectFrom('help_articles')
    .select(['id', 'body'])
    .where('client_id', '=', clientId)
    .where(containsText('body', from))
    .execute();
  for (const row of rows) {
    await tx
      .updateTable('help_articles')
      .set({ body: row.body.replaceAll(from, to), updated_at: now })
      .where('id', '=', row.id)
      .execute();
  }
  if (rows.length > 0) await bumpRevision(tx, clientId);
  return rows.length;
}

export async function setArticleStatus(db: Db | Tx, clientId: number, id: number, status: number, now: number) {
  await db
    .updateTable('help_articles')
    .set({ status, updated_at: now })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

export async function setCategorySort(db: Db | Tx, clientId: number, id: number, sort: number, now: number) {
  await db
    .updateTable('help_categories')
    .set({ sort, updated_at: now })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

/** The sort value that puts a new category after every existing one. */
export async function nextSort(db: Db | Tx, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('help_categories')
    .select((eb) => eb.fn.max('sort').as('max'))
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export interface ConsoleListInput {
  page: number;
  page_size: number;
  order?: 'ascend' | 'descend';
}

export interface CategoryListQuery extends ConsoleListInput {
  sort?: 'sort' | 'name' | 'updated_at';
}

/** The brand's categories for the console, with how many articles each holds and how many are published. */
export function pageCategories(db: Db, clientId: number, query: CategoryListQuery) {
  const q = db
    .selectFrom('help_categories')
    .select((eb) => [
      'help_categories.id',
      'help_categories.number',
      'help_categories.name',
      'help_categories.description',
      'help_categories.sort',
      'help_categories.updated_at',
      eb
        .selectFrom('help_articles')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('help_articles.category_id', '=', 'help_categories.id')
        .as('count'),
      eb
        .selectFrom('help_articles')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('help_articles.category_id', '=', 'help_categories.id')
        .where('help_articles.status', '=', 1)
        .as('published'),
    ])
    .where('help_categories.client_id', '=', clientId);
  return pageOf(q, query, {
    sorts: { sort: 'help_categories.sort', name: 'help_categories.name', updated_at: 'help_categories.updated_at' },
    defaultSort: 'sort',
    defaultOrder: 'ascend',
    tiebreak: 'help_categories.number',
  });
}

export interface ArticleListQuery extends ConsoleListInput {
  sort?: 'updated_at' | 'sort' | 'number' | 'title' | 'pv' | 'solved_no';
  /** The category's number. */
  category_id?: number;
  /** 'published': authors see it; 'draft': they do not. */
  state?: 'published' | 'draft';
  /** Words of the title, keywords or body, taken literally. */
  keyword?: string;
}

export function pageArticles(db: Db, clientId: number, query: ArticleListQuery) {
  let q = db
    .selectFrom('help_articles')
    .innerJoin('help_categories', 'help_categories.id', 'help_articles.category_id')
    .select([
      'help_articles.number',
      'help_articles.title',
      'help_articles.keywords',
      'help_articles.popular',
      'help_articles.status',
      'help_articles.sort',
      'help_articles.pv',
      'help_articles.solved_yes',
      'help_articles.solved_no',
      'help_articles.updated_at',
      'help_categories.number as category_number',
      'help_categories.name as category_name',
    ])
    .where('help_articles.client_id', '=', clientId);
  if (query.category_id !== undefined) q = q.where('help_categories.number', '=', query.category_id);
  if (query.state) q = q.where('help_articles.status', '=', query.state === 'published' ? 1 : 0);
  if (query.keyword) {
    const keyword = query.keyword;
    q = q.where((eb) =>
      eb.or([
        containsText('help_articles.title', keyword),
        containsText('help_articles.keywords', keyword),
        containsText('help_articles.body', keyword),
      ]),
    );
  }
  return pageOf(q, query, {
    sorts: {
      updated_at: 'help_articles.updated_at',
      sort: 'help_articles.sort',
      number: 'help_articles.number',
      title: 'help_articles.title',
      pv: 'help_articles.pv',
      solved_no: 'help_articles.solved_no',
    },
    defaultSort: 'updated_at',
    defaultOrder: 'descend',
    tiebreak: 'help_articles.number',
  });
}

export async function countArticlesIn(db: Db | Tx, clientId: number, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('help_articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteCategory(db: Db | Tx, clientId: number, id: number): Promise<void> {
  await db.deleteFrom('help_categories').where('client_id', '=', clientId).where('id', '=', id).execute();
}

export async function deleteArticle(db: Db | Tx, clientId: number, id: number): Promise<void> {
  await db.deleteFrom('help_solves').where('client_id', '=', clientId).where('article_id', '=', id).execute();
  await db.deleteFrom('help_articles').where('client_id', '=', clientId).where('id', '=', id).execute();
}

export async function incrementPv(db: Db, clientId: number, id: number): Promise<void> {
  await db
    .updateTable('help_articles')
    .set({ pv: sql`pv + 1` })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

export async function voteOf(db: Db | Tx, articleId: number, voter: string): Promise<number | null> {
  const row = await db
    .selectFrom('help_solves')
    .select('solved')
    .where('article_id', '=', articleId)
    .where('voter', '=', voter)
    .executeTakeFirst();
  return row ? row.solved : null;
}

/** Records a voter's answer once; true when this call recorded it (and counted it). */
export async function recordVote(
  tx: Tx,
  clientId: number,
  articleId: number,
  voter: string,
  solved: number,
  now: number,
): Promise<boolean> {
  const inserted = await tx
    .insertInto('help_solves')
    .values({ client_id: clientId, article_id: articleId, voter, solved, created_at: now })
    .onConflict((oc) => oc.columns(['article_id', 'voter']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await tx
    .updateTable('help_articles')
    .set(solved ? { solved_yes: sql`solved_yes + 1` } : { solved_no: sql`solved_no + 1` })
    .where('id', '=', articleId)
    .execute();
  return true;
}

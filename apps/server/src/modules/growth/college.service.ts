import type { Db, Tx } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { notFound } from '../../platform/http/errors.ts';

/** The author college: writing-craft articles of the brand by category, searchable, with reading counts. */

type Executor = Db | Tx;
const SUMMARY = ['id', 'category', 'title', 'summary', 'views', 'updated_at'] as const;

export async function collegeIndex(db: Executor, clientId: number) {
  const [categories, popular, latest] = await Promise.all([
    db
      .selectFrom('college_articles')
      .select((eb) => ['category', eb.fn.countAll<number>().as('count')])
      .where('client_id', '=', clientId)
      .where('published', '=', 1)
      .groupBy('category')
      .orderBy('category')
      .execute(),
    db
      .selectFrom('college_articles')
      .select(SUMMARY)
      .where('client_id', '=', clientId)
      .where('published', '=', 1)
      .orderBy('views', 'desc')
      .orderBy('id', 'desc')
      .limit(6)
      .execute(),
    db
      .selectFrom('college_articles')
      .select(SUMMARY)
      .where('client_id', '=', clientId)
      .where('published', '=', 1)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(6)
      .execute(),
  ]);
  return { categories: categories.map((c) => ({ category: c.category, count: Number(c.count) })), popular, latest };
}

export async function collegeList(
  db: Executor,
  clientId: number,
  q: { category?: string; keyword?: string; page: number; page_size: number },
) {
  let query = db.selectFrom('college_articles').where('client_id', '=', clientId).where('published', '=', 1);
  if (q.category) query = query.where('category', '=', q.category);
  if (q.keyword) {
    const k = q.keyword;
    query = query.where((eb) => eb.or([containsText('title', k), containsText('summary', k), containsText('body', k)]));
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await query
    .select(SUMMARY)
    .orderBy('views', 'desc')
    .orderBy('id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return { list, total: Number(total.n), page: q.page, page_size: q.page_size };
}

/** An article; reading it counts once per call (the page asks once per visit). */
export async function collegeRead(db: Executor, clientId: number, id: number) {
  const res = await db
    .updateTable('college_articles')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .where('published', '=', 1)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1)
    throw notFound({ 'zh-CN': '这篇文章不存在或已下线', 'en-US': 'No such article' });
  return db
    .selectFrom('college_articles')
    .select([...SUMMARY, 'body'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export interface CollegeInput {
  category: string;
  title: string;
  summary?: string;
  body: string;
  published?: boolean;
}

export async function saveArticle(
  db: Executor,
  clientId: number,
  input: CollegeInput,
  id: number | null,
  now = Date.now(),
) {
  const values = {
    category: input.category,
    title: input.title,
    summary: input.summary ?? '',
    body: input.body,
    published: input.published === false ? 0 : 1,
    updated_at: now,
  };
  if (id) {
    const res = await db
      .updateTable('college_articles')
      .set(values)
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw notFound({ 'zh-CN': '这篇文章不存在', 'en-US': 'No such article' });
    return { id };
  }
  return db
    .insertInto('college_articles')
    .values({ client_id: clientId, ...values, views: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

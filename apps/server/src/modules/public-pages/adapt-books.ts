import type { FastifyInstance } from 'fastify';
import type { Generated } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import type { PublishState } from './public-pages.tables.ts';
import { sanitizeRichText } from './sanitize.ts';

/** A book the brand offers for screenplay adaptation (migration 202612060004_adapt_books). */
export interface AdaptBookTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  author_name: string;
  genre: string;
  cover: string;
  intro: string;
  materials_html: string;
  heat: number;
  state: PublishState;
  created_at: number;
  updated_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    adapt_books: AdaptBookTable;
  }
}

const SearchQuery = z.object({
  keyword: z.string().trim().max(40).default(''),
  genre: z.string().trim().max(20).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});

const SaveBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  title: z.string().trim().min(1, '请填写书名').max(40),
  author_name: z.string().trim().min(1, '请填写作者').max(30),
  genre: z.string().trim().min(1, '请填写题材').max(20),
  cover: z
    .string()
    .trim()
    .max(500)
    .regex(/^(|https:\/\/\S+|\/\S+)$/, '封面图地址需以 https:// 或 / 开头')
    .default(''),
  intro: z.string().trim().max(1000).default(''),
  materials_html: z.string().max(200_000).default(''),
  heat: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  state: z.enum(['draft', 'published']),
  reason: z.string().trim().max(200).optional(),
});

const notFoundBook = () =>
  notFound({ 'zh-CN': '该书不在改编书单中', 'en-US': 'This book is not on the adaptation list' });

// Input schemas are built once, not per request (building a zod object costs more than a cached reply).
const IdQuery = z.object({ id: z.coerce.number().int().positive() });

/**
 * The screenplay adaptation list (§2 screenplay/adapt-book-list and its search, §7 screenplay
 * ranking and materials): public; search by title, author and genre; a logged-in author goes on to
 * the works module's screenplay application. Managed in the console.
 */
export async function adaptBooksRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const open = { config: { auth: 'optional' as const } };
  const editor = { config: { auth: 'editor' as const } };
  const published = (clientId: number) =>
    ctx.db.selectFrom('adapt_books').where('client_id', '=', clientId).where('state', '=', 'published');
  const card = ['id', 'title', 'author_name', 'genre', 'cover', 'intro', 'heat'] as const;

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/screenplay/adapt-books', '/api/screenplay/adapt-books'],
    open,
    async (request) => {
      const q = parseInput(SearchQuery, request.query, request);
      let query = published(request.brand.clientId);
      if (q.keyword) {
        query = query.where((eb) =>
          eb.or([
            containsText('title', q.keyword),
            containsText('author_name', q.keyword),
            containsText('genre', q.keyword),
          ]),
        );
      }
      if (q.genre) query = query.where('genre', '=', q.genre);
      const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const list = await query
        .select([...card])
        .orderBy('heat', 'desc')
        .orderBy('id', 'desc')
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size)
        .execute();
      const genres = await published(request.brand.clientId).select('genre').distinct().orderBy('genre').execute();
      return ok({
        list,
        total: Number(total?.n ?? 0),
        page: q.page,
        page_size: q.page_size,
        genres: genres.map((g) => g.genre),
      });
    },
  );

  routeAliases(app, 'GET', ['/api/pc/v1/screenplay/ranking', '/api/screenplay/ranking'], open, async (request) => {
    const list = await published(request.brand.clientId)
      .select([...card])
      .orderBy('heat', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .execute();
    return ok({ list: list.map((b, i) => ({ ...b, rank: i + 1 })) });
  });

  routeAliases(app, 'GET', ['/api/pc/v1/screenplay/materials', '/api/screenplay/materials'], open, async (request) => {
    const q = parseInput(IdQuery, request.query, request);
    const row = await published(request.brand.clientId)
      .select([...card, 'materials_html'])
      .where('id', '=', q.id)
      .executeTakeFirst();
    if (!row) throw notFoundBook();
    return ok(row);
  });

  // ---- console ---------------------------------------------------------------------------------
  const ConsoleList = listQuery(['heat', 'updated_at'], {
    state: z.enum(['draft', 'published']).optional(),
    keyword: z.string().trim().max(40).optional(),
  });

  routeAliases(app, 'GET', ['/api/admin/adapt-books'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(ConsoleList, request.query, request);
    let query = ctx.db.selectFrom('adapt_books').selectAll().where('client_id', '=', staff.clientId);
    if (q.state) query = query.where('state', '=', q.state);
    if (q.keyword)
      query = query.where((eb) => eb.or([containsText('title', q.keyword!), containsText('author_name', q.keyword!)]));
    return ok(
      await pageOf(query, q, {
        sorts: { heat: 'heat', updated_at: 'updated_at' },
        defaultSort: 'heat',
        defaultOrder: 'descend',
        tiebreak: 'id',
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/adapt-books/save'], editor, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(SaveBody, request.body, request);
    const values = {
      title: body.title,
      author_name: body.author_name,
      genre: body.genre,
      cover: body.cover,
      intro: body.intro,
      materials_html: sanitizeRichText(body.materials_html),
      heat: body.heat,
      state: body.state,
    };
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const now = Date.now();
        const before = body.id
          ? await tx
              .selectFrom('adapt_books')
              .selectAll()
              .where('id', '=', body.id)
              .where('client_id', '=', staff.clientId)
              .executeTakeFirst()
          : undefined;
        if (body.id && !before) throw notFoundBook();
        const after = before
          ? await tx
              .updateTable('adapt_books')
              .set({ ...values, updated_at: now })
              .where('id', '=', before.id)
              .returningAll()
              .executeTakeFirstOrThrow()
          : await tx
              .insertInto('adapt_books')
              .values({ ...values, client_id: staff.clientId, created_at: now, updated_at: now })
              .returningAll()
              .executeTakeFirstOrThrow();
        await recordAudit(tx, request, {
          action: before ? 'adapt_book.update' : 'adapt_book.create',
          targetType: 'adapt_book',
          targetId: after.id,
          summary: `${before ? '修改' : '加入'}改编书单「${after.title}」（${after.state === 'published' ? '上架' : '草稿'}）`,
          reason: body.reason,
          before,
          after,
        });
        return { id: after.id, state: after.state };
      }),
    );
  });
}

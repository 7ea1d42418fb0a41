import {
  BOOK_CATEGORIES,
  BOOK_KINDS,
  type BookKind,
  PAGINATION,
  shanghaiDate,
  WORKS_ERROR,
  WORKS_LIMITS,
} from '@author-centre/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { type ZodType, z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { languageOf, localize } from '../../platform/http/language.ts';
import { ReadCache, sendCached } from '../../platform/http/read-cache.ts';
import { routeAliases, uploadRoute } from '../../platform/http/routes.ts';
import { type BookSort, BooksService, bookView } from './books.service.ts';
import { ChaptersService, SaveConflict } from './chapters.service.ts';
import { ImportExportService } from './import-export.service.ts';
import { integrationRoutes } from './integration.ts';
import { worksLegacyRoutes } from './legacy.routes.ts';
import { withNoteText } from './publish-notes.ts';
import { PublishChecksFailed, PublishingService } from './publishing.service.ts';
import { StatsService } from './stats.service.ts';
import { type Owner, ownedBook } from './works.repository.ts';

/** Input schemas are built once per route, not per request (building a zod schema costs more than using it). */
const schemas = new Map<number, ZodType>();
function once<S extends ZodType>(id: number, build: () => S): S {
  let schema = schemas.get(id) as S | undefined;
  if (!schema) {
    schema = build();
    schemas.set(id, schema);
  }
  return schema;
}

const id = z.coerce.number().int().positive();
const kind = z.enum(BOOK_KINDS);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
/** A Shanghai calendar day as the statistics name it. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00+08:00`)), 'YYYY-MM-DD');

function ownerOf(request: FastifyRequest): Owner {
  const auth = authOf(request);
  return { clientId: request.brand.clientId, accountId: auth.accountId, userId: auth.userId };
}

/** Replies for the refusals that carry data: a save conflict (both texts) and publishing checks (findings). */
function handled(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): RouteHandlerMethod {
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof SaveConflict) {
        return reply.status(409).send({
          code: WORKS_ERROR.chapterSaveConflict,
          errors: {
            code: WORKS_ERROR.chapterSaveConflict,
            title: localize(request, {
              'zh-CN': '该章节已在其他页面或设备上修改，请选择要保留的内容',
              'en-US': 'This chapter was changed in another tab or device; choose which text to keep',
            }),
          },
          data: { server: error.server, conflict_version_id: error.conflictVersionId },
        });
      }
      if (error instanceof PublishChecksFailed) {
        return reply.status(error.httpStatus).send({
          code: error.code,
          errors: { code: error.code, title: localize(request, error.title) },
          data: { findings: error.findings, can_force: error.canForce },
        });
      }
      throw error;
    }
  };
}

const author = { config: { auth: 'author' as const } };

const bookInput = z.object({
  title: z.string().max(200),
  category: z.string().max(50),
  tags: z.array(z.string().max(50)).max(20).default([]),
  intro: z.string().max(5000),
  cover: z.string().max(500).nullable().default(null),
  finished: z.boolean().default(false),
});

const saveInput = z.object({
  chapter_id: id,
  base_revision: z.number().int().min(0),
  // Left out: the title stays as it is (the editor sends it only when the author changed it there).
  title: z.string().max(500).optional(),
  content: z.string().max(WORKS_LIMITS.chapterTextMax),
  author_say: z.string().max(WORKS_LIMITS.authorSayMax).optional(),
  save_key: z.string().min(8).max(100),
});

const headingInput = z.object({
  line: z.number().int().min(0),
  kind: z.enum(['chapter', 'volume', 'skip']),
  title: z.string().max(200).default(''),
  consume: z.boolean().default(true),
});

/** Works: books, volumes, chapters, the editor's saves, publishing, imports and exports. */
export async function worksRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const books = new BooksService(ctx);
  const chapters = new ChaptersService(ctx);
  const publishing = new PublishingService(ctx);
  const files = new ImportExportService(ctx);
  const stats = new StatsService(ctx);

  // Uploads (covers, manuscripts) arrive as raw bytes (§7 'upload' body type), signed in the query.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: WORKS_LIMITS.importMaxBytes },
    (_request, body, done) => done(null, body),
  );

  // ---------------------------------------------------------------------------------------------
  // Books

  const listOf = (fixed?: BookKind) =>
    handled(async (request) => {
      const q = parseInput(
        once(1, () =>
          z.object({
            kind: kind.default('novel'),
            sort: z.enum(['updated', 'created', 'words', 'custom']).default('updated'),
            page,
            page_size: z.coerce.number().int().min(1).max(100).default(PAGINATION.defaultPageSize),
          }),
        ),
        request.query,
        request,
      );
      return ok(await books.list(ownerOf(request), fixed ?? q.kind, q.sort as BookSort, q.page, q.page_size));
    });
  routeAliases(app, 'GET', ['/api/pc/v1/book/list'], author, listOf());
  routeAliases(app, 'GET', ['/api/pc/v1/book/short-story-list'], author, listOf('short'));
  routeAliases(app, 'GET', ['/api/pc/v1/book/screenplay-list'], author, listOf('screenplay'));

  routeAliases(app, 'GET', ['/api/pc/v1/book/sort'], author, async (request) =>
    ok(
      (['updated', 'created', 'words', 'custom'] as const).map((value) => ({
        value,
        label: localize(
          request,
          {
            updated: { 'zh-CN': '最近更新', 'en-US': 'Recently updated' },
            created: { 'zh-CN': '创建时间', 'en-US': 'Date created' },
            words: { 'zh-CN': '字数', 'en-US': 'Words' },
            custom: { 'zh-CN': '自定义排序', 'en-US': 'My order' },
          }[value],
        ),
      })),
    ),
  );

  routeAliases(app, 'POST', ['/api/pc/v1/book/edit-sort'], author, async (request) => {
    const body = parseInput(
      once(2, () => z.object({ kind, book_ids: z.array(id).max(500) })),
      request.body,
      request,
    );
    await books.editSort(ownerOf(request), body.kind, body.book_ids);
    return ok(null);
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book/categories'], author, async (request) => {
    const q = parseInput(
      once(3, () => z.object({ kind: kind.default('novel') })),
      request.query,
      request,
    );
    return ok(BOOK_CATEGORIES[q.kind].map((c) => ({ value: c.value, label: localize(request, c.label) })));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book/info'], author, async (request) => {
    const q = parseInput(
      once(4, () => z.object({ book_id: id })),
      request.query,
      request,
    );
    const book = await ownedBook(ctx.db, ownerOf(request), q.book_id);
    const refusal = await books.deleteRefusal(book);
    return ok({ ...bookView(book), deletable: !refusal, delete_refusal: refusal ? localize(request, refusal) : null });
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book/save-book-info'], author, async (request) => {
    const body = parseInput(
      once(5, () => bookInput.extend({ book_id: id.optional(), kind: kind.default('novel') })),
      request.body,
      request,
    );
    const owner = ownerOf(request);
    const book = body.book_id ? await books.update(owner, body.book_id, body) : await books.create(owner, body);
    return ok(bookView(book));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book/check-book-title'], author, async (request) => {
    const q = parseInput(
      once(6, () => z.object({ title: z.string().max(200), book_id: id.optional() })),
      request.query,
      request,
    );
    const available = await books.titleAvailable(request.brand.clientId, q.title, q.book_id);
    return ok({
      available,
      message: available
        ? null
        : localize(request, { 'zh-CN': '作品名已存在，请换一个', 'en-US': 'This title is taken' }),
    });
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book/check-book-num'], author, async (request) => {
    const q = parseInput(
      once(7, () => z.object({ kind: kind.default('novel') })),
      request.query,
      request,
    );
    const list = await books.list(ownerOf(request), q.kind, 'updated', 1, 1);
    return ok({
      count: list.total,
      max: WORKS_LIMITS.booksPerKindMax,
      can_create: list.total < WORKS_LIMITS.booksPerKindMax,
    });
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book/del-book', '/api/author-book/del-book'], author, async (request) => {
    const body = parseInput(
      once(8, () => z.object({ book_id: id })),
      request.body,
      request,
    );
    await books.delete(ownerOf(request), body.book_id);
    return ok(null);
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book/pay-point-info'], author, async (request) => {
    const q = parseInput(
      once(9, () => z.object({ book_id: id })),
      request.query,
      request,
    );
    return ok(await books.payPointInfo(ownerOf(request), q.book_id));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book/set-pay-point'], author, async (request) => {
    const body = parseInput(
      // No chapter_id removes the pay point (requests drop null fields, §5).
      once(10, () => z.object({ book_id: id, chapter_id: id.nullish() })),
      request.body,
      request,
    );
    return ok(await books.setPayPoint(ownerOf(request), body.book_id, body.chapter_id ?? null));
  });

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/book/upload-cover'],
    uploadRoute(author, 'a JPEG, PNG or WebP cover image'),
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        return ok(await books.uploadCover(ownerOf(request), Buffer.alloc(0)));
      }
      return ok(await books.uploadCover(ownerOf(request), request.body));
    },
  );

  routeAliases(app, 'GET', ['/api/pc/v1/book/export'], author, async (request, reply) => {
    const q = parseInput(
      once(11, () =>
        z.object({
          book_id: id,
          format: z.enum(['txt', 'epub']).default('txt'),
          scope: z.enum(['all', 'published']).default('all'),
        }),
      ),
      request.query,
      request,
    );
    const owner = ownerOf(request);
    const file =
      q.format === 'epub'
        ? await files.exportEpub(owner, q.book_id, q.scope)
        : await files.exportTxt(owner, q.book_id, q.scope);
    return reply
      .header('content-type', q.format === 'epub' ? 'application/epub+zip' : 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'no-store')
      .send(file.data);
  });

  // Stage, daily words, calendar ------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/pc/v1/book/growth-cycle', '/api/pc/v1/book/stage'], author, async (request) => {
    const q = parseInput(
      once(12, () => z.object({ book_id: id })),
      request.query,
      request,
    );
    return ok(await stats.stage(ownerOf(request), q.book_id, request.brand));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book/daily-words'], author, async (request) => {
    const today = shanghaiDate(Date.now());
    const q = parseInput(
      once(13, () =>
        z.object({
          book_id: id.optional(),
          from: day.optional(),
          to: day.optional(),
          days: z.coerce.number().int().min(1).max(366).default(30),
        }),
      ),
      request.query,
      request,
    );
    const to = q.to ?? today;
    const from = q.from ?? shanghaiDate(Date.parse(`${to}T00:00:00+08:00`) - (q.days - 1) * 86_400_000);
    return ok(await stats.dailyWords(ownerOf(request), { bookId: q.book_id, from, to }));
  });

  routeAliases(
    app,
    'GET',
    ['/api/author/date-calendar', '/api/pc/v1/author/date-calendar'],
    author,
    async (request) => {
      const q = parseInput(
        once(14, () => z.object({ month: z.string().optional() })),
        request.query,
        request,
      );
      return ok(await stats.calendar(ownerOf(request), q.month ?? shanghaiDate(Date.now()).slice(0, 7)));
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Volumes

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/book-chapter/volumes', '/api/pc/v3/book-chapter/volumes'],
    author,
    async (request) => {
      const q = parseInput(
        once(15, () => z.object({ book_id: id })),
        request.query,
        request,
      );
      return ok(await chapters.volumes(ownerOf(request), q.book_id));
    },
  );

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/volume-save'], author, async (request) => {
    const body = parseInput(
      once(16, () => z.object({ book_id: id, volume_id: id.optional(), title: z.string().max(200) })),
      request.body,
      request,
    );
    const volumeId = await chapters.saveVolume(ownerOf(request), body.book_id, body.volume_id ?? null, body.title);
    return ok({ volume_id: volumeId });
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/volume-sort'], author, async (request) => {
    const body = parseInput(
      once(17, () => z.object({ book_id: id, volume_ids: z.array(id).max(1000) })),
      request.body,
      request,
    );
    await chapters.sortVolumes(ownerOf(request), body.book_id, body.volume_ids);
    return ok(null);
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/volume-delete'], author, async (request) => {
    const body = parseInput(
      once(18, () => z.object({ book_id: id, volume_id: id })),
      request.body,
      request,
    );
    await chapters.deleteVolume(ownerOf(request), body.book_id, body.volume_id);
    return ok(null);
  });

  // ---------------------------------------------------------------------------------------------
  // Chapters

  // The chapter list an author pages through: served from a write-aware cache of the serialized reply.
  const listCache = new ReadCache();
  routeAliases(app, 'GET', ['/api/pc/v1/book-chapter/list'], author, async (request, reply) => {
    const owner = ownerOf(request);
    // Keyed by the parameters as sent: a cached reply is only ever stored after they were validated.
    const raw = request.query as Record<string, string | undefined>;
    const key = `${owner.clientId}:${owner.accountId}:${raw.book_id}:${raw.volume_id ?? ''}:${raw.status ?? ''}:${raw.page ?? ''}:${raw.page_size ?? ''}:${raw.keyword ?? ''}`;
    return sendCached(listCache, reply, key, () => {
      const q = parseInput(
        once(19, () =>
          z.object({
            book_id: id,
            volume_id: id.optional(),
            status: z.enum(['draft', 'published', 'revised']).optional(),
            // Part of the title (the comment page's chapter filter searches a book of thousands of chapters).
            keyword: z.string().trim().max(50).optional(),
            page,
            page_size: z.coerce.number().int().min(1).max(100).default(PAGINATION.defaultPageSize),
          }),
        ),
        request.query,
        request,
      );
      return chapters.list(owner, {
        bookId: q.book_id,
        volumeId: q.volume_id,
        status: q.status,
        keyword: q.keyword || undefined,
        page: q.page,
        pageSize: q.page_size,
      });
    });
  });

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/book-chapter/detail', '/api/pc/v1/book-chapter/preview'],
    author,
    async (request) => {
      const q = parseInput(
        once(20, () => z.object({ chapter_id: id })),
        request.query,
        request,
      );
      return ok(withNoteText(await chapters.detail(ownerOf(request), q.chapter_id), languageOf(request)));
    },
  );

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/create'], author, async (request) => {
    const body = parseInput(
      once(21, () => z.object({ book_id: id, volume_id: id.optional(), title: z.string().max(200).default('') })),
      request.body,
      request,
    );
    const chapterId = await chapters.create(ownerOf(request), body.book_id, body.volume_id ?? null, body.title);
    return ok(withNoteText(await chapters.detail(ownerOf(request), chapterId), languageOf(request)));
  });

  const save = (explicit: boolean) =>
    handled(async (request) => {
      const body = parseInput(saveInput, request.body, request);
      return ok(
        await chapters.save(ownerOf(request), {
          chapterId: body.chapter_id,
          baseRevision: body.base_revision,
          title: body.title,
          content: body.content,
          authorSay: body.author_say,
          saveKey: body.save_key,
          explicit,
        }),
      );
    });
  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/save'], author, save(true));
  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/auto-save'], author, save(false));

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/rename'], author, async (request) => {
    const body = parseInput(
      once(22, () => z.object({ chapter_id: id, title: z.string().max(200) })),
      request.body,
      request,
    );
    await chapters.rename(ownerOf(request), body.chapter_id, body.title);
    return ok(null);
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/author-say'], author, async (request) => {
    const body = parseInput(
      once(23, () => z.object({ chapter_id: id, author_say: z.string().max(5000) })),
      request.body,
      request,
    );
    await chapters.setAuthorSay(ownerOf(request), body.chapter_id, body.author_say);
    return ok(null);
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/move'], author, async (request) => {
    const body = parseInput(
      once(24, () => z.object({ chapter_id: id, volume_id: id, position: z.number().int().min(0) })),
      request.body,
      request,
    );
    await chapters.move(ownerOf(request), body.chapter_id, body.volume_id, body.position);
    return ok(null);
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/delete'], author, async (request) => {
    const body = parseInput(
      once(25, () => z.object({ chapter_id: id })),
      request.body,
      request,
    );
    await chapters.remove(ownerOf(request), body.chapter_id);
    return ok(null);
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book-chapter/recycle-bin'], author, async (request) => {
    const q = parseInput(
      once(26, () => z.object({ book_id: id })),
      request.query,
      request,
    );
    return ok(await chapters.recycleBin(ownerOf(request), q.book_id));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/restore'], author, async (request) => {
    const body = parseInput(
      once(27, () => z.object({ chapter_id: id })),
      request.body,
      request,
    );
    await chapters.restore(ownerOf(request), body.chapter_id);
    return ok(null);
  });

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/book-chapter/drafts', '/api/author-book/get-draft-chapter'],
    author,
    async (request) => {
      const q = parseInput(
        once(28, () => z.object({ book_id: id })),
        request.query,
        request,
      );
      return ok(await chapters.drafts(ownerOf(request), q.book_id));
    },
  );

  routeAliases(app, 'GET', ['/api/pc/v1/book-chapter/history'], author, async (request) => {
    const q = parseInput(
      once(29, () => z.object({ chapter_id: id })),
      request.query,
      request,
    );
    return ok(await chapters.history(ownerOf(request), q.chapter_id));
  });

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/book-chapter/chapter-diff', '/api/author-book/chapter-diff'],
    author,
    async (request) => {
      const q = parseInput(
        once(30, () =>
          z.object({
            chapter_id: id,
            version_id: id,
            against: z.union([z.enum(['current', 'published']), id]).default('current'),
          }),
        ),
        request.query,
        request,
      );
      return ok(await chapters.diff(ownerOf(request), q.chapter_id, q.version_id, q.against));
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/book-chapter/history-restore'],
    author,
    handled(async (request) => {
      const body = parseInput(
        once(31, () => z.object({ chapter_id: id, version_id: id, base_revision: z.number().int().min(0) })),
        request.body,
        request,
      );
      return ok(await chapters.restoreVersion(ownerOf(request), body.chapter_id, body.version_id, body.base_revision));
    }),
  );

  // ---------------------------------------------------------------------------------------------
  // Publishing

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/book-chapter/draft-publish'],
    author,
    handled(async (request) => {
      const body = parseInput(
        once(32, () => z.object({ chapter_id: id, force: z.boolean().default(false) })),
        request.body,
        request,
      );
      return ok(await publishing.publishNow(ownerOf(request), body.chapter_id, body.force, languageOf(request)));
    }),
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/book-chapter/publish-time'],
    author,
    handled(async (request) => {
      const body = parseInput(
        once(33, () => z.object({ chapter_id: id, publish_at: z.number().int(), force: z.boolean().default(false) })),
        request.body,
        request,
      );
      return ok(
        await publishing.schedule(ownerOf(request), body.chapter_id, body.publish_at, body.force, languageOf(request)),
      );
    }),
  );

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/publish-time-cancel'], author, async (request) => {
    const body = parseInput(
      once(34, () => z.object({ chapter_id: id })),
      request.body,
      request,
    );
    await publishing.cancelSchedule(ownerOf(request), body.chapter_id);
    return ok(null);
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book-chapter/regular-time-data'], author, async (request) => {
    const q = parseInput(
      once(35, () => z.object({ book_id: id })),
      request.query,
      request,
    );
    return ok(await publishing.regularSchedule(ownerOf(request), q.book_id));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/regular-time-data'], author, async (request) => {
    const body = parseInput(
      once(36, () =>
        z.object({
          book_id: id,
          enabled: z.boolean(),
          time: z.string().max(5),
          weekdays: z.array(z.number().int()).max(7).default([1, 2, 3, 4, 5, 6, 7]),
          count: z.number().int().default(1),
        }),
      ),
      request.body,
      request,
    );
    return ok(await publishing.setRegularSchedule(ownerOf(request), body.book_id, body));
  });

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/book-chapter/publish-notices', '/api/author-book/has-refuse-chapters'],
    author,
    async (request) => {
      const q = parseInput(
        once(37, () => z.object({ book_id: id })),
        request.query,
        request,
      );
      const list = await publishing.notices(ownerOf(request), q.book_id, languageOf(request));
      return ok({ has: list.length > 0, list });
    },
  );

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/publish-notices-seen'], author, async (request) => {
    const body = parseInput(
      once(38, () => z.object({ book_id: id })),
      request.body,
      request,
    );
    await publishing.markNoticesSeen(ownerOf(request), body.book_id);
    return ok(null);
  });

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/text-correct/check', '/api/pc/v1/book-chapter/check'],
    author,
    async (request) => {
      const body = parseInput(
        once(39, () =>
          z.object({
            chapter_id: id,
            title: z.string().max(500).optional(),
            content: z.string().max(WORKS_LIMITS.chapterTextMax).optional(),
          }),
        ),
        request.body,
        request,
      );
      const unsaved = body.content !== undefined ? { title: body.title ?? '', content: body.content } : undefined;
      return ok(await publishing.check(ownerOf(request), body.chapter_id, languageOf(request), unsaved));
    },
  );

  routeAliases(app, 'GET', ['/api/pc/v1/text-correct/excludes'], author, async (request) =>
    ok(await publishing.excludes(ownerOf(request))),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/text-correct/excludes-add'], author, async (request) => {
    const body = parseInput(
      once(40, () => z.object({ word: z.string().max(100) })),
      request.body,
      request,
    );
    await publishing.addExclude(ownerOf(request), body.word);
    return ok(null);
  });
  routeAliases(app, 'POST', ['/api/pc/v1/text-correct/excludes-remove'], author, async (request) => {
    const body = parseInput(
      once(41, () => z.object({ word: z.string().max(100) })),
      request.body,
      request,
    );
    await publishing.removeExclude(ownerOf(request), body.word);
    return ok(null);
  });

  // ---------------------------------------------------------------------------------------------
  // Import

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/book-chapter/upload'],
    uploadRoute(author, 'a manuscript: .txt or .docx'),
    async (request) => {
      const q = parseInput(
        once(42, () => z.object({ book_id: id, file_name: z.string().min(1).max(255) })),
        request.query,
        request,
      );
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await files.upload(ownerOf(request), q.book_id, q.file_name, data));
    },
  );

  routeAliases(app, 'GET', ['/api/pc/v1/book-chapter/upload-lines'], author, async (request) => {
    const q = parseInput(
      once(43, () =>
        z.object({
          import_id: id,
          from: z.coerce.number().int().min(0).default(0),
          count: z.coerce.number().int().min(1).max(2000).default(200),
        }),
      ),
      request.query,
      request,
    );
    return ok(await files.lines(ownerOf(request), q.import_id, q.from, q.count));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/upload-preview'], author, async (request) => {
    const body = parseInput(
      once(44, () => z.object({ import_id: id, segments: z.array(headingInput).max(20_000) })),
      request.body,
      request,
    );
    return ok(await files.repreview(ownerOf(request), body.import_id, body.segments));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/upload-commit'], author, async (request) => {
    const body = parseInput(
      once(45, () =>
        z.object({ import_id: id, segments: z.array(headingInput).max(20_000), volume_id: id.optional() }),
      ),
      request.body,
      request,
    );
    return ok(await files.commit(ownerOf(request), body.import_id, body.segments, body.volume_id ?? null));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book-chapter/upload-status'], author, async (request) => {
    const q = parseInput(
      once(46, () => z.object({ import_id: id })),
      request.query,
      request,
    );
    return ok(await files.status(ownerOf(request), q.import_id));
  });

  await integrationRoutes(app);
  await worksLegacyRoutes(app);
}

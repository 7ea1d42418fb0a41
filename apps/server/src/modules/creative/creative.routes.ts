import {
  COVER_LIMITS,
  COVER_SIZE,
  COVER_SLOT_KEYS,
  type CoverSetting,
  ILLUSTRATION_LIMITS,
} from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases, uploadRoute } from '../../platform/http/routes.ts';
import type { Owner } from '../works/works.repository.ts';
import { authorBackgroundPrefix, CoversService, coverFontsAtStart, fontView, templateView } from './covers.ts';
import { creativeConsoleRoutes } from './creative-console.routes.ts';
import { IllustrationsService } from './illustrations.ts';
import { acceptImage, storeImage } from './images.ts';
import { Slots } from './schemas.ts';

/** The cover maker (cover config, templates, fonts, save, background upload) and interactive images (interact-pic). */

const author = { config: { auth: 'author' as const } };
const id = z.coerce.number().int().positive();

function ownerOf(request: FastifyRequest): Owner {
  const auth = authOf(request);
  return { clientId: request.brand.clientId, accountId: auth.accountId, userId: auth.userId };
}

const CoverSettingSchema = z.object({
  background_image: z.string().max(500).nullable().default(null),
  texts: z.object(Object.fromEntries(COVER_SLOT_KEYS.map((k) => [k, z.string().max(200).default('')]))),
  slots: Slots,
});

const IllustrationItem = z.object({
  paragraph_index: z.number().int().min(0),
  image_url: z.string().min(1).max(500),
  caption: z.string().max(ILLUSTRATION_LIMITS.captionMax).default(''),
  picture_id: id.nullable().optional(),
});

function bytesOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

export async function creativeRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const covers = new CoversService(ctx);
  // The fonts covers need, checked once at start: a missing one is named in the log (covers refuse it).
  await coverFontsAtStart(ctx.log);
  const illustrations = new IllustrationsService(ctx);

  // Uploads arrive as raw bytes (§7 'upload' body type), signed in the query; judged by content.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    { parseAs: 'buffer', bodyLimit: 8 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  // ---------------------------------------------------------------------------------------------
  // Cover maker (/front/custom-picture)

  routeAliases(app, 'GET', ['/api/pc/v1/cover/config'], author, async (request) => {
    const q = parseInput(z.object({ book_id: id }), request.query, request);
    return ok(await covers.config(ownerOf(request), q.book_id));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/cover/templates'], author, async (request) => {
    return ok({ list: (await covers.templates(request.brand.clientId)).map(templateView) });
  });

  routeAliases(app, 'GET', ['/api/pc/v1/cover/fonts'], author, async (request) => {
    return ok({ list: (await covers.fonts(request.brand.clientId)).map(fontView) });
  });

  /** The font cut to the given characters, base64 in JSON (the browser loads it with FontFace). */
  routeAliases(app, 'GET', ['/api/pc/v1/cover/font-subset'], author, async (request) => {
    const q = parseInput(z.object({ font_id: id, text: z.string().max(400).default('') }), request.query, request);
    const font = await covers.fontSubset(request.brand.clientId, q.font_id, q.text);
    return ok({ font_id: q.font_id, font: font.toString('base64') });
  });

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/cover/upload-background'],
    uploadRoute(author, 'a background image'),
    async (request) => {
      const owner = ownerOf(request);
      const { jpeg } = await acceptImage(bytesOf(request), {
        field: 'file',
        maxBytes: COVER_LIMITS.backgroundMaxBytes,
        minSide: COVER_LIMITS.backgroundMinSide,
        maxSide: COVER_LIMITS.backgroundMaxSide,
        fit: { width: COVER_SIZE.width * 2, height: COVER_SIZE.height * 2 },
      });
      return ok({ url: await storeImage(ctx, authorBackgroundPrefix(owner), jpeg) });
    },
  );

  routeAliases(app, 'POST', ['/api/pc/v1/cover/save'], author, async (request) => {
    const body = parseInput(
      z.object({ book_id: id, tpl_id: id, tpl_setting: CoverSettingSchema }),
      request.body,
      request,
    );
    return ok(await covers.save(ownerOf(request), body.book_id, body.tpl_id, body.tpl_setting as CoverSetting));
  });

  // ---------------------------------------------------------------------------------------------
  // Interactive images (/front/interactive-images)

  routeAliases(app, 'GET', ['/api/pc/v1/interact-pic/chapter-list'], author, async (request) => {
    const q = parseInput(z.object({ book_id: id.optional() }), request.query, request);
    const owner = ownerOf(request);
    const books = await illustrations.books(owner);
    const bookId = q.book_id ?? books[0]?.book_id;
    if (!bookId) return ok({ books, book_id: null, book_title: '', list: [] });
    return ok({ books, ...(await illustrations.chapterList(owner, bookId)) });
  });

  routeAliases(app, 'GET', ['/api/pc/v1/interact-pic/chapter-info'], author, async (request) => {
    const q = parseInput(z.object({ chapter_id: id }), request.query, request);
    return ok(await illustrations.chapterInfo(ownerOf(request), q.chapter_id));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/interact-pic/save'], author, async (request) => {
    const body = parseInput(
      z.object({ chapter_id: id, illustrations: z.array(IllustrationItem).max(ILLUSTRATION_LIMITS.perChapter) }),
      request.body,
      request,
    );
    return ok(await illustrations.save(ownerOf(request), body.chapter_id, body.illustrations));
  });

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/interact-pic/upload'],
    uploadRoute(author, 'an illustration image'),
    async (request) => {
      return ok(await illustrations.upload(ownerOf(request), bytesOf(request)));
    },
  );

  routeAliases(app, 'GET', ['/api/pc/v1/interact-pic/ai-config'], author, async (request) => {
    return ok(await illustrations.aiConfig(ownerOf(request)));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/interact-pic/ai-pic-create'], author, async (request) => {
    const body = parseInput(
      z.object({
        chapter_id: id,
        paragraph_index: z.number().int().min(0),
        prompt: z.string().max(ILLUSTRATION_LIMITS.aiPromptMax).optional(),
      }),
      request.body,
      request,
    );
    return ok(await illustrations.aiCreate(ownerOf(request), body.chapter_id, body.paragraph_index, body.prompt));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/interact-pic/ai-pic-change'], author, async (request) => {
    const body = parseInput(z.object({ picture_id: id }), request.body, request);
    return ok(await illustrations.aiChange(ownerOf(request), body.picture_id));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/interact-pic/ai-pic-history'], author, async (request) => {
    const q = parseInput(
      z.object({ chapter_id: id, paragraph_index: z.coerce.number().int().min(0) }),
      request.query,
      request,
    );
    return ok(await illustrations.aiHistory(ownerOf(request), q.chapter_id, q.paragraph_index));
  });

  await creativeConsoleRoutes(app, covers);
}

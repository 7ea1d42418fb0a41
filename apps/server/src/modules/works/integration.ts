import { createHmac } from 'node:crypto';
import { canonicalParams, signaturesEqual } from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import '../creative/creative.tables.ts';
import { ChangesQuery, siteAuthOf } from '../income/integration.routes.ts';

/**
 * The server-to-server API the reading sites pull published chapters from. Not signed by the
 * browser scheme: each site has its own key from configuration (READING_SITES, a JSON list of
 * {"id","client_id","key"}) and signs every request:
 *
 *   x-site-id: <id>   x-site-timestamp: <epoch ms>
 *   x-site-signature: hex HMAC-SHA256(key, METHOD \n PATH \n sorted query \n timestamp)
 *
 * A site sees only its brand's books.
 */

export interface ReadingSite {
  id: string;
  clientId: number;
  key: string;
}

export const SITE_SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;

export function readingSites(env: Record<string, string | undefined>): Map<string, ReadingSite> {
  const raw = env.READING_SITES;
  const sites = new Map<string, ReadingSite>();
  if (!raw) return sites;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new Error('READING_SITES: must be a JSON list of {"id","client_id","key"}');
  }
  const parsed = z
    .array(z.object({ id: z.string().min(1), client_id: z.number().int(), key: z.string().min(16) }))
    .safeParse(list);
  if (!parsed.success) throw new Error('READING_SITES: each site needs id, client_id and a key of 16+ characters');
  for (const s of parsed.data) sites.set(s.id, { id: s.id, clientId: s.client_id, key: s.key });
  return sites;
}

export function siteSignature(
  key: string,
  method: string,
  path: string,
  query: Record<string, unknown>,
  timestamp: string,
) {
  return createHmac('sha256', key)
    .update(`${method.toUpperCase()}\n${path}\n${canonicalParams(query)}\n${timestamp}`)
    .digest('hex');
}

const refused = () =>
  new AppError(40001013, { 'zh-CN': '站点签名无效', 'en-US': 'The site signature is not valid' }, { httpStatus: 401 });

function verifySite(request: FastifyRequest, sites: Map<string, ReadingSite>, now = Date.now()): ReadingSite {
  const site = sites.get(String(request.headers['x-site-id'] ?? ''));
  const timestamp = String(request.headers['x-site-timestamp'] ?? '');
  const given = String(request.headers['x-site-signature'] ?? '');
  if (!site || !/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > SITE_SIGNATURE_MAX_SKEW_MS)
    throw refused();
  const expected = siteSignature(
    site.key,
    request.method,
    request.url.split('?')[0],
    (request.query ?? {}) as Record<string, unknown>,
    timestamp,
  );
  if (!signaturesEqual(given, expected)) throw refused();
  return site;
}

export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const sites = readingSites(app.ctx.config.env);

  /**
   * Published chapters changed since a cursor, oldest change first. Follow `next_cursor` until
   * `has_more` is false; a chapter taken off the sites (recycle bin) comes with `deleted: true`.
   */
  app.get(
    '/api/integration/v1/chapters/changes',
    { config: { signed: false, input: { query: ChangesQuery } } },
    async (request) => {
      // A site signing with a console-made key pair (x-ac-key-id, issue 13), or with a configured key.
      const site = request.headers['x-ac-key-id']
        ? await siteAuthOf(app.ctx).verify(request)
        : verifySite(request, sites);
      const q = parseInput(ChangesQuery, request.query, request);
      const rows = await db
        .selectFrom('chapters')
        .leftJoin('chapter_live', 'chapter_live.chapter_id', 'chapters.id')
        .innerJoin('books', 'books.id', 'chapters.book_id')
        .innerJoin('volumes', 'volumes.id', 'chapters.volume_id')
        .innerJoin('accounts', 'accounts.id', 'books.account_id')
        .select([
          'chapters.id',
          'chapters.book_id',
          'books.title as book_title',
          'books.kind as book_kind',
          'books.deleted_at as book_deleted_at',
          'accounts.pen_name',
          'chapters.volume_id',
          'volumes.title as volume_title',
          'volumes.sort as volume_sort',
          'volumes.is_notice',
          'chapters.sort',
          'chapters.published_title',
          'chapter_live.body as published_body',
          'chapter_live.author_say as published_author_say',
          'chapters.published_words',
          'chapters.vip',
          'chapters.first_published_at',
          'chapters.published_at',
          'chapters.change_seq',
          'chapters.deleted_at',
        ])
        .where('chapters.client_id', '=', site.clientId)
        .where('chapters.change_seq', '>', q.cursor)
        .where('chapters.first_published_at', 'is not', null)
        .orderBy('chapters.change_seq')
        .limit(q.limit + 1)
        .execute();
      const page = rows.slice(0, q.limit);
      // Each chapter's illustrations (interactive images, issue 17), in reading order.
      const pictures = page.length
        ? await db
            .selectFrom('chapter_illustrations')
            .select(['chapter_id', 'paragraph_index', 'image_url', 'caption'])
            .where(
              'chapter_id',
              'in',
              page.map((r) => r.id),
            )
            .orderBy('chapter_id')
            .orderBy('sort')
            .execute()
        : [];
      const illustrationsOf = (chapterId: number) =>
        pictures
          .filter((p) => p.chapter_id === chapterId)
          .map((p) => ({ paragraph_index: p.paragraph_index, url: p.image_url, caption: p.caption }));
      return ok({
        items: page.map((r) => {
          const deleted = r.deleted_at !== null || r.book_deleted_at !== null;
          return {
            chapter_id: r.id,
            book_id: r.book_id,
            book_title: r.book_title,
            book_kind: r.book_kind,
            author: r.pen_name,
            volume_id: r.volume_id,
            volume_title: r.volume_title,
            volume_sort: r.volume_sort,
            is_notice: r.is_notice === 1,
            sort: r.sort,
            title: r.published_title,
            content: deleted ? null : r.published_body,
            author_say: deleted ? null : r.published_author_say,
            words: r.published_words,
            vip: r.vip,
            first_published_at: r.first_published_at,
            published_at: r.published_at,
            change_seq: r.change_seq,
            illustrations: deleted ? [] : illustrationsOf(r.id),
            deleted,
          };
        }),
        next_cursor: page.length ? page[page.length - 1].change_seq : q.cursor,
        has_more: rows.length > q.limit,
      });
    },
  );
}

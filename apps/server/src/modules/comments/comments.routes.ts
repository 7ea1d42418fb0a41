import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { languageOf, localize } from '../../platform/http/language.ts';
import { ReadCache, sendCached } from '../../platform/http/read-cache.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { addProfileContributor } from '../auth/accounts.service.ts';
import { COMMENT_KINDS } from './comment-events.ts';
import { CommentsService, MUTE_DAYS, ownerOfRequest, REPLY_MAX } from './comments.service.ts';
import type { CommentKind } from './comments.tables.ts';
import { CorrectionsService, unseenCorrections } from './corrections.service.ts';

const author = { config: { auth: 'author' as const } };
const id = z.coerce.number().int().positive();
const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const ListQuery = z.object({
  book_id: id.optional(),
  chapter_id: id.optional(),
  type: z.enum(COMMENT_KINDS as [CommentKind, ...CommentKind[]]).optional(),
  unread: flag.optional(),
  held: flag.optional(),
  start: z.coerce.number().int().min(0).optional(),
  end: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
const LIST_PARAMS = Object.keys(ListQuery.shape) as Array<keyof typeof ListQuery.shape>;
const CommentId = z.object({ comment_id: id });
const ReplyBody = z.object({ comment_id: id, content: z.string().max(REPLY_MAX * 2), account_id: id.optional() });
const BatchReplyBody = z.object({
  comment_ids: z.array(id).min(1).max(100),
  content: z.string().max(REPLY_MAX * 2),
  account_id: id.optional(),
});
const ReleaseBody = z.object({ comment_ids: z.array(id).min(1).max(100) });
const FlagBody = z.object({ comment_id: id, on: flag.default(true) });
const ReportBody = z.object({ comment_id: id, reason: z.string().trim().min(2).max(200) });
const MuteBody = z.object({
  comment_id: id,
  days: z.coerce
    .number()
    .int()
    .refine((d) => (MUTE_DAYS as readonly number[]).includes(d), `days: one of ${MUTE_DAYS.join(', ')}`),
});
const UnmuteBody = z.object({ reader_id: z.string().min(1).max(64) });
const MsgNumBody = z.object({
  book_id: z.union([z.literal(''), id]).optional(),
  msg_tab: z.string().max(4).optional(),
});
const DefaultReplyBody = z.object({ content: z.string().max(REPLY_MAX * 2) });

const CorrectionChapters = z.object({ book_id: id.optional() });
const ChapterId = z.object({ chapter_id: id });
const CorrectStatusBody = z.object({
  correction_ids: z.array(id).min(1).max(100),
  status: z.enum(['accept', 'reject']),
});
const SaveDetailBody = z.object({ correction_id: id, text: z.string().max(200) });

let contributorAdded = false;

/** Reader comments and error corrections, the author's side (§7 comment/*, comments, user-correct/*). */
export async function commentsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const comments = new CommentsService(ctx);
  const corrections = new CorrectionsService(ctx);
  const owner = (request: Parameters<typeof authOf>[0]) => ownerOfRequest(request, authOf(request));

  if (!contributorAdded) {
    contributorAdded = true;
    addProfileContributor(async (c, auth) => ({ user: { correct_count: await unseenCorrections(c, auth) } }));
  }

  // The comment page (list) and the fold page (fold): readers' comments of the pen name's books.
  // Served from a write-aware cache of the serialized reply (any write of this process, a new comment
  // included, makes it stale; another instance's within 2 s).
  const listCache = new ReadCache();
  // `type`: the lists of one kind (§7 comments chapter, paragraph, evaluates, check-in list) ignore the query's.
  const list = (folded: boolean, type?: CommentKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const o = owner(request);
    const raw: Record<string, string | undefined> = {
      ...(request.query as Record<string, string | undefined>),
      ...(type ? { type } : {}),
    };
    // Keyed by the list's own parameters (not the request signature's); stored only after they were validated.
    const key = `${folded}:${o.clientId}:${o.accountId}:${LIST_PARAMS.map((k) => raw[k] ?? '').join(':')}`;
    return sendCached(listCache, reply, key, () =>
      comments.list(o, { ...parseInput(ListQuery, raw, request), folded }),
    );
  };
  routeAliases(app, 'GET', ['/api/pc/v1/comments/list', '/api/comment/list'], author, list(false));
  routeAliases(app, 'GET', ['/api/pc/v1/comments/fold', '/api/comment/fold-list'], author, list(true));
  routeAliases(app, 'GET', ['/api/pc/v1/comments/chapter'], author, list(false, 'chapter'));
  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/comments/paragraph', '/api/comment/paragraph-list'],
    author,
    list(false, 'paragraph'),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/comments/evaluates'], author, list(false, 'evaluate'));
  routeAliases(app, 'GET', ['/api/pc/v1/comments/check-in/list'], author, list(false, 'checkin'));
  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/comments/detail', '/api/comment/detail', '/api/comment/history', '/api/pc/v1/comments/discussion'],
    author,
    async (request) =>
      ok(await comments.thread(owner(request), parseInput(CommentId, request.query, request).comment_id)),
  );
  // GET_COMMENT_MSG_NUM (§7: POST, book_id '' and msg_tab '0', reads data.num) and remove-msg-num.
  routeAliases(app, 'POST', ['/api/pc/v1/comment/msg-num', '/api/comment/msg-num'], author, async (request) => {
    const b = parseInput(MsgNumBody, request.body ?? {}, request);
    return ok({ num: await comments.unreadCount(owner(request), b.book_id || undefined) });
  });
  routeAliases(
    app,
    'POST',
    ['/api/comment/remove-msg-num', '/api/pc/v1/comment/remove-msg-num'],
    author,
    async (request) => {
      const b = parseInput(MsgNumBody, request.body ?? {}, request);
      return ok(await comments.markAllSeen(owner(request), b.book_id || undefined));
    },
  );
  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/comments/reply', '/api/comment/reply', '/api/comment/add', '/api/pc/v1/comments/check-in/reply'],
    author,
    async (request) => {
      const b = parseInput(ReplyBody, request.body, request);
      return ok(await comments.reply(owner(request), b.comment_id, b.content, b.account_id));
    },
  );
  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/comments/batch-reply', '/api/comment/batch-reply'],
    author,
    async (request) => {
      const b = parseInput(BatchReplyBody, request.body, request);
      return ok(
        await comments.batchReply(owner(request), b.comment_ids, b.content, (t) => localize(request, t), b.account_id),
      );
    },
  );
  // Releases held comments (a muted reader's): each item says what happened.
  routeAliases(app, 'POST', ['/api/pc/v1/comments/release', '/api/comment/release'], author, async (request) => {
    const b = parseInput(ReleaseBody, request.body, request);
    return ok(await comments.release(owner(request), b.comment_ids, (t) => localize(request, t)));
  });
  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/comments/like', '/api/comment/like', '/api/pc/v1/comments/check-in/like'],
    author,
    async (request) => {
      const b = parseInput(FlagBody, request.body, request);
      return ok(await comments.setFlag(owner(request), b.comment_id, 'liked', b.on));
    },
  );
  routeAliases(app, 'POST', ['/api/pc/v1/comments/top', '/api/comment/top'], author, async (request) => {
    const b = parseInput(FlagBody, request.body, request);
    return ok(await comments.setFlag(owner(request), b.comment_id, 'top', b.on));
  });
  routeAliases(app, 'POST', ['/api/pc/v1/comments/fold', '/api/comment/fold'], author, async (request) => {
    const b = parseInput(FlagBody, request.body, request);
    return ok(await comments.setFlag(owner(request), b.comment_id, 'folded', b.on));
  });
  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/comments/essence-apply', '/api/comment/essence-apply'],
    author,
    async (request) => {
      const b = parseInput(CommentId, request.body, request);
      return ok(await comments.applyEssence(owner(request), b.comment_id));
    },
  );
  routeAliases(
    app,
    'POST',
    [
      '/api/pc/v1/comments/delete',
      '/api/pc/v1/comments/remove',
      '/api/comment/remove',
      '/api/pc/v1/comments/check-in/delete',
    ],
    author,
    async (request) =>
      ok(await comments.deleteReply(owner(request), parseInput(CommentId, request.body, request).comment_id)),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/comments/report', '/api/comment/report'], author, async (request) => {
    const b = parseInput(ReportBody, request.body, request);
    return ok(await comments.report(owner(request), b.comment_id, b.reason));
  });
  routeAliases(app, 'POST', ['/api/pc/v1/comments/mute'], author, async (request) => {
    const b = parseInput(MuteBody, request.body, request);
    return ok(await comments.mute(owner(request), b.comment_id, b.days));
  });
  routeAliases(app, 'POST', ['/api/pc/v1/comments/unmute'], author, async (request) =>
    ok(await comments.unmute(owner(request), parseInput(UnmuteBody, request.body, request).reader_id)),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/comments/mutes'], author, async (request) =>
    ok(await comments.mutes(owner(request))),
  );
  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/comments/default-replies', '/api/comment/default-replies'],
    author,
    async (request) => ok(await comments.defaultReplies(owner(request))),
  );
  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/comments/default-replies', '/api/comment/default-replies'],
    author,
    async (request) =>
      ok(await comments.addDefaultReply(owner(request), parseInput(DefaultReplyBody, request.body, request).content)),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/comments/default-replies/delete'], author, async (request) =>
    ok(await comments.removeDefaultReply(owner(request), parseInput(z.object({ id }), request.body, request).id)),
  );

  // Reader error corrections (§7 user-correct/*).
  routeAliases(
    app,
    'GET',
    ['/api/user-correct/check-permission', '/api/pc/v1/user-correct/check-permission'],
    author,
    async () => ok({ allowed: true }),
  );
  routeAliases(
    app,
    'GET',
    ['/api/user-correct/get-chapters', '/api/pc/v1/user-correct/get-chapters'],
    author,
    async (request) =>
      ok(await corrections.chapters(owner(request), parseInput(CorrectionChapters, request.query, request).book_id)),
  );
  routeAliases(
    app,
    'GET',
    ['/api/user-correct/chapter-detail', '/api/pc/v1/user-correct/chapter-detail'],
    author,
    async (request) =>
      ok(await corrections.chapterDetail(owner(request), parseInput(ChapterId, request.query, request).chapter_id)),
  );
  // Accept with the author's own wording.
  routeAliases(
    app,
    'POST',
    ['/api/user-correct/save-chapter-detail', '/api/pc/v1/user-correct/save-chapter-detail'],
    author,
    async (request) => {
      const b = parseInput(SaveDetailBody, request.body, request);
      return ok(await corrections.accept(owner(request), b.correction_id, languageOf(request), b.text));
    },
  );
  // Accept or reject several: each item says what happened to it.
  routeAliases(
    app,
    'POST',
    ['/api/user-correct/save-correct-status', '/api/pc/v1/user-correct/save-correct-status'],
    author,
    async (request) => {
      const b = parseInput(CorrectStatusBody, request.body, request);
      const o = owner(request);
      const results = [];
      for (const cid of b.correction_ids) {
        try {
          const r =
            b.status === 'accept'
              ? await corrections.accept(o, cid, languageOf(request))
              : await corrections.reject(o, cid);
          results.push({ ...r, ok: true });
        } catch (error) {
          if (!(error instanceof Error) || !('code' in error) || !('title' in error)) throw error;
          results.push({
            correction_id: cid,
            ok: false,
            code: error.code,
            message: localize(request, error.title as string),
          });
        }
      }
      return ok({
        results,
        succeeded: results.filter((r) => r.ok).length,
        failed: results.filter((r) => !r.ok).length,
      });
    },
  );
  routeAliases(
    app,
    'GET',
    ['/api/user-correct/delete-correct', '/api/pc/v1/user-correct/delete-correct'],
    author,
    async (request) => ok(await corrections.markSeen(authOf(request))),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/user-correct/msg-num'], author, async (request) =>
    ok({ num: await unseenCorrections(ctx, authOf(request)) }),
  );
}

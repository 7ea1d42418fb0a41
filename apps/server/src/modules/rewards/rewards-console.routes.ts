import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp, { type OutputInfo } from 'sharp';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { startsWithText } from '../../platform/db/like.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badInput } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { localize } from '../../platform/http/language.ts';
import { routeAliases, uploadRoute } from '../../platform/http/routes.ts';
import * as repo from './rewards.repository.ts';
import * as rewards from './rewards.service.ts';

/**
 * The console's badges, levels and graduations (issue 11), all admin-only and scoped by the brand
 * the staff member acts in. Every change is written with its audit record in one transaction.
 * The first console paths of issue 4 (/api/pc/v1/admin/…) are aliases of the same handlers.
 */

const admin = { config: { auth: 'admin' as const } };
/** Stores a file and changes nothing else: the badge or level that uses it is audited when saved. */
const imageUpload = { config: { auth: 'admin' as const, audit: false } };

const Talk = z.object({ content: z.string().trim().max(500), author: z.string().trim().max(50) });
const AccountRef = {
  account_id: z.coerce.number().int().positive().optional(),
  pen_name: z.string().trim().min(1).max(30).optional(),
};
/** An image the browser may load: our uploads or any in-site path, https, or an inline image. */
const ImageUrl = z
  .string()
  .trim()
  .min(1)
  .max(20_000)
  .regex(/^(\/(?!\/)|https:\/\/|data:image\/(png|jpeg|webp|gif|svg\+xml)[;,])/, {
    message: 'image: 只能是站内地址、https 地址或上传的图片 / must be an in-site path, an https address or an upload',
  });
/** Where a pop's button leads: an in-site path or https. */
const JumpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)|https:\/\/)/, {
    message: 'jump_url: 只能是站内路径或 https 地址 / must be an in-site path or an https address',
  });
/** Why a staff member did it: required for every hand-made award, revoke and change. */
const Reason = z.string().trim().min(1).max(200);
const Id = z.object({ id: z.coerce.number().int().positive() });

const BadgeBody = z.object({
  title: z.string().trim().min(1).max(30),
  image: z.union([ImageUrl, z.array(ImageUrl).min(1).max(20)]),
  advance_text: z.string().trim().max(100).optional(),
  desc: z.string().trim().max(500).optional(),
  tips: z.string().trim().max(200).optional(),
  talk: Talk.optional(),
  growth_value: z.number().int().min(0).max(100_000).optional(),
  sort: z.number().int().min(-100_000).max(100_000).optional(),
});
const BadgeListQuery = listQuery(['sort', 'title', 'created_at', 'award_count'], {
  keyword: z.string().trim().max(30).optional(),
});
const AwardBody = z.object({ ...AccountRef, badge_id: z.coerce.number().int().positive(), reason: Reason });
const AwardListQuery = listQuery(['awarded_at', 'pen_name', 'title'], {
  badge_id: z.coerce.number().int().positive().optional(),
  account_id: z.coerce.number().int().positive().optional(),
  pen_name: z.string().trim().max(30).optional(),
});
const RevokeBody = z.object({ reason: Reason });

const LevelNumber = z.coerce.number().int().min(1).max(99);
const LevelFields = {
  level_txt: z.string().trim().min(1).max(30),
  surpass_txt: z.string().trim().max(100).optional(),
  talk: Talk.optional(),
  bg_image_link: z.union([ImageUrl, z.literal('')]).optional(),
  jump_url: z.union([JumpUrl, z.literal('')]).optional(),
};
const LevelBody = z.object({ level: LevelNumber, ...LevelFields });
const LevelListQuery = listQuery(['level'], {});
const LevelUpdateBody = z.object(LevelFields);
const LevelChangeBody = z.object({
  ...AccountRef,
  level: LevelNumber,
  /** The level the console showed: a 409 when the author's level has changed since. */
  from_level: LevelNumber.optional(),
  reason: Reason,
  level_txt: LevelFields.level_txt.optional(),
  surpass_txt: LevelFields.surpass_txt,
  talk: LevelFields.talk,
  bg_image_link: LevelFields.bg_image_link,
  jump_url: LevelFields.jump_url,
});
const HistoryQuery = listQuery(['created_at', 'pen_name'], {
  account_id: z.coerce.number().int().positive().optional(),
  pen_name: z.string().trim().max(30).optional(),
});
const GraduationBody = z.object({
  ...AccountRef,
  period_name: z.string().trim().min(1).max(50),
  /** '1' normal, '2' excellent (§3: anything but '1' is excellent). */
  level: z.enum(['1', '2']),
  reason: Reason,
});
const AuthorLookupQuery = z.object({
  q: z.string().trim().min(1).max(30),
});

const UPLOAD_KINDS = {
  /** A badge keeps its transparency (PNG). */
  badge: { size: 480, format: 'png' as const },
  /** The level-upgrade pop's background: a picture (JPEG). */
  'level-bg': { size: 1200, format: 'jpeg' as const },
};
const UploadQuery = z.object({ kind: z.enum(['badge', 'level-bg']) });
const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

const say = (request: FastifyRequest, zh: string, en: string) => localize(request, { 'zh-CN': zh, 'en-US': en });

export async function rewardsConsoleRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // Images arrive as raw bytes (§7 'upload' body type), signed in the query.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  // ---- Badges ------------------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/rewards/badges', '/api/pc/v1/admin/badges'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(BadgeListQuery, request.query, request);
    let query = ctx.db
      .selectFrom('badges as b')
      .selectAll('b')
      .select((eb) =>
        eb
          .selectFrom('account_badges as ab')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('ab.badge_id', '=', 'b.id')
          .as('award_count'),
      )
      .where('b.client_id', '=', staff.clientId);
    if (q.keyword) query = query.where(startsWithText('b.title', q.keyword));
    const page = await pageOf(query, q, {
      sorts: { sort: 'b.sort', title: 'b.title', created_at: 'b.created_at', award_count: 'award_count' },
      defaultSort: 'sort',
      defaultOrder: 'ascend',
      tiebreak: 'b.id',
    });
    return ok({
      ...page,
      list: page.list.map((row) => ({ ...rewards.badgeView(row), award_count: Number(row.award_count ?? 0) })),
    });
  });

  routeAliases(app, 'POST', ['/api/admin/rewards/badges', '/api/pc/v1/admin/badges'], admin, async (request) => {
    const staff = staffOf(request);
    const input = parseInput(BadgeBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { id } = await rewards.createBadge(ctx, staff.clientId, input, Date.now(), tx);
        const created = rewards.badgeView((await repo.findBadge(tx, staff.clientId, id))!);
        await recordAudit(tx, request, {
          action: 'badge.create',
          targetType: 'badge',
          targetId: id,
          summary: say(request, `新建勋章「${input.title}」`, `Created the badge "${input.title}"`),
          after: created,
        });
        return created;
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/rewards/badges/:id'], admin, async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(Id, request.params, request);
    const input = parseInput(BadgeBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { before, after } = await rewards.updateBadge(tx, staff.clientId, id, input);
        await recordAudit(tx, request, {
          action: 'badge.update',
          targetType: 'badge',
          targetId: id,
          summary: say(request, `修改勋章「${after.title}」`, `Edited the badge "${after.title}"`),
          before,
          after,
        });
        return after;
      }),
    );
  });

  // An image is only stored here; it is written into a badge or level (and audited) when that is saved.
  routeAliases(
    app,
    'POST',
    ['/api/admin/rewards/images'],
    uploadRoute(imageUpload, 'a badge or level image'),
    async (request) => {
      const staff = staffOf(request);
      const { kind } = parseInput(UploadQuery, request.query, request);
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (data.length === 0 || data.length > UPLOAD_MAX_BYTES) {
        throw badInput('file', { 'zh-CN': '图片需小于5MB', 'en-US': 'The image must be under 5 MB' });
      }
      const shape = UPLOAD_KINDS[kind];
      let image: { data: Buffer; info: OutputInfo };
      try {
        const resized = sharp(data, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(shape.size, shape.size, { fit: 'inside', withoutEnlargement: true });
        image = await (shape.format === 'png'
          ? resized.png({ compressionLevel: 9 })
          : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true })
        ).toBuffer({ resolveWithObject: true });
      } catch {
        throw badInput('file', {
          'zh-CN': '无法识别的图片，请上传 JPG、PNG、WebP 或 GIF 图片',
          'en-US': 'This image cannot be read; please upload a JPG, PNG, WebP or GIF image',
        });
      }
      const ext = shape.format === 'png' ? 'png' : 'jpg';
      const key = `rewards/${staff.clientId}/${kind}-${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${ext}`;
      const stored = await ctx.storage.put(key, image.data, `image/${shape.format}`);
      return ok({ url: stored.url, width: image.info.width, height: image.info.height });
    },
  );

  // ---- Awards ------------------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/rewards/awards'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(AwardListQuery, request.query, request);
    let query = ctx.db
      .selectFrom('account_badges as ab')
      .innerJoin('badges as b', 'b.id', 'ab.badge_id')
      .innerJoin('accounts as a', 'a.id', 'ab.account_id')
      .select([
        'ab.id',
        'ab.account_id',
        'a.pen_name',
        'ab.badge_id',
        'b.title',
        'b.image',
        'ab.awarded_at',
        'ab.noticed_at',
      ])
      .where('ab.client_id', '=', staff.clientId);
    if (q.badge_id) query = query.where('ab.badge_id', '=', q.badge_id);
    if (q.account_id) query = query.where('ab.account_id', '=', q.account_id);
    if (q.pen_name) query = query.where(startsWithText('a.pen_name', q.pen_name));
    const page = await pageOf(query, q, {
      sorts: { awarded_at: 'ab.awarded_at', pen_name: 'a.pen_name', title: 'b.title' },
      defaultSort: 'awarded_at',
      defaultOrder: 'descend',
      tiebreak: 'ab.id',
    });
    return ok({ ...page, list: page.list.map((row) => ({ ...row, image: firstImage(row.image) })) });
  });

  routeAliases(
    app,
    'POST',
    ['/api/admin/rewards/badges/award', '/api/pc/v1/admin/badges/award'],
    admin,
    async (request) => {
      const staff = staffOf(request);
      const input = parseInput(AwardBody, request.body, request);
      return ok(
        await inTransaction(ctx.db, async (tx) => {
          const award = await rewards.awardBadge(ctx, staff.clientId, input, Date.now(), tx);
          await recordAudit(tx, request, {
            action: 'badge.award',
            targetType: 'account',
            targetId: award.account_id,
            summary: say(
              request,
              `授予「${award.pen_name}」勋章「${award.title}」`,
              `Awarded the badge "${award.title}" to ${award.pen_name}`,
            ),
            reason: input.reason,
            after: { award_id: award.id, badge_id: award.badge_id, title: award.title },
          });
          return award;
        }),
      );
    },
  );

  routeAliases(app, 'POST', ['/api/admin/rewards/awards/:id/revoke'], admin, async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(Id, request.params, request);
    const { reason } = parseInput(RevokeBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const award = await rewards.revokeAward(tx, staff.clientId, id);
        await recordAudit(tx, request, {
          action: 'badge.revoke',
          targetType: 'account',
          targetId: award.account_id,
          summary: say(
            request,
            `收回「${award.pen_name}」的勋章「${award.title}」`,
            `Revoked the badge "${award.title}" from ${award.pen_name}`,
          ),
          reason,
          before: {
            award_id: award.id,
            badge_id: award.badge_id,
            title: award.title,
            awarded_at: award.awarded_at,
            noticed_at: award.noticed_at,
          },
          after: null,
        });
        return { id: award.id, account_id: award.account_id, badge_id: award.badge_id };
      }),
    );
  });

  // ---- Levels ------------------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/rewards/levels'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(LevelListQuery, request.query, request);
    const [page, counts] = await Promise.all([
      pageOf(ctx.db.selectFrom('author_levels').selectAll().where('client_id', '=', staff.clientId), q, {
        sorts: { level: 'level' },
        defaultSort: 'level',
        defaultOrder: 'ascend',
        tiebreak: 'id',
      }),
      repo.authorsPerLevel(ctx.db, staff.clientId),
    ]);
    const authors = new Map(counts.map((c) => [Number(c.level), Number(c.n)]));
    return ok({
      ...page,
      list: page.list.map((row) => ({ ...rewards.levelView(row), authors: authors.get(row.level) ?? 0 })),
    });
  });

  routeAliases(app, 'POST', ['/api/admin/rewards/levels'], admin, async (request) => {
    const staff = staffOf(request);
    const input = parseInput(LevelBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const created = await rewards.createLevel(tx, staff.clientId, input);
        await recordAudit(tx, request, {
          action: 'level.create',
          targetType: 'level',
          targetId: created.id,
          summary: say(
            request,
            `新建等级 Lv${created.level}「${created.level_txt}」`,
            `Created level Lv${created.level} "${created.level_txt}"`,
          ),
          after: created,
        });
        return created;
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/rewards/levels/:id'], admin, async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(Id, request.params, request);
    const input = parseInput(LevelUpdateBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { before, after } = await rewards.updateLevel(tx, staff.clientId, id, input);
        await recordAudit(tx, request, {
          action: 'level.update',
          targetType: 'level',
          targetId: id,
          summary: say(
            request,
            `修改等级 Lv${after.level}「${after.level_txt}」`,
            `Edited level Lv${after.level} "${after.level_txt}"`,
          ),
          before,
          after,
        });
        return after;
      }),
    );
  });

  routeAliases(app, 'GET', ['/api/admin/rewards/level-changes'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(HistoryQuery, request.query, request);
    let query = ctx.db
      .selectFrom('level_changes as c')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .select([
        'c.id',
        'c.account_id',
        'a.pen_name',
        'c.from_level',
        'c.level',
        'c.level_txt',
        'c.created_at',
        'c.noticed_at',
      ])
      .where('c.client_id', '=', staff.clientId);
    if (q.account_id) query = query.where('c.account_id', '=', q.account_id);
    if (q.pen_name) query = query.where(startsWithText('a.pen_name', q.pen_name));
    return ok(
      await pageOf(query, q, {
        sorts: { created_at: 'c.created_at', pen_name: 'a.pen_name' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'c.id',
      }),
    );
  });

  routeAliases(
    app,
    'POST',
    ['/api/admin/rewards/level-changes', '/api/pc/v1/admin/level-changes'],
    admin,
    async (request) => {
      const staff = staffOf(request);
      const { reason, ...input } = parseInput(LevelChangeBody, request.body, request);
      return ok(
        await inTransaction(ctx.db, async (tx) => {
          const change = await rewards.recordLevelChange(ctx, staff.clientId, input, Date.now(), tx);
          await recordAudit(tx, request, {
            action: 'level.change',
            targetType: 'account',
            targetId: change.account_id,
            summary: say(
              request,
              `将「${change.pen_name}」的等级从 Lv${change.from_level} 调整为 Lv${change.level}`,
              `Changed ${change.pen_name}'s level from Lv${change.from_level} to Lv${change.level}`,
            ),
            reason,
            before: { level: change.from_level },
            after: { level: change.level, level_txt: change.level_txt, pop: change.pop },
          });
          return change;
        }),
      );
    },
  );

  // ---- Graduations ---------------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/rewards/graduations'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(HistoryQuery, request.query, request);
    let query = ctx.db
      .selectFrom('graduations as g')
      .innerJoin('accounts as a', 'a.id', 'g.account_id')
      .select(['g.id', 'g.account_id', 'a.pen_name', 'g.period_name', 'g.level', 'g.graduated_at', 'g.noticed_at'])
      .where('g.client_id', '=', staff.clientId);
    if (q.account_id) query = query.where('g.account_id', '=', q.account_id);
    if (q.pen_name) query = query.where(startsWithText('a.pen_name', q.pen_name));
    return ok(
      await pageOf(query, q, {
        sorts: { created_at: 'g.graduated_at', pen_name: 'a.pen_name' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'g.id',
      }),
    );
  });

  routeAliases(
    app,
    'POST',
    ['/api/admin/rewards/graduations', '/api/pc/v1/admin/graduations'],
    admin,
    async (request) => {
      const staff = staffOf(request);
      const { reason, ...input } = parseInput(GraduationBody, request.body, request);
      return ok(
        await inTransaction(ctx.db, async (tx) => {
          const graduation = await rewards.recordGraduation(ctx, staff.clientId, input, Date.now(), tx);
          const kind = input.level === '1' ? say(request, '普通', 'normal') : say(request, '优秀', 'excellent');
          await recordAudit(tx, request, {
            action: 'graduation.record',
            targetType: 'account',
            targetId: graduation.account_id,
            summary: say(
              request,
              `记录「${graduation.pen_name}」从「${input.period_name}」${kind}毕业`,
              `Recorded ${graduation.pen_name}'s ${kind} graduation from "${input.period_name}"`,
            ),
            reason,
            after: { graduation_id: graduation.id, period_name: input.period_name, level: input.level },
          });
          return graduation;
        }),
      );
    },
  );

  // ---- Finding an author by pen name (the award, level and message dialogs) ----------------

  routeAliases(app, 'GET', ['/api/admin/rewards/author-lookup'], admin, async (request) => {
    const staff = staffOf(request);
    const { q } = parseInput(AuthorLookupQuery, request.query, request);
    let query = ctx.db
      .selectFrom('accounts')
      .select(['id as account_id', 'pen_name', 'level', 'sign_flag', 'is_learner'])
      .where('client_id', '=', staff.clientId)
      .where('role', '=', 'author');
    query = /^\d+$/.test(q)
      ? query.where((eb) => eb.or([eb('id', '=', Number(q)), startsWithText('pen_name', q)]))
      : query.where(startsWithText('pen_name', q));
    const list = await query.orderBy('pen_name', 'asc').orderBy('id', 'asc').limit(20).execute();
    return ok({ list });
  });
}

function firstImage(image: string): string {
  if (!image.startsWith('[')) return image;
  try {
    const list = JSON.parse(image) as unknown;
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : image;
  } catch {
    return image;
  }
}

import { COVER_LIMITS, COVER_SIZE, COVER_SLOT_KEYS, type CoverSlots, HEX_COLOR } from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badInput, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { localize } from '../../platform/http/language.ts';
import { routeAliases, uploadRoute } from '../../platform/http/routes.ts';
import {
  backgroundKeyPrefix,
  type CoversService,
  type FontRow,
  fontView,
  type TemplateRow,
  templateView,
} from './covers.ts';
import { installedFamilies, locateFont } from './fonts.ts';
import { acceptImage, storedKeyOf, storeImage } from './images.ts';
import { Slots } from './schemas.ts';

/**
 * The console's cover templates and fonts (admin, the brand worked in). Every change is written with
 * its audit record (and the staff member's reason) in one transaction.
 */

const admin = { config: { auth: 'admin' as const } };
const imageUpload = { config: { auth: 'admin' as const, audit: false } };
const Reason = z.string().trim().min(1).max(200);
const id = z.coerce.number().int().positive();
const say = (request: FastifyRequest, zh: string, en: string) => localize(request, { 'zh-CN': zh, 'en-US': en });

const FontBody = z.object({
  name: z.string().trim().min(1).max(30),
  family: z.string().trim().min(1).max(100),
  weight: z.union([z.literal(400), z.literal(700)]),
  licence: z.string().trim().min(1).max(100),
  licence_url: z
    .string()
    .trim()
    .regex(/^https:\/\/\S+$/, { message: 'licence_url: https://…' })
    .max(300),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(100),
  reason: Reason,
});

const TemplateBody = z.object({
  name: z.string().trim().min(1).max(30),
  background_image: z.string().max(500).nullable().default(null),
  background_color: z.string().regex(HEX_COLOR, { message: 'background_color: #rrggbb' }),
  background_color2: z.string().regex(HEX_COLOR, { message: 'background_color2: #rrggbb' }),
  slots: Slots,
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(100),
  reason: Reason,
});

const adminFontView = async (f: FontRow) => ({
  ...fontView(f),
  enabled: f.enabled === 1,
  sort: f.sort,
  installed: (await locateFont(f.family, f.weight)) !== null,
});
const adminTemplateView = (t: TemplateRow) => ({ ...templateView(t), enabled: t.enabled === 1, sort: t.sort });

export async function creativeConsoleRoutes(app: FastifyInstance, covers: CoversService): Promise<void> {
  const { ctx } = app;

  // ---- Fonts -------------------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/cover/fonts'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(listQuery(['sort', 'name'], {}), request.query, request);
    await covers.fonts(staff.clientId);
    const page = await pageOf(ctx.db.selectFrom('cover_fonts').selectAll().where('client_id', '=', staff.clientId), q, {
      sorts: { sort: 'sort', name: 'name' },
      defaultSort: 'sort',
      defaultOrder: 'ascend',
      tiebreak: 'id',
    });
    return ok({ ...page, list: await Promise.all((page.list as FontRow[]).map(adminFontView)) });
  });

  /** The families installed on the server (a font can only be one of these). */
  routeAliases(app, 'GET', ['/api/admin/cover/installed-families'], admin, async () => {
    return ok({ list: (await installedFamilies()).filter((f) => /CJK|Noto|Han|WenQuanYi|Source/i.test(f)) });
  });

  const checkInstalled = async (family: string, weight: number) => {
    if (!(await locateFont(family, weight))) {
      throw badInput('family', {
        'zh-CN': `服务器上没有安装字体「${family}」，请先安装字体文件`,
        'en-US': `The font "${family}" is not installed on the server; install its files first`,
      });
    }
  };

  routeAliases(app, 'POST', ['/api/admin/cover/fonts'], admin, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(FontBody, request.body, request);
    await checkInstalled(body.family, body.weight);
    const now = Date.now();
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { reason, enabled, ...fields } = body;
        const row = (await tx
          .insertInto('cover_fonts')
          .values({ client_id: staff.clientId, ...fields, enabled: enabled ? 1 : 0, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow()) as FontRow;
        const after = await adminFontView(row);
        await recordAudit(tx, request, {
          action: 'cover-font.create',
          targetType: 'cover_font',
          targetId: row.id,
          summary: say(request, `新增封面字体「${row.name}」`, `Added the cover font "${row.name}"`),
          reason,
          after,
        });
        return after;
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/cover/fonts/update'], admin, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(FontBody.extend({ id }), request.body, request);
    await checkInstalled(body.family, body.weight);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const before = (await tx
          .selectFrom('cover_fonts')
          .selectAll()
          .where('id', '=', body.id)
          .where('client_id', '=', staff.clientId)
          .executeTakeFirst()) as FontRow | undefined;
        if (!before) throw notFound({ 'zh-CN': '字体不存在', 'en-US': 'The font does not exist' });
        const { reason, enabled, id: fontId, ...fields } = body;
        const row = (await tx
          .updateTable('cover_fonts')
          .set({ ...fields, enabled: enabled ? 1 : 0, updated_at: Date.now() })
          .where('id', '=', fontId)
          .returningAll()
          .executeTakeFirstOrThrow()) as FontRow;
        const after = await adminFontView(row);
        await recordAudit(tx, request, {
          action: 'cover-font.update',
          targetType: 'cover_font',
          targetId: row.id,
          summary: say(request, `修改封面字体「${row.name}」`, `Edited the cover font "${row.name}"`),
          reason,
          before: await adminFontView(before),
          after,
        });
        return after;
      }),
    );
  });

  // ---- Templates ---------------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/cover/templates'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(listQuery(['sort', 'name', 'updated_at'], {}), request.query, request);
    await covers.templates(staff.clientId);
    const page = await pageOf(
      ctx.db.selectFrom('cover_templates').selectAll().where('client_id', '=', staff.clientId),
      q,
      {
        sorts: { sort: 'sort', name: 'name', updated_at: 'updated_at' },
        defaultSort: 'sort',
        defaultOrder: 'ascend',
        tiebreak: 'id',
      },
    );
    return ok({ ...page, list: (page.list as TemplateRow[]).map(adminTemplateView) });
  });

  routeAliases(app, 'GET', ['/api/admin/cover/templates/detail'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(z.object({ id }), request.query, request);
    const row = (await ctx.db
      .selectFrom('cover_templates')
      .selectAll()
      .where('id', '=', q.id)
      .where('client_id', '=', staff.clientId)
      .executeTakeFirst()) as TemplateRow | undefined;
    if (!row) throw notFound({ 'zh-CN': '模板不存在', 'en-US': 'The template does not exist' });
    return ok(adminTemplateView(row));
  });

  /** The template's fonts must be the brand's; its background one of the brand's uploads. */
  const checkTemplate = async (clientId: number, body: z.infer<typeof TemplateBody>) => {
    const fonts = new Set((await covers.fonts(clientId, true)).map((f) => f.id));
    for (const key of COVER_SLOT_KEYS) {
      if (!fonts.has((body.slots as CoverSlots)[key].font_id)) {
        throw badInput(`slots.${key}.font_id`, { 'zh-CN': '字体不存在', 'en-US': 'The font does not exist' });
      }
    }
    if (body.background_image !== null && !storedKeyOf(ctx, body.background_image, backgroundKeyPrefix(clientId))) {
      throw badInput('background_image', {
        'zh-CN': '背景图片无效，请重新上传',
        'en-US': 'The background image is not valid; upload it again',
      });
    }
  };

  const templateFields = (body: z.infer<typeof TemplateBody>) => ({
    name: body.name,
    background_image: body.background_image,
    background_color: body.background_color,
    background_color2: body.background_color2,
    slots: JSON.stringify(body.slots),
    enabled: body.enabled ? 1 : 0,
    sort: body.sort,
  });

  routeAliases(app, 'POST', ['/api/admin/cover/templates'], admin, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(TemplateBody, request.body, request);
    await checkTemplate(staff.clientId, body);
    const now = Date.now();
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const row = (await tx
          .insertInto('cover_templates')
          .values({ client_id: staff.clientId, ...templateFields(body), created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow()) as TemplateRow;
        const after = adminTemplateView(row);
        await recordAudit(tx, request, {
          action: 'cover-template.create',
          targetType: 'cover_template',
          targetId: row.id,
          summary: say(request, `新建封面模板「${row.name}」`, `Created the cover template "${row.name}"`),
          reason: body.reason,
          after,
        });
        return after;
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/cover/templates/update'], admin, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(TemplateBody.extend({ id }), request.body, request);
    await checkTemplate(staff.clientId, body);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const before = (await tx
          .selectFrom('cover_templates')
          .selectAll()
          .where('id', '=', body.id)
          .where('client_id', '=', staff.clientId)
          .executeTakeFirst()) as TemplateRow | undefined;
        if (!before) throw notFound({ 'zh-CN': '模板不存在', 'en-US': 'The template does not exist' });
        const row = (await tx
          .updateTable('cover_templates')
          .set({ ...templateFields(body), updated_at: Date.now() })
          .where('id', '=', body.id)
          .returningAll()
          .executeTakeFirstOrThrow()) as TemplateRow;
        const after = adminTemplateView(row);
        await recordAudit(tx, request, {
          action: 'cover-template.update',
          targetType: 'cover_template',
          targetId: row.id,
          summary: say(request, `修改封面模板「${row.name}」`, `Edited the cover template "${row.name}"`),
          reason: body.reason,
          before: adminTemplateView(before),
          after,
        });
        return after;
      }),
    );
  });

  routeAliases(
    app,
    'POST',
    ['/api/admin/cover/upload-background'],
    uploadRoute(imageUpload, 'a template background image'),
    async (request) => {
      const staff = staffOf(request);
      const { jpeg } = await acceptImage(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), {
        field: 'file',
        maxBytes: COVER_LIMITS.backgroundMaxBytes,
        minSide: COVER_LIMITS.backgroundMinSide,
        maxSide: COVER_LIMITS.backgroundMaxSide,
        fit: { width: COVER_SIZE.width * 2, height: COVER_SIZE.height * 2 },
      });
      return ok({ url: await storeImage(ctx, `${backgroundKeyPrefix(staff.clientId)}t-`, jpeg) });
    },
  );
}

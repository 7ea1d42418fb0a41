import { type BrandSettings, ErrorCode } from '@author-centre/shared';
import {
  BRAND_FIELD_LABELS,
  BRAND_HOST_FIELDS,
  type BrandEditField,
  type BrandSettingsEdit,
  brandEditOf,
  brandFieldName,
  brandFieldValue,
  brandIssueText,
  brandMessage,
  brandSettingsChanges,
  ZBrandSettingsSave,
} from '@author-centre/shared/brand-settings';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit/audit.ts';
import { Brands, storedSettings } from '../../platform/brands/brands.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction, type Tx } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/http/console.ts';
import { AppError, badInput, conflict, notFound } from '../../platform/http/errors.ts';
import { welfareRulesText } from '../../seed/help/income.ts';
import { penNameRuleSentence } from '../../seed/help-articles.ts';
import { restateInArticles } from '../help/help.repository.ts';

/**
 * A brand's settings (§1, §3) as its admins edit them in the console. A save is checked (the shared
 * schema, then the domains against every other brand), written with its audit record in one
 * transaction, and takes effect at once here and within a second or two on every other instance
 * (`Brands.watch`).
 */

export interface BrandSettingsView {
  client_id: number;
  brief: string;
  /** The version the form was read at; a save must send it back. */
  revision: number;
  settings: BrandSettingsEdit;
  /** Settings shown but not edited here. */
  fixed: Pick<BrandSettings, 'theme' | 'permissions' | 'environment' | 'proxyApi' | 'apiDomain'> & {
    local_host: string;
  };
}

const brandMissing = () => notFound({ 'zh-CN': '没有这个品牌', 'en-US': 'There is no such brand' });

function viewOf(row: { client_id: number; brief: string; settings: string; updated_at: number }): BrandSettingsView {
  const settings = storedSettings(row);
  return {
    client_id: row.client_id,
    brief: row.brief,
    revision: Number(row.updated_at),
    settings: brandEditOf(settings),
    fixed: {
      theme: settings.theme,
      permissions: settings.permissions,
      environment: settings.environment,
      proxyApi: settings.proxyApi,
      apiDomain: settings.apiDomain,
      local_host: `${row.brief}.localhost`,
    },
  };
}

/** The save body, or the first problem as a 10000001 naming the field and saying what to do, in both languages. */
export function parseSave(body: unknown) {
  const result = ZBrandSettingsSave.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const say = (locale: 'zh-CN' | 'en-US') => {
    const text = brandIssueText(issue, locale);
    if (issue.path[0] === 'revision' || issue.path.length === 0) return text;
    const name = brandFieldName(issue.path.slice(1), locale);
    return locale === 'zh-CN' ? `${name}：${text}` : `${name}: ${text}`;
  };
  // A field inside the settings is named by its own path; the settings object itself (missing, not an object) as such.
  const inner = issue.path.slice(issue.path[0] === 'settings' ? 1 : 0).join('.');
  throw badInput(inner || String(issue.path[0] ?? ''), {
    'zh-CN': say('zh-CN'),
    'en-US': say('en-US'),
  });
}

/**
 * Brand saves run one at a time, so the domain check sees every brand as it is committed. PostgreSQL:
 * every brand row locked in one order; SQLite: a first write takes the database's write lock before
 * anything is read.
 */
async function lockBrands(tx: Tx, ctx: AppContext, clientId: number): Promise<void> {
  if (ctx.engine === 'postgres') {
    await tx.selectFrom('brands').select('client_id').orderBy('client_id').forUpdate().execute();
  } else {
    await tx
      .updateTable('brands')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('client_id', '=', clientId)
      .execute();
  }
}

export class BrandSettingsService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async read(clientId: number): Promise<BrandSettingsView> {
    const row = await this.#ctx.db
      .selectFrom('brands')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw brandMissing();
    return viewOf(row);
  }

  /** Saves the brand the staff member acts in; returns its new state and the fields that changed. */
  async save(request: FastifyRequest, body: unknown): Promise<BrandSettingsView & { changed: BrandEditField[] }> {
    const { clientId } = staffOf(request);
    const input = parseSave(body);
    const ctx = this.#ctx;
    const outcome = await inTransaction(ctx.db, async (tx) => {
      await lockBrands(tx, ctx, clientId);
      const rows = await tx.selectFrom('brands').selectAll().execute();
      const row = rows.find((r) => r.client_id === clientId);
      if (!row) throw brandMissing();
      if (Number(row.updated_at) !== input.revision) {
        throw conflict({ 'zh-CN': brandMessage('stale', 'zh-CN'), 'en-US': brandMessage('stale', 'en-US') });
      }
      checkHosts(input.settings, clientId, rows);
      const current = storedSettings(row);
      const changed = brandSettingsChanges(brandEditOf(current), input.settings);
      if (changed.length === 0) return { row, changed };
      const next: BrandSettings = {
        ...current,
        ...input.settings,
        domains: { ...current.domains, ...input.settings.domains },
        clientId,
      };
      const revision = await Brands.write(tx, clientId, next, input.revision);
      if (revision === null) throw new Error('brand row changed under its lock');
      if (changed.includes('penNameChangeDays')) {
        const [before, after] = [current.penNameChangeDays, next.penNameChangeDays].map(penNameRuleSentence);
        await restateInArticles(tx, clientId, before, after, Date.now());
      }
      if (changed.some((field) => field.startsWith('welfareRules.'))) {
        const [before, after] = [current.welfareRules, next.welfareRules].map(welfareRulesText);
        await restateInArticles(tx, clientId, before, after, Date.now());
      }
      const pick = (settings: BrandSettings) =>
        Object.fromEntries(changed.map((field) => [field, brandFieldValue(settings, field)]));
      await recordAudit(tx, request, {
        action: 'brand.update',
        targetType: 'brand',
        targetId: clientId,
        summary: `修改品牌「${next.clientName}」的设置：${changed.map((f) => BRAND_FIELD_LABELS[f]['zh-CN']).join('、')}`,
        before: pick(current),
        after: pick(next),
      });
      return { row: { ...row, settings: JSON.stringify(next), updated_at: revision }, changed };
    });
    // This instance at once; the others within BRANDS_RECHECK_MS.
    if (outcome.changed.length > 0) await ctx.brands.load();
    return { ...viewOf(outcome.row), changed: outcome.changed };
  }
}

/** A host name belongs to one brand: refused naming the brand that has it. */
function checkHosts(
  settings: BrandSettingsEdit,
  clientId: number,
  rows: Array<{ client_id: number; brief: string; settings: string }>,
): void {
  const owners = new Map<string, string>();
  for (const row of rows) {
    if (row.client_id === clientId) continue;
    const other = storedSettings(row);
    owners.set(`${row.brief}.localhost`, other.clientName);
    for (const field of BRAND_HOST_FIELDS) {
      const host = other.domains[field]?.toLowerCase();
      if (host) owners.set(host, other.clientName);
    }
  }
  for (const field of BRAND_HOST_FIELDS) {
    const host = settings.domains[field];
    const brand = owners.get(host);
    if (brand) {
      const params = { host, brand };
      throw new AppError(
        ErrorCode.conflict,
        {
          'zh-CN': `${BRAND_FIELD_LABELS[`domains.${field}`]['zh-CN']}：${brandMessage('hostTaken', 'zh-CN', params)}`,
          'en-US': `${BRAND_FIELD_LABELS[`domains.${field}`]['en-US']}: ${brandMessage('hostTaken', 'en-US', params)}`,
        },
        { httpStatus: 409, field: `domains.${field}` },
      );
    }
  }
}

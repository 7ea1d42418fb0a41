import { BRAND_LIMITS, ZBrandSettingsSave } from '@author-centre/shared/brand-settings';
import type { FastifyInstance } from 'fastify';
import { recordNoChange } from '../../platform/audit/audit.ts';
import { staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { BrandSettingsService } from './brand-settings.service.ts';

const admin = { config: { auth: 'admin' as const } };

/**
 * The brand settings screen of the console: admins only; a brand's admin edits their own brand, a
 * platform admin the brand picked in the brand switcher.
 */
export async function brandSettingsRoutes(app: FastifyInstance): Promise<void> {
  const service = new BrandSettingsService(app.ctx);

  routeAliases(app, 'GET', ['/api/admin/brand/settings'], admin, async (request) =>
    ok({ ...(await service.read(staffOf(request).clientId)), limits: BRAND_LIMITS }),
  );

  // The service parses the body itself (its messages name the settings' fields): the schema is declared here.
  const save = { ...admin, config: { ...admin.config, input: { body: ZBrandSettingsSave } } };
  routeAliases(app, 'POST', ['/api/admin/brand/settings'], save, async (request) => {
    const saved = await service.save(request, request.body);
    if (saved.changed.length === 0) recordNoChange(request);
    return ok({ ...saved, limits: BRAND_LIMITS });
  });
}

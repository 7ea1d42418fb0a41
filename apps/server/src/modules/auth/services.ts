import type { AppContext } from '../../platform/context.ts';
import type { AccountsService } from './accounts.service.ts';
import type { SmsCodes } from './sms-codes.service.ts';

/**
 * The sign-in module's services for other modules (ARCHITECTURE.md: modules meet through services),
 * e.g. the report studio spending an informer's code of type '5':
 *
 *   await authServices(ctx).codes.spend({ clientId, phone, type: SMS_CODE_TYPE.reportStudio, code });
 *
 * Codes are sent through POST /api/pc/v3/author/send-message-code with that type.
 */
export interface AuthServices {
  codes: SmsCodes;
  accounts: AccountsService;
}

const byContext = new WeakMap<AppContext, AuthServices>();

export function registerAuthServices(ctx: AppContext, services: AuthServices): void {
  byContext.set(ctx, services);
}

/** Available once the sign-in module's routes are registered (it comes early in MODULES). */
export function authServices(ctx: AppContext): AuthServices {
  const services = byContext.get(ctx);
  if (!services) throw new Error('The sign-in module is not registered in this app');
  return services;
}

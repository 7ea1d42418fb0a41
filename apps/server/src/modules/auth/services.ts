import type { AuthContext } from '../../platform/auth/sessions.ts';
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

/** Work done when an author logs out, before the session ends (the forum's own logout, §4). */
type LogoutListener = (who: AuthContext) => Promise<void>;
const logoutListeners = new WeakMap<AppContext, LogoutListener[]>();

export function onLogout(ctx: AppContext, listener: LogoutListener): void {
  logoutListeners.set(ctx, [...(logoutListeners.get(ctx) ?? []), listener]);
}

/** Runs the listeners; a failing one is logged and never keeps the author logged in. */
export async function notifyLogout(ctx: AppContext, who: AuthContext): Promise<void> {
  for (const listener of logoutListeners.get(ctx) ?? []) {
    try {
      await listener(who);
    } catch (error) {
      ctx.log.error({ err: (error as Error).message }, 'logout listener failed');
    }
  }
}

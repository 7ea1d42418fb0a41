import { ErrorCode } from '@author-centre/shared/errors';
import type { SmsCodeType } from '@author-centre/shared/validation-rules';
import { apiGet, apiPost } from '../../platform/api.ts';
import { ApiError } from '../../platform/api-error.ts';
import { reactToError } from '../../platform/api-reactions.ts';
import { profileQuery } from '../../platform/author-profile.ts';
import { toast } from '../../platform/notify.ts';
import { queryClient } from '../../platform/query-client.ts';
import { refreshSecret } from '../../platform/secret.ts';
import { LOGIN_STATUS_QUERY_KEY, markSessionLost, PROFILE_QUERY_KEY } from '../../platform/session-state.ts';
import { clearStoredUser, writeStoredUser } from '../../platform/stored-user.ts';
import { PEN_NAME_STATUS_PATH } from './pen-name-status.ts';

/** The calls of sign-in and author accounts (server: apps/server/src/modules/auth). */
export const AUTH_PATHS = {
  puzzle: '/api/pc/v1/captcha/puzzle',
  verifyPuzzle: '/api/pc/v1/captcha/verify',
  sendCode: '/api/pc/v3/author/send-message-code',
  codeLogin: '/api/pc/v3/user/code-login',
  passwordLogin: '/api/pc/v3/user/login',
  register: '/api/pc/v3/user/quick-register',
  findPassword: '/api/pc/v3/author/find-password',
  chooseAccount: '/api/author/choose-login-account',
  logout: '/api/author/logout',
  forumLogout: '/api/logout',
  checkBindPhone: '/api/pc/v3/author/check-bind-phone',
  submitNewPhone: '/api/pc/v3/author/submit-new-phone',
  penNameStatus: PEN_NAME_STATUS_PATH,
  penNameInfo: '/api/pc/v1/author/pen-name-task/info',
  penNameSubmit: '/api/pc/v1/author/pen-name-task/submit',
} as const;

export interface ChoosableAccount {
  account_id: number;
  pen_name: string;
  avatar: string;
  level: number;
}

export type LoginReply =
  | { need_choose: 0; account_id: number; pen_name: string }
  | { need_choose: 1; ticket: string; accounts: ChoosableAccount[] };

export interface Puzzle {
  id: string;
  background: string;
  piece: string;
  width: number;
  height: number;
  piece_size: number;
  y: number;
  expires_in: number;
}

/** The encryption-info GET precedes login, send code, find password and quick register (§7). */
export async function withFreshSecret<T>(call: () => Promise<T>): Promise<T> {
  await refreshSecret();
  return call();
}

export function sendCode(phone: string, type: SmsCodeType, rid?: string) {
  return withFreshSecret(() =>
    apiPost<{ sent: number }>(AUTH_PATHS.sendCode, { phone, type, ...(rid ? { rid } : {}) }, { silent: true }),
  );
}

/** After any sign-in: the session changed, so every cached answer about the author is dropped. */
export async function afterSignIn(): Promise<void> {
  clearStoredUser();
  queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
  queryClient.removeQueries({ queryKey: ['home-model-list'] });
  await queryClient.invalidateQueries({ queryKey: LOGIN_STATUS_QUERY_KEY });
  try {
    const profile = await queryClient.fetchQuery(profileQuery);
    writeStoredUser(profile.user);
  } catch {
    // The header falls back to login-status; the next page load fetches the profile again.
  }
}

/**
 * Logout (§4): the session ends on the server, then the forum logout; pops, stored user and user
 * data are cleared; the route guard sends a protected page to login.
 */
export async function logout(): Promise<void> {
  await apiPost(AUTH_PATHS.logout, {});
  await apiGet(AUTH_PATHS.forumLogout, undefined, { silent: true }).catch(() => undefined);
  clearLocalUser();
}

/**
 * What logout and a password reset clear: what session loss clears (platform's markSessionLost: stored user, user
 * data, login status, the copy of the chapter last open), and the home page's AI availability.
 */
export function clearLocalUser(): void {
  queryClient.removeQueries({ queryKey: ['home-model-list'] });
  markSessionLost();
}

/**
 * Shows a failed form call where it belongs: a field named by the server (40002005 phone,
 * 40002006 code, …) goes on that field; anything else is toasted. Returns true when shown on a field.
 */
export function showFormError(
  form: { setFields(fields: { name: any; errors: string[] }[]): void },
  error: unknown,
  fields: string[],
  fieldMap: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError)) {
    toast.error(String((error as Error)?.message ?? error));
    return false;
  }
  const byCode =
    error.code === ErrorCode.phoneInvalid ? 'phone' : error.code === ErrorCode.codeInvalid ? 'code' : undefined;
  const field = fieldMap[error.field ?? byCode ?? ''] ?? error.field ?? byCode;
  if (error.kind === 'business' && field && fields.includes(field)) {
    form.setFields([{ name: field, errors: [error.title] }]);
    return true;
  }
  if (error.kind === 'business' && error.title) toast.error(error.title);
  else reactToError(error);
  return false;
}

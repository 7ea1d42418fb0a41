import { forgetOfflineChapter, forgetOfflineCopy, OFFLINE_COPY_KEYS } from './offline-copy.ts';
import { queryClient } from './query-client.ts';
import { clearStoredUser } from './stored-user.ts';

/** The logged-in author's profile (platform/author-profile.ts), dropped with the session. */
export const PROFILE_QUERY_KEY = ['author-profile'] as const;

/**
 * The login status of GET /api/pc/v1/login-status (§7). Whoever changes the session (sign-in,
 * logout) calls `invalidateLoginStatus()`; the route guard then sends a visitor on a protected page
 * to the login page by itself.
 */
export interface LoginStatus {
  logged_in: boolean;
  token: string | null;
  account_id: number | null;
}

export const LOGIN_STATUS_PATH = '/api/pc/v1/login-status';
export const LOGIN_STATUS_QUERY_KEY = ['login-status'] as const;

export const LOGGED_OUT: LoginStatus = { logged_in: false, token: null, account_id: null };

/**
 * Session loss (§4, §8: 88888888, 40002013, 10000123): the stored user is cleared, the user data
 * dropped (the AI assistant, which needs the logged-in account, disappears), the copy of the chapter last open
 * deleted and the session marked logged out. On a protected page the guard then redirects to login; on the login page and
 * public pages nothing moves.
 */
export function markSessionLost(): void {
  clearStoredUser();
  forgetOfflineCopy(OFFLINE_COPY_KEYS.loginStatus);
  forgetOfflineChapter();
  // The user data goes too: the profile (and with it ai_assistant_auth, the AI flag) is refetched
  // only after the next login.
  queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
  queryClient.setQueryData<LoginStatus>(LOGIN_STATUS_QUERY_KEY, LOGGED_OUT);
}

/** Whether the login status last known says someone is logged in (false until it is known). */
export function loggedInNow(): boolean {
  return queryClient.getQueryData<LoginStatus>(LOGIN_STATUS_QUERY_KEY)?.logged_in === true;
}

export function invalidateLoginStatus(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: LOGIN_STATUS_QUERY_KEY });
}

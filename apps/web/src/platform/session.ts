import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api.ts';
import { OFFLINE_COPY_KEYS, withOfflineCopy } from './offline-copy.ts';
import { LOGIN_STATUS_PATH, LOGIN_STATUS_QUERY_KEY, type LoginStatus } from './session-state.ts';

export { invalidateLoginStatus, LOGGED_OUT, type LoginStatus, markSessionLost } from './session-state.ts';

/** Whether the browser holds a live session. The guard and the header read it; it is refreshed after a minute. */
export const loginStatusQuery = queryOptions({
  queryKey: LOGIN_STATUS_QUERY_KEY,
  queryFn: ({ signal }) =>
    withOfflineCopy(OFFLINE_COPY_KEYS.loginStatus, () =>
      apiGet<LoginStatus>(LOGIN_STATUS_PATH, undefined, { signal, silent: true }),
    ),
  staleTime: 60_000,
});

export function useLoginStatus() {
  return useQuery(loginStatusQuery);
}

/** The sign-in page every unauthenticated visit is sent to (§2). */
export const LOGIN_PATH = '/front/register-login/login';

/**
 * `/front/register-login/login?redirect=<path>&<original query>` (§2): the path travels in
 * `redirect`, the page's own query parameters follow unchanged so the page can be rebuilt after login.
 */
export function loginUrl(pathname: string, search = ''): string {
  const query = new URLSearchParams();
  query.set('redirect', pathname);
  for (const [k, v] of new URLSearchParams(search)) {
    if (k !== 'redirect') query.append(k, v);
  }
  return `${LOGIN_PATH}?${query.toString()}`;
}

/**
 * Where to go after signing in: the `redirect` path plus the other query parameters of the login
 * page. Only same-site paths are accepted, so a crafted link cannot send the author elsewhere.
 */
export function afterLoginUrl(search: string, fallback = '/front/index'): string {
  const query = new URLSearchParams(search);
  const target = query.get('redirect') ?? '';
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  query.delete('redirect');
  const rest = query.toString();
  return rest ? `${target}?${rest}` : target;
}

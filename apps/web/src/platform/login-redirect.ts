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

/**
 * Whether a target after login is served by the server rather than the app (an `/api/` path such as
 * DiscourseConnect's `/api/bbs/sso?sso=…&sig=…`): the router cannot reach it, a full page load must.
 * Only a path of this very origin qualifies — the address is resolved as the browser would, so no
 * spelling (`/\t/x`, `/%2F…`) can make the load leave the site.
 */
export function serverPathAfterLogin(target: string, origin: string): string | null {
  // Control characters and backslashes are dropped or read as slashes by URL parsing: refuse them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused
  if (!target.startsWith('/') || target.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || !url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * Goes where the author was going after signing in: an app page through the router, a server path
 * (`/api/…`, see `serverPathAfterLogin`) by loading it.
 */
export function goAfterLogin(
  search: string,
  navigate: (to: string, options: { replace: boolean }) => void,
  load: (url: string) => void = (url) => window.location.replace(url),
): void {
  const target = afterLoginUrl(search);
  const server = serverPathAfterLogin(target, window.location.origin);
  if (server) load(server);
  else navigate(target, { replace: true });
}

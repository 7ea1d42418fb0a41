/**
 * Lets code outside React (the api client) navigate through the router. The app registers the
 * router's navigate once; before that, and in tests, the browser location is used.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn | null): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) {
    navigateImpl(to, options);
    return;
  }
  if (options?.replace) globalThis.location?.replace(to);
  else globalThis.location?.assign(to);
}

export function currentPath(): string {
  return globalThis.location?.pathname ?? '/';
}

export function reloadPage(): void {
  globalThis.location?.reload();
}

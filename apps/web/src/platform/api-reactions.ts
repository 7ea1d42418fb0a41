import { TOAST } from '@author-centre/shared/constants';
import { ErrorCode, reactionTo } from '@author-centre/shared/errors';
import i18n from '../i18n/index.ts';
import { ApiError } from './api-error.ts';
import { currentPath, navigateTo, reloadPage } from './navigation.ts';
import { toast } from './notify.ts';
import { markSessionLost } from './session-state.ts';

/** The error page of §2; a missing interface (404) sends the author there (§8). */
export const ERROR_PAGE_PATH = '/front/error';

/** Errors are ignored on /sign-detail (§2). */
function errorsIgnoredHere(): boolean {
  const path = currentPath();
  return path === '/sign-detail' || path.startsWith('/sign-detail/');
}

export function httpMessage(status: number | undefined): string {
  const key = `api.http.${status}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('api.httpOther');
}

/** What a failed call says to the user, for screens that show failures themselves (`silent` calls). */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('api.httpOther');
  switch (error.kind) {
    case 'timeout':
    case 'offline':
    case 'network':
      return i18n.t(`api.${error.kind}`);
    case 'http':
      return error.status === 0 ? i18n.t('api.badResponse') : httpMessage(error.status);
    default:
      return error.title || httpMessage(error.status);
  }
}

/** What the author sees when a call fails (§8). */
export function reactToError(error: ApiError): void {
  if (error.kind === 'aborted' || errorsIgnoredHere()) return;
  switch (error.kind) {
    case 'timeout':
    case 'offline':
    case 'network':
      toast.error(errorMessage(error));
      return;
    case 'http':
      reactToStatus(error.status ?? 0);
      return;
    case 'business':
      reactToBusinessCode(error);
      return;
  }
}

function reactToStatus(status: number): void {
  if (status === 405) {
    reloadPage();
    return;
  }
  toast.error(status === 0 ? i18n.t('api.badResponse') : httpMessage(status));
  if (status === 404) navigateTo(ERROR_PAGE_PATH);
}

function reactToBusinessCode(error: ApiError): void {
  // The older layer's codes 404 and 405 behave like the HTTP statuses (§8).
  if (error.code === 404 || error.code === 405) {
    reactToStatus(error.code);
    return;
  }
  const title = error.title || httpMessage(error.status);
  switch (reactionTo(error.code)) {
    case 'relogin':
      toast.error(title);
      markSessionLost();
      return;
    case 'clear-user':
      markSessionLost();
      return;
    case 'toast':
      toast.error(title, error.code === ErrorCode.legacyToast ? TOAST.legacyErrorDurationMs : TOAST.errorDurationMs);
      return;
    case 'silent':
      return;
  }
}

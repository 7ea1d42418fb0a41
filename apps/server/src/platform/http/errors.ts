import { ErrorCode } from '@author-centre/shared';

export type Localized = { 'zh-CN': string; 'en-US': string };

/**
 * A failure the user is told about: a business code from the §8 catalogue, a message in the
 * user's language, and optionally the form field it belongs to.
 */
export class AppError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  readonly title: Localized | string;
  readonly field?: string;
  readonly retryAfterMs?: number;

  constructor(
    code: number,
    title: Localized | string,
    opts: { httpStatus?: number; field?: string; retryAfterMs?: number } = {},
  ) {
    super(typeof title === 'string' ? title : title['en-US']);
    this.code = code;
    this.title = title;
    this.httpStatus = opts.httpStatus ?? 400;
    this.field = opts.field;
    this.retryAfterMs = opts.retryAfterMs;
  }
}

export const badInput = (field: string, title: Localized | string) =>
  new AppError(ErrorCode.invalidInput, title, { field, httpStatus: 400 });

export const notFound = (
  title: Localized | string = { 'zh-CN': '内容不存在或已删除', 'en-US': 'Not found or deleted' },
) => new AppError(ErrorCode.notFound, title, { httpStatus: 404 });

export const forbidden = (
  title: Localized | string = { 'zh-CN': '您没有权限操作！', 'en-US': 'You have no permission for this.' },
) => new AppError(ErrorCode.forbidden, title, { httpStatus: 403 });

export const conflict = (title: Localized | string) => new AppError(ErrorCode.conflict, title, { httpStatus: 409 });

export const notLoggedIn = () =>
  new AppError(
    ErrorCode.sessionExpired,
    {
      'zh-CN': '您未登录，或者登录已经超时，请先登录！',
      'en-US': 'You are not logged in, or your login has expired. Please log in.',
    },
    { httpStatus: 401 },
  );

export const signatureInvalid = (reason: Localized) =>
  new AppError(ErrorCode.signatureInvalid, reason, { httpStatus: 401 });

/** A refusal that says why and when to try again. */
export function rateLimited(retryAfterMs: number, what?: Localized): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds >= 120
      ? { zh: `${Math.ceil(seconds / 60)}分钟`, en: `${Math.ceil(seconds / 60)} minutes` }
      : { zh: `${seconds}秒`, en: `${seconds} seconds` };
  const title: Localized = {
    'zh-CN': `${what?.['zh-CN'] ?? '操作过于频繁'}，请${wait.zh}后再试`,
    'en-US': `${what?.['en-US'] ?? 'Too many attempts'}; please try again in ${wait.en}`,
  };
  return new AppError(ErrorCode.rateLimited, title, { httpStatus: 429, retryAfterMs });
}

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

/** Seconds an author is asked to wait when the database cannot be reached (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** PostgreSQL states of a server going away or not taking connections (class 08, shutdown, starting up, full). */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const CONNECTION_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|terminating connection due to administrator command/i;

/**
 * Whether an error means the database could not be reached (down, restarting, refusing connections),
 * rather than a fault of the request: the author is told to retry shortly (503 with Retry-After).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  // The database drivers throw these errors as they are; a failed fetch to another service carries its
  // errno on `cause` only, and is not taken for the database.
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_ERRNO.has(e.code) || CONNECTION_SQLSTATE.test(e.code))) return true;
  return typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message);
}

/** Whether a write failed for want of disk space (ENOSPC) or quota (EDQUOT): the author gets 507. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export const databaseUnreachable = () =>
  new AppError(
    ErrorCode.internal,
    {
      'zh-CN': `服务暂时无法连接数据库，请${DATABASE_RETRY_AFTER_SECONDS}秒后再试，已保存的内容不会丢失`,
      'en-US': `The service cannot reach its database right now; please try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds. Nothing already saved is lost`,
    },
    { httpStatus: 503, retryAfterMs: DATABASE_RETRY_AFTER_SECONDS * 1000 },
  );

export const storageFull = () =>
  new AppError(
    ErrorCode.internal,
    {
      'zh-CN': '服务器存储空间已满，文件未能保存，请稍后再试',
      'en-US': 'The server’s storage is full; the file was not saved. Please try again later',
    },
    { httpStatus: 507 },
  );

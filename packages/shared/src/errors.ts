/**
 * The error catalogue of spec §8: every business code, what the client does with it, and the
 * HTTP status messages. Both the server (to answer) and the web client (to react) read it.
 */

export const OK = 200;

export const ErrorCode = {
  /** Bad input: the message names the field. */
  invalidInput: 10000001,
  notFound: 10000002,
  forbidden: 10000003,
  rateLimited: 10000004,
  conflict: 10000005,
  internal: 10000500,
  /** Returned without a toast (§8). */
  silentNoToast: 10000084,
  /** Clears user data and goes to login (§8). */
  userDataCleared: 10000123,
  /** Request signature missing, bad or stale: the client refreshes its secret and retries once (§7). */
  signatureInvalid: 40001013,
  /** Sign-in (silent codes of §8: the form shows them on its fields). A code login or reset for a phone nobody registered. */
  phoneNotRegistered: 40002002,
  /** Quick register with a phone that already has an account. */
  phoneRegistered: 40002003,
  /** Password login: wrong account name, phone or password (one message for all, no account probing). */
  credentialsWrong: 40002004,
  /** Quick register with an ID number already registered. */
  idCardTaken: 40002007,
  /** A new password that is too short, too long, common, or differs from its confirmation. */
  passwordRejected: 40002008,
  /** Slider captcha not passed, or its request id (`rid`) missing, spent or expired. */
  captchaFailed: 40002014,
  /** The account choice after login expired or was already used: log in again. */
  loginTicketInvalid: 40002015,
  /** Pen-name calls: 'Function error, please try again later' (§8). */
  penNameFunctionError: 40001007,
  /** Phone field error (§5, §8). */
  phoneInvalid: 40002005,
  /** Verification-code field error (§5, §8). */
  codeInvalid: 40002006,
  /** Session lost: show message, clear stored user, go to login (§8). */
  sessionExpired: 88888888,
  sessionKicked: 40002013,
  /** AI chat: show the server's message, no retry (§8). */
  aiRefused: 40003083,
  legacyToast: 99999999,
  /** Running several instances (issue 20): personal data sealed with a key this instance does not hold. */
  personalDataUnreadable: 10000503,
  /** Reading-site integration and income (issue 13). A pushed batch refused whole, with a reason per event. */
  integrationBatchRefused: 10013001,
  /** A month that has not ended yet, or is already closed, cannot be closed. */
  monthNotClosable: 10013002,
  /** A statement that is not released yet, or already confirmed, cannot be confirmed. */
  statementNotConfirmable: 10013003,
  // Personal information and online signing (issue 12, module contracts).
  /** Identity or signing refused: the holder is under 18 by the ID's birth date. */
  underage: 10012001,
  /** The book has not reached its brand's application condition (§1), or identity/bank data is missing. */
  signConditionNotMet: 10012002,
  /** A signed contract never changes; it can only be superseded. */
  contractLocked: 10012003,
  /** Reader comments and error corrections (issue 14). A reply with a word of the sensitive-word list (field content). */
  commentSensitiveWord: 10014001,
  /** The comment already has a report under review, or was already put forward for essence. */
  commentAlreadyDone: 10014002,
  /** A reader's correction no longer matches the chapter's text (the author changed it): never applied. */
  correctionStale: 10014003,
  /** A correction already accepted or rejected. */
  correctionHandled: 10014004,
  /** A held comment of a reader the brand's staff ban: it cannot be released by the author (staff decide). */
  commentReaderBanned: 10014005,
} as const;

/** Codes that never raise a toast, from §8. */
const SILENT_CODES = new Set<number>([
  10000078,
  10000041,
  10000042,
  10000043,
  10000110,
  10000137,
  10000138,
  10000139,
  10006003,
  40002002,
  40002003,
  40002004,
  40002005,
  40002006,
  40002007,
  40002008,
  40002014,
  40002015,
  40005001,
  40001012,
  31001004,
  31001008,
  ErrorCode.silentNoToast,
  ErrorCode.signatureInvalid,
]);

export type ErrorReaction = 'relogin' | 'clear-user' | 'silent' | 'toast';

/** What the client does on a business error code (§8). */
export function reactionTo(code: number): ErrorReaction {
  if (code === ErrorCode.sessionExpired || code === ErrorCode.sessionKicked) return 'relogin';
  if (code === ErrorCode.userDataCleared) return 'clear-user';
  if (SILENT_CODES.has(code)) return 'silent';
  if (code === 40005005 || code === 49999999 || (code >= 10000000 && code <= 199999999)) return 'toast';
  return 'silent';
}

/** HTTP status messages of §8, verbatim. */
export const HTTP_STATUS_MESSAGES: Record<number, string> = {
  301: '页面跳转',
  302: '页面跳转',
  400: '参数不正确！',
  401: '您未登录，或者登录已经超时，请先登录！',
  403: '您没有权限操作！',
  404: '接口未找到',
  408: '请求超时！',
  409: '系统已存在相同数据！',
  500: '服务器错误',
  501: '服务未实现！',
  502: '网关错误！',
  503: '服务不可用！',
  504: '服务暂时无法访问，请稍后再试！',
  505: 'HTTP版本不受支持！',
};
export const HTTP_OTHER_MESSAGE = '异常问题，请联系管理员！';
export const TIMEOUT_MESSAGE = '网络请求超时，请重试！';
export const OFFLINE_MESSAGE = '您断网了！';
export const SUCCESS_TOAST = 'Operation succeeded';

export function httpStatusMessage(status: number): string {
  return HTTP_STATUS_MESSAGES[status] ?? HTTP_OTHER_MESSAGE;
}

export interface SuccessEnvelope<T> {
  code: 200;
  data: T;
  /** Dot paths inside `data` whose values are encrypted with the request secret (§7). */
  rules?: string[];
}
export interface ErrorEnvelope {
  code: number;
  errors: { code: number; title: string; field?: string; retry_after?: number };
}
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

/**
 * Personal information, bank card and online signing (issue 12): the rules and choices both the
 * server and the web forms use. zod-free, so an author page can import it without zod.
 */

import type { LocalizedText } from './constants.ts';
import { shanghaiDate } from './dates.ts';
import { idCardBirthDate, isAllowedText, TEXT_PATTERN_MESSAGE } from './validation-rules.ts';

/** Express carriers of paper copies (§3). */
export const EXPRESS_CARRIERS = [
  { value: 1, label: { 'zh-CN': '顺丰', 'en-US': 'SF Express' } },
  { value: 2, label: { 'zh-CN': 'EMS中国邮政', 'en-US': 'EMS China Post' } },
  { value: 3, label: { 'zh-CN': '京东', 'en-US': 'JD Logistics' } },
  { value: 4, label: { 'zh-CN': '其他', 'en-US': 'Other' } },
] as const satisfies ReadonlyArray<{ value: number; label: LocalizedText }>;

/** Identity documents: the national ID (§5), and the alternatives of the issue. */
export const ID_DOC_TYPES = ['id_card', 'hmt_card', 'passport'] as const;
export type IdDocType = (typeof ID_DOC_TYPES)[number];

/** Mainland travel permits for Hong Kong, Macao (H/M + 8 or 10 digits) and Taiwan (8 digits) residents. */
export const HMT_CARD_PATTERN = /^(?:[HMhm]\d{8}(?:\d{2})?|\d{8})$/;
/** Passport numbers: 5–17 letters and digits (ICAO 9303 allows up to 9; some countries print more). */
export const PASSPORT_PATTERN = /^[A-Za-z0-9]{5,17}$/;

export const HMT_CARD_MESSAGE: LocalizedText = {
  'zh-CN': '请输入正确的港澳台居民来往内地通行证号码',
  'en-US': 'Please enter a correct Hong Kong/Macao/Taiwan residents travel permit number',
};
export const PASSPORT_MESSAGE: LocalizedText = {
  'zh-CN': '请输入正确的护照号码',
  'en-US': 'Please enter a correct passport number',
};

/** Pen names (§5): the text pattern, 2–12 characters (code points). */
export const PEN_NAME_MIN = 2;
export const PEN_NAME_MAX = 12;
export const PEN_NAME_LENGTH_MESSAGE: LocalizedText = {
  'zh-CN': '笔名需为2~12个字',
  'en-US': 'A pen name has 2–12 characters',
};

/** Why a pen name (trimmed) is refused, in the server's words; null when it passes. */
export function penNameProblem(value: string): LocalizedText | null {
  const length = [...value].length;
  if (length < PEN_NAME_MIN || length > PEN_NAME_MAX) return PEN_NAME_LENGTH_MESSAGE;
  return isAllowedText(value) ? null : TEXT_PATTERN_MESSAGE;
}

/** Why a Hong Kong/Macao/Taiwan permit or passport number (trimmed) is refused; null when it passes. */
export function idDocumentProblem(type: 'hmt_card' | 'passport', value: string): LocalizedText | null {
  if (type === 'hmt_card') return HMT_CARD_PATTERN.test(value) ? null : HMT_CARD_MESSAGE;
  return PASSPORT_PATTERN.test(value) ? null : PASSPORT_MESSAGE;
}

export const UNDERAGE_MESSAGE: LocalizedText = {
  'zh-CN': '根据相关规定，未满18周岁的作者暂不能进行实名认证和签约，请由监护人联系责任编辑',
  'en-US':
    'Authors under 18 cannot verify their identity or sign a contract; please ask a guardian to contact your editor',
};

export const ADULT_AGE = 18;

/** Whole years between a 'YYYY-MM-DD' birth date and `now` (Asia/Shanghai calendar). */
export function ageOn(birthDate: string, now: number = Date.now()): number {
  const today = shanghaiDate(now);
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** Whether the holder of an 18-digit national ID is under 18 today (the ID must already be valid). */
export function isUnderageId(idCard: string, now: number = Date.now()): boolean {
  const birth = idCardBirthDate(idCard);
  return !birth || ageOn(birth, now) < ADULT_AGE;
}

/** Status of an online-sign application / contract, in the order an application moves through them. */
export const CONTRACT_STATUSES = ['applying', 'reviewing', 'refused', 'signed', 'paper_sent', 'superseded'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, LocalizedText> = {
  applying: { 'zh-CN': '申请中', 'en-US': 'Applying' },
  reviewing: { 'zh-CN': '审核中', 'en-US': 'Under review' },
  refused: { 'zh-CN': '未通过', 'en-US': 'Refused' },
  signed: { 'zh-CN': '已签约', 'en-US': 'Signed' },
  paper_sent: { 'zh-CN': '纸质合同已寄出', 'en-US': 'Paper copy sent' },
  superseded: { 'zh-CN': '已被新合同取代', 'en-US': 'Superseded' },
};

/**
 * The steps of online signing (§7 online-sign calls), in order. Each is saved on the server
 * (get-step reads where the author is); going back keeps what was entered.
 */
export const SIGN_STEPS = [
  'author-id-info',
  'author-bank-info',
  'confirm-key-info',
  'author-supply-info',
  'pre-confirm',
] as const;
export type SignStep = (typeof SIGN_STEPS)[number];

/**
 * The key terms an author chooses from when confirming (confirm-key-info). Share in permille of
 * net revenue to the author; the guarantee (保底) needs its own approved application.
 */
export const CONTRACT_TERM_OPTIONS = {
  sharePermille: [500, 600, 700] as const,
  termMonths: [24, 48, 60] as const,
};

/** Upload limits of personal information (avatar, ID photos, drawn signature). */
export const PERSONAL_UPLOAD_LIMITS = {
  imageMaxBytes: 5 * 1024 * 1024,
  signatureMaxBytes: 512 * 1024,
} as const;

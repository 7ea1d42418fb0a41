import {
  CODE_EMPTY_MESSAGE,
  CODE_WRONG_MESSAGE,
  ID_CARD_MESSAGE,
  isIdCard,
  MOBILE_PATTERN,
  PHONE_MESSAGE,
  REAL_NAME_MESSAGE,
  REAL_NAME_PATTERN,
  SMS_CODE_PATTERN,
} from '@author-centre/shared/validation-rules';
import type { FieldRule as Rule } from '../../components/plain/form.tsx';
import i18n, { currentLocale } from '../../i18n/index.ts';
import { AUTH_NS } from './i18n.ts';

/** The §5 rules as form rules (antd's Form and the plain login form read the same), in the user's language. */
const t = (key: string) => i18n.t(key, { ns: AUTH_NS });
const msg = (m: { 'zh-CN': string; 'en-US': string }) => m[currentLocale()];

export const phoneRules = (): Rule[] => [
  { required: true, message: t('rule.phoneRequired') },
  { pattern: MOBILE_PATTERN, message: msg(PHONE_MESSAGE) },
];

export const codeRules = (): Rule[] => [
  { required: true, message: msg(CODE_EMPTY_MESSAGE) },
  { pattern: SMS_CODE_PATTERN, message: msg(CODE_WRONG_MESSAGE) },
];

export const realNameRules = (): Rule[] => [
  { required: true, whitespace: true, message: t('rule.realNameRequired') },
  { pattern: REAL_NAME_PATTERN, message: msg(REAL_NAME_MESSAGE) },
];

export const idCardRules = (): Rule[] => [
  { required: true, message: t('rule.idCardRequired') },
  {
    validator: (_, value: string) =>
      !value || isIdCard(value.trim()) ? Promise.resolve() : Promise.reject(new Error(msg(ID_CARD_MESSAGE))),
  },
];

export const newPasswordRules = (): Rule[] => [
  { required: true, message: t('rule.passwordRequired') },
  { min: 8, message: t('rule.passwordShort') },
  { max: 128, message: t('rule.passwordLong') },
];

/** Keeps only digits, at most `max`: phone and code inputs take nothing else. */
export const digitsOnly = (max: number) => (e: { target: { value: string } }) =>
  e.target.value.replace(/\D/g, '').slice(0, max);

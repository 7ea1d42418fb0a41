/**
 * Validation rules of spec §5, as plain predicates (validation-rules.ts, re-exported here) and as
 * zod schemas built from them, so server routes and web forms share one source of truth. Web code
 * imports `@author-centre/shared/validation-rules`, which does not pull zod into the page.
 */

import { z } from 'zod';
import type { Locale, LocalizedText } from './constants.ts';
import {
  BANK_CARD_MESSAGE,
  BANK_CARD_PATTERN,
  CODE_EMPTY_MESSAGE,
  CODE_WRONG_MESSAGE,
  duplicatePhoneIndexes,
  ID_CARD_MESSAGE,
  isIdCard,
  isNumeric,
  MOBILE_PATTERN,
  messageText,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  PHONES_DIFFERENT_MESSAGE,
  RATE_MESSAGE,
  REAL_NAME_MESSAGE,
  REAL_NAME_PATTERN,
  SMS_CODE_PATTERN,
  SMS_CODE_TYPE,
  type SmsCodeType,
  TEXT_PATTERN,
  TEXT_PATTERN_MESSAGE,
} from './validation-rules.ts';

export * from './validation-rules.ts';

// ---------------------------------------------------------------------------------------------
// zod schemas. A missing or non-string value fails with the field's own message too, so a form
// never shows zod's generic "expected string".

/** Schemas whose messages are in `locale`, or in the spec's own wording when it is omitted. */
export function validationSchemas(locale?: Locale) {
  const t = (m: LocalizedText) => messageText(m, locale);
  const str = (m: LocalizedText) => z.string({ error: t(m) });
  const zMobile = str(PHONE_MESSAGE).regex(MOBILE_PATTERN, { error: t(PHONE_MESSAGE) });
  return {
    /** Exactly 11 digits (author info form, send code). */
    zPhone: str(PHONE_MESSAGE).regex(PHONE_PATTERN, { error: t(PHONE_MESSAGE) }),
    zMobile,
    /** Empty → 'Verification code cannot be empty'; not 4 digits → 'Verification code is wrong'. */
    zSmsCode: str(CODE_EMPTY_MESSAGE)
      .min(1, { error: t(CODE_EMPTY_MESSAGE), abort: true })
      .regex(SMS_CODE_PATTERN, { error: t(CODE_WRONG_MESSAGE) }),
    zSmsCodeType: z.enum(Object.values(SMS_CODE_TYPE) as [SmsCodeType, ...SmsCodeType[]]),
    zRealName: str(REAL_NAME_MESSAGE).regex(REAL_NAME_PATTERN, { error: t(REAL_NAME_MESSAGE) }),
    zIdCard: str(ID_CARD_MESSAGE).refine((v) => isIdCard(v), { error: t(ID_CARD_MESSAGE) }),
    zBankCard: str(BANK_CARD_MESSAGE).regex(BANK_CARD_PATTERN, { error: t(BANK_CARD_MESSAGE) }),
    zTextPattern: str(TEXT_PATTERN_MESSAGE).regex(TEXT_PATTERN, { error: t(TEXT_PATTERN_MESSAGE) }),
    /** A number or numeric string, parsed to a number. */
    zRate: z
      .union([z.number(), z.string()], { error: t(RATE_MESSAGE) })
      .refine(isNumeric, { error: t(RATE_MESSAGE) })
      .transform(Number),
    /** Mobile numbers that must all differ; each duplicate is reported at its own index. */
    zDistinctPhones: z.array(zMobile).superRefine((phones, ctx) => {
      for (const i of duplicatePhoneIndexes(phones)) {
        ctx.addIssue({ code: 'custom', message: t(PHONES_DIFFERENT_MESSAGE), path: [i] });
      }
    }),
  };
}

export const {
  zPhone,
  zMobile,
  zSmsCode,
  zSmsCodeType,
  zRealName,
  zIdCard,
  zBankCard,
  zTextPattern,
  zRate,
  zDistinctPhones,
} = validationSchemas();

import type { Locale } from '@author-centre/shared/constants';
import {
  CODE_EMPTY_MESSAGE,
  CODE_WRONG_MESSAGE,
  isMobile,
  PHONE_MESSAGE,
  PHONES_DIFFERENT_MESSAGE,
  SMS_CODE_PATTERN,
} from '@author-centre/shared/validation-rules';

/** One editable row of the pen-name binding form (§5): a new phone and its code. */
export type RowInput = { phone: string; code: string };
export type RowErrors = { phone?: string; code?: string };

/**
 * The §5 rules of one editable row: phone digits, 11 of them, mainland pattern ('Please enter a
 * correct phone number'), not repeated in another row ('Please enter different phone numbers'); code
 * present ('Verification code cannot be empty') and 4 digits ('Verification code is wrong').
 */
export function rowErrors(row: RowInput, duplicate: boolean, locale: Locale): RowErrors {
  const errors: RowErrors = {};
  if (!isMobile(row.phone)) errors.phone = PHONE_MESSAGE[locale];
  else if (duplicate) errors.phone = PHONES_DIFFERENT_MESSAGE[locale];
  if (!row.code) errors.code = CODE_EMPTY_MESSAGE[locale];
  else if (!SMS_CODE_PATTERN.test(row.code)) errors.code = CODE_WRONG_MESSAGE[locale];
  return errors;
}

/** Tables of sign-in and author accounts (migration 202611221100_auth). */

import type { Generated } from 'kysely';

export interface SmsCodeTable {
  id: Generated<number>;
  client_id: number;
  /** Keyed blind index of the phone; the phone itself is never stored here. */
  phone_hash: string;
  /** SMS_CODE_TYPE of the flow the code was sent for. */
  type: string;
  /** HMAC of the code with a server key; the code itself is never stored. */
  code_hash: string;
  /** Wrong tries so far; the code is void at 5. */
  attempts: number;
  created_at: number;
  expires_at: number;
  /** Spent (or replaced by a newer code). */
  used_at: number | null;
}

/** The last send per phone: the atomic guard of "one send per 60 s" on every engine and instance. */
export interface SmsSendStateTable {
  phone_hash: string;
  last_sent_at: number;
}

export interface CaptchaChallengeTable {
  id: string;
  client_id: number;
  /** The answer (left edge of the gap). */
  target_x: number;
  target_y: number;
  /** new → passed | failed; one verification per puzzle. */
  state: string;
  created_at: number;
  expires_at: number;
  /** SHA-256 of the request id (`rid`) issued on a pass. */
  rid_hash: string | null;
  rid_expires_at: number | null;
  rid_used_at: number | null;
}

/** A proof that a phone (or a password) was verified, spent by choose-login-account. */
export interface LoginTicketTable {
  /** SHA-256 of the ticket. */
  id: string;
  client_id: number;
  user_id: number;
  /** JSON array of the account ids the ticket may enter. */
  account_ids: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** How the phone or password was verified ('code' | 'password'), for the sign-in log (null before 202611270100). */
  method: Generated<string | null>;
}

/**
 * One sign-in of a person, successful or refused (migration 202611270100_console_people), shown in
 * the console's author detail. Refusals are written only when the person is known.
 */
export interface SignInLogTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  /** The pen name entered; null for a refusal. */
  account_id: number | null;
  /** 'code' (phone + SMS code), 'password', 'register' (quick register). */
  method: string;
  /** 'ok', 'code_refused' (wrong, expired or spent code), 'wrong_password'. */
  result: string;
  /** The session the sign-in started (sessions.id), while it lives. */
  session_id: string | null;
  ip: string;
  user_agent: string;
  created_at: number;
}

/** guide_conf of the profile: which feature guides an account has seen. */
export interface AccountGuideTable {
  account_id: number;
  guide_type: number;
  shown: number;
  updated_at: number;
}

/** Reader accounts on partner products ('zh' reading platform, 'free' reading app) by phone. */
export interface PartnerAccountTable {
  id: Generated<number>;
  client_id: number;
  product: 'zh' | 'free';
  phone_hash: string;
  phone_enc: string;
  nickname: string;
  zh_unit: number;
  read_unit: number;
  book_coupon: number;
  coin: number;
  vip: number;
  /** The pen name (author account) it is bound to, when bound. */
  account_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A pen-name phone binding (account split) task. */
export interface PenNameBindTaskTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  /** The main pen name, which keeps the shared phone. */
  account_id: number;
  /** draft (verified, awaiting confirmation) → done. */
  status: string;
  /** JSON: [{ account_id, phone_enc, phone_hash }] for the other pen names. */
  items: string;
  /** What the end dialog says. */
  text: string;
  created_at: number;
  expires_at: number;
  done_at: number | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    sms_codes: SmsCodeTable;
    sms_send_state: SmsSendStateTable;
    captcha_challenges: CaptchaChallengeTable;
    login_tickets: LoginTicketTable;
    account_guides: AccountGuideTable;
    partner_accounts: PartnerAccountTable;
    pen_name_bind_tasks: PenNameBindTaskTable;
    sign_in_log: SignInLogTable;
  }
}

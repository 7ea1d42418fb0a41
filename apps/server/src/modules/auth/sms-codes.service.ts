import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { AppError, rateLimited } from '../../platform/http/errors.ts';
import { type SmsProvider, SmsSendError } from '../../platform/providers/sms/index.ts';
import './auth.tables.ts';

/** decisions.md "Sign-in": limits from common SMS-provider rules and OWASP ASVS. */
export const SMS_LIMITS = {
  codeTtlMs: 5 * 60_000,
  maxWrongTries: 5,
  resendGapMs: 60_000,
  perPhoneHour: 5,
  perPhoneDay: 10,
  /** Sends from one IP address per hour (a whole office behind one address still fits). */
  perIpHour: 30,
} as const;

/** How long a send may take before the author is told it timed out (SMS_TIMEOUT_MS, default 10 s). */
export function smsTimeoutMs(env: Record<string, string | undefined>): number {
  const ms = Number(env.SMS_TIMEOUT_MS);
  return Number.isFinite(ms) && ms >= 100 ? ms : 10_000;
}

class SmsTimeout extends Error {}

/** Said with 504 when the SMS provider takes longer than SMS_TIMEOUT_MS (help article 9-162 quotes it). */
export const SMS_TIMED_OUT = {
  'zh-CN': '短信服务响应超时，验证码未发出，请稍后再试',
  'en-US': 'The text message service did not answer in time; no code was sent. Please try again later',
};

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const codeError = (zh: string, en: string) =>
  new AppError(ErrorCode.codeInvalid, { 'zh-CN': zh, 'en-US': en }, { field: 'code', httpStatus: 400 });

/**
 * Verification codes: 4 digits, hashed at rest, 5 minutes, single use, void after 5 wrong tries;
 * sends limited per phone (60 s apart, 5 an hour, 10 a day) and per IP. A newer code replaces the
 * older one of the same flow.
 */
export class SmsCodes {
  readonly #ctx: AppContext;
  readonly provider: SmsProvider;

  constructor(ctx: AppContext, provider: SmsProvider) {
    this.#ctx = ctx;
    this.provider = provider;
  }

  #hash(phoneHash: string, type: string, code: string, salt: string): string {
    return this.#ctx.personalData.index('sms-code', `${phoneHash}:${type}:${code}:${salt}`);
  }

  /**
   * Checks the per-phone and per-IP limits and takes the 60 s slot. `beforeSend` runs once the
   * slot is taken (it spends the captcha pass); if it throws, the slot is given back.
   */
  async send(input: {
    clientId: number;
    brandName: string;
    phone: string;
    type: string;
    ip: string;
    beforeSend?: () => Promise<void>;
    now?: number;
  }): Promise<void> {
    const { db, personalData, rateLimiter } = this.#ctx;
    const now = input.now ?? Date.now();
    const phoneHash = personalData.index('phone', input.phone);
    const what = { 'zh-CN': '验证码发送次数过多', 'en-US': 'Too many codes were sent to this phone' };

    const recent = await db
      .selectFrom('sms_codes')
      .select('created_at')
      .where('phone_hash', '=', phoneHash)
      .where('created_at', '>', now - DAY)
      .orderBy('created_at', 'asc')
      .execute();
    if (recent.length >= SMS_LIMITS.perPhoneDay) throw rateLimited(recent[0].created_at + DAY - now, what);
    const lastHour = recent.filter((r) => r.created_at > now - HOUR);
    if (lastHour.length >= SMS_LIMITS.perPhoneHour) throw rateLimited(lastHour[0].created_at + HOUR - now, what);

    const ipHit = await rateLimiter.hit(`sms:ip:${input.ip}`, SMS_LIMITS.perIpHour, HOUR, now);
    if (!ipHit.allowed) {
      throw rateLimited(ipHit.retryAfterMs, {
        'zh-CN': '当前网络请求验证码过于频繁',
        'en-US': 'Too many codes were requested from this network',
      });
    }

    // The 60 s slot: an atomic conditional upsert, so two instances cannot both send.
    const taken = await db
      .insertInto('sms_send_state')
      .values({ phone_hash: phoneHash, last_sent_at: now })
      .onConflict((oc) =>
        oc
          .column('phone_hash')
          .doUpdateSet({ last_sent_at: now })
          .where('sms_send_state.last_sent_at', '<=', now - SMS_LIMITS.resendGapMs),
      )
      .executeTakeFirst();
    if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) {
      const state = await db
        .selectFrom('sms_send_state')
        .select('last_sent_at')
        .where('phone_hash', '=', phoneHash)
        .executeTakeFirst();
      const retry = (state?.last_sent_at ?? now) + SMS_LIMITS.resendGapMs - now;
      throw rateLimited(Math.max(1000, retry), {
        'zh-CN': '验证码已发送，请勿重复获取',
        'en-US': 'A code was just sent',
      });
    }
    const releaseSlot = () =>
      db
        .updateTable('sms_send_state')
        .set({ last_sent_at: now - SMS_LIMITS.resendGapMs })
        .where('phone_hash', '=', phoneHash)
        .where('last_sent_at', '=', now)
        .execute();

    try {
      await input.beforeSend?.();
    } catch (error) {
      await releaseSlot();
      throw error;
    }

    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const salt = randomBytes(9).toString('base64url');
    await db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('client_id', '=', input.clientId)
      .where('phone_hash', '=', phoneHash)
      .where('type', '=', input.type)
      .where('used_at', 'is', null)
      .execute();
    const row = await db
      .insertInto('sms_codes')
      .values({
        client_id: input.clientId,
        phone_hash: phoneHash,
        type: input.type,
        code_hash: `${salt}.${this.#hash(phoneHash, input.type, code, salt)}`,
        attempts: 0,
        created_at: now,
        expires_at: now + SMS_LIMITS.codeTtlMs,
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.provider.send({
          phone: input.phone,
          code,
          type: input.type,
          brandName: input.brandName,
          ttlMinutes: SMS_LIMITS.codeTtlMs / 60_000,
        }),
        new Promise<never>((_, fail) => {
          timer = setTimeout(() => fail(new SmsTimeout()), smsTimeoutMs(this.#ctx.config.env));
        }),
      ]);
    } catch (error) {
      await db.deleteFrom('sms_codes').where('id', '=', row.id).execute();
      await releaseSlot();
      if (error instanceof SmsTimeout) {
        this.#ctx.log.error({ sms: { provider: this.provider.name, reason: 'timeout' } }, 'sms send timed out');
        throw new AppError(ErrorCode.internal, SMS_TIMED_OUT, { httpStatus: 504 });
      }
      if (error instanceof SmsSendError) {
        this.#ctx.log.error({ sms: { provider: this.provider.name, reason: error.message } }, 'sms send failed');
        throw new AppError(
          ErrorCode.internal,
          {
            'zh-CN': '短信发送失败，请稍后再试',
            'en-US': 'The text message could not be sent; please try again later',
          },
          { httpStatus: 502 },
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Spends a code: right → marked used (it never works again); wrong → one try fewer, and at the
   * fifth the code is void. Call it after every other check of the request has passed.
   */
  async spend(input: { clientId: number; phone: string; type: string; code: string; now?: number }): Promise<void> {
    const { db, personalData } = this.#ctx;
    const now = input.now ?? Date.now();
    const phoneHash = personalData.index('phone', input.phone);
    const row = await db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'expires_at'])
      .where('client_id', '=', input.clientId)
      .where('phone_hash', '=', phoneHash)
      .where('type', '=', input.type)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.expires_at <= now) {
      throw codeError('验证码已失效，请重新获取', 'The verification code has expired; please request a new one');
    }
    // A try is reserved before the comparison, so parallel guesses cannot exceed the limit.
    const reserved = await db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', SMS_LIMITS.maxWrongTries)
      .returning('attempts')
      .executeTakeFirst();
    if (!reserved) {
      throw codeError('验证码错误次数过多，请重新获取', 'Too many wrong tries; please request a new code');
    }
    const [salt, stored] = row.code_hash.split('.');
    const given = this.#hash(phoneHash, input.type, input.code, salt);
    const right = timingSafeEqual(
      createHash('sha256').update(given).digest(),
      createHash('sha256').update(stored).digest(),
    );
    if (!right) {
      const left = SMS_LIMITS.maxWrongTries - reserved.attempts;
      if (left <= 0) {
        throw codeError('验证码错误次数过多，请重新获取', 'Too many wrong tries; please request a new code');
      }
      throw codeError(`验证码错误，还可尝试${left}次`, `Verification code is wrong; ${left} tries left`);
    }
    const spent = await db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) {
      throw codeError('验证码已失效，请重新获取', 'The verification code has expired; please request a new one');
    }
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.#ctx.db
      .deleteFrom('sms_codes')
      .where('created_at', '<', now - 2 * DAY)
      .execute();
    await this.#ctx.db
      .deleteFrom('sms_send_state')
      .where('last_sent_at', '<', now - DAY)
      .execute();
  }
}

import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ErrorCode, SMS_CODE_TYPE } from '@author-centre/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionIdOf } from '../../platform/auth/sessions.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { AppError, notLoggedIn, rateLimited } from '../../platform/http/errors.ts';
import { insertAccount } from '../../platform/level-counts.ts';
import {
  type AccountSummary,
  accountByPenName,
  accountsByPhone,
  idCardTaken,
  phoneOwner,
  userById,
} from './auth.repository.ts';
import { type Captcha, captchaFailed } from './captcha.service.ts';
import { hashPassword, type PasswordProblem, passwordProblem, verifyPassword } from './passwords.ts';
import { notifyLogout } from './services.ts';
import { purgeOldSignIns, recordSignIn, type SignInMethod, type SignInResult } from './sign-in-log.ts';
import type { SmsCodes } from './sms-codes.service.ts';
import './auth.tables.ts';

/** How long the pen-name choice after a verified login stays open. */
const LOGIN_TICKET_TTL_MS = 5 * 60_000;
/** Password guesses: per account name or phone, and per IP, in 15 minutes. */
const PASSWORD_FAILS_PER_NAME = 10;
const PASSWORD_FAILS_PER_IP = 50;
const PASSWORD_WINDOW_MS = 15 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const phoneError = (zh: string, en: string, code: number = ErrorCode.phoneInvalid) =>
  new AppError(code, { 'zh-CN': zh, 'en-US': en }, { field: 'phone', httpStatus: 400 });

const NOT_REGISTERED = () =>
  phoneError(
    '该手机号尚未注册，请先注册',
    'This phone number is not registered yet; please register first',
    ErrorCode.phoneNotRegistered,
  );
const ALREADY_REGISTERED = () =>
  phoneError(
    '该手机号已注册，请直接登录',
    'This phone number is already registered; please log in',
    ErrorCode.phoneRegistered,
  );
export const PHONE_TAKEN = () =>
  phoneError('该手机号已被其他账号绑定', 'This phone number is already bound to another account');

const PASSWORD_MESSAGES: Record<PasswordProblem, { 'zh-CN': string; 'en-US': string }> = {
  short: { 'zh-CN': '密码至少8位', 'en-US': 'The password needs at least 8 characters' },
  long: { 'zh-CN': '密码最多128位', 'en-US': 'The password can have at most 128 characters' },
  common: {
    'zh-CN': '密码过于常见，容易被猜到，请换一个',
    'en-US': 'This password is too common and easy to guess; please choose another',
  },
  personal: {
    'zh-CN': '密码不能包含手机号或身份证号',
    'en-US': 'The password must not contain your phone or ID number',
  },
};

export function checkNewPassword(password: string, confirm: string | undefined, personal: string[]): void {
  const problem = passwordProblem(password, personal);
  if (problem) {
    throw new AppError(ErrorCode.passwordRejected, PASSWORD_MESSAGES[problem], { field: 'password' });
  }
  if (confirm !== undefined && confirm !== password) {
    throw new AppError(
      ErrorCode.passwordRejected,
      { 'zh-CN': '两次输入的密码不一致', 'en-US': 'The two passwords do not match' },
      { field: 'confirm_password' },
    );
  }
}

export interface ChoosableAccount {
  account_id: number;
  pen_name: string;
  avatar: string;
  level: number;
}

/** What a login answers: signed in to one account, or a choice among the phone's pen names. */
export type LoginReply =
  | { need_choose: 0; account_id: number; pen_name: string }
  | { need_choose: 1; ticket: string; accounts: ChoosableAccount[] };

/** Phone + code, password, quick register, reset, pen-name choice and logout (§2, decisions.md "Sign-in"). */
export class AuthService {
  readonly #ctx: AppContext;
  readonly codes: SmsCodes;
  readonly captcha: Captcha;

  constructor(ctx: AppContext, codes: SmsCodes, captcha: Captcha) {
    this.#ctx = ctx;
    this.codes = codes;
    this.captcha = captcha;
  }

  #phoneHash(phone: string): string {
    return this.#ctx.personalData.index('phone', phone);
  }

  /** Send code (§7): the flow's precondition, the captcha pass unless the brand closed it, then the limits. */
  async sendCode(request: FastifyRequest, input: { phone: string; rid?: string; type: string }): Promise<void> {
    const { db } = this.#ctx;
    const clientId = request.brand.clientId;
    const phoneHash = this.#phoneHash(input.phone);
    switch (input.type) {
      case SMS_CODE_TYPE.login:
      case SMS_CODE_TYPE.resetPassword:
        if ((await phoneOwner(db, clientId, phoneHash)) === null) throw NOT_REGISTERED();
        break;
      case SMS_CODE_TYPE.register:
        if ((await phoneOwner(db, clientId, phoneHash)) !== null) throw ALREADY_REGISTERED();
        break;
      case SMS_CODE_TYPE.authorInfo:
      case SMS_CODE_TYPE.penNameBind:
      case SMS_CODE_TYPE.changePhone: {
        const auth = await this.#ctx.sessions.read(request);
        if (!auth) throw notLoggedIn();
        const owner = await phoneOwner(db, clientId, phoneHash);
        if (owner !== null && owner !== auth.userId) throw PHONE_TAKEN();
        break;
      }
    }
    const captchaOn = !request.brand.captchaConfig?.is_closed;
    if (captchaOn) {
      const notPassed = captchaFailed({
        'zh-CN': '请先完成拼图验证',
        'en-US': 'Please complete the puzzle check first',
      });
      if (!input.rid || !(await this.captcha.isLive(clientId, input.rid))) throw notPassed;
      await this.codes.send({
        clientId,
        brandName: request.brand.clientName,
        phone: input.phone,
        type: input.type,
        ip: request.ip,
        beforeSend: async () => {
          if (!(await this.captcha.spend(clientId, input.rid!))) throw notPassed;
        },
      });
      return;
    }
    await this.codes.send({
      clientId,
      brandName: request.brand.clientName,
      phone: input.phone,
      type: input.type,
      ip: request.ip,
    });
  }

  async codeLogin(request: FastifyRequest, reply: FastifyReply, input: { phone: string; code: string }) {
    const clientId = request.brand.clientId;
    const accounts = await accountsByPhone(this.#ctx.db, clientId, this.#phoneHash(input.phone));
    if (accounts.length === 0) throw NOT_REGISTERED();
    try {
      await this.codes.spend({ clientId, phone: input.phone, type: SMS_CODE_TYPE.login, code: input.code });
    } catch (error) {
      if (error instanceof AppError) await this.#logRefusal(request, accounts[0].user_id, 'code', 'code_refused');
      throw error;
    }
    return this.#finishLogin(request, reply, accounts, 'code');
  }

  async passwordLogin(request: FastifyRequest, reply: FastifyReply, input: { name: string; password: string }) {
    const { db, rateLimiter } = this.#ctx;
    const clientId = request.brand.clientId;
    const name = input.name.trim();
    const nameKey = `pwd:name:${clientId}:${sha256(name)}`;
    const ipKey = `pwd:ip:${request.ip}`;
    for (const [key, limit] of [
      [nameKey, PASSWORD_FAILS_PER_NAME],
      [ipKey, PASSWORD_FAILS_PER_IP],
    ] as const) {
      const state = await rateLimiter.peek(key, limit, PASSWORD_WINDOW_MS);
      if (!state.allowed) {
        throw rateLimited(state.retryAfterMs, {
          'zh-CN': '密码错误次数过多',
          'en-US': 'Too many wrong passwords',
        });
      }
    }

    let accounts: AccountSummary[] = [];
    if (/^\d{11}$/.test(name)) accounts = await accountsByPhone(db, clientId, this.#phoneHash(name));
    if (accounts.length === 0) {
      const byName = await accountByPenName(db, clientId, name);
      if (byName) accounts = [byName];
    }
    const user = accounts.length ? await userById(db, clientId, accounts[0].user_id) : undefined;
    const right = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!right || !user) {
      if (user) await this.#logRefusal(request, user.id, 'password', 'wrong_password');
      await rateLimiter.hit(nameKey, PASSWORD_FAILS_PER_NAME, PASSWORD_WINDOW_MS);
      await rateLimiter.hit(ipKey, PASSWORD_FAILS_PER_IP, PASSWORD_WINDOW_MS);
      throw new AppError(
        ErrorCode.credentialsWrong,
        {
          'zh-CN': '账号或密码错误（未设置过密码可用验证码登录或找回密码）',
          'en-US': 'Wrong account name, phone or password (never set a password? Log in with a code or reset it)',
        },
        { field: 'password' },
      );
    }
    return this.#finishLogin(request, reply, accounts, 'password');
  }

  async register(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { phone: string; real_name: string; id_card: string; code: string },
  ): Promise<LoginReply> {
    const { db, personalData } = this.#ctx;
    const clientId = request.brand.clientId;
    const phoneHash = this.#phoneHash(input.phone);
    const idCard = input.id_card.toUpperCase();
    const idHash = personalData.index('id_card', idCard);
    if ((await phoneOwner(db, clientId, phoneHash)) !== null) throw ALREADY_REGISTERED();
    const idTaken = () =>
      new AppError(
        ErrorCode.idCardTaken,
        {
          'zh-CN': '该身份证号已注册，请使用已注册的手机号登录',
          'en-US': 'This ID number is already registered; please log in with its phone number',
        },
        { field: 'id_card' },
      );
    if (await idCardTaken(db, clientId, idHash)) throw idTaken();
    await this.codes.spend({ clientId, phone: input.phone, type: SMS_CODE_TYPE.register, code: input.code });

    const now = Date.now();
    const account = await inTransaction(db, async (tx) => {
      // Two registrations of the same ID at once both pass the check above; the unique index
      // users_id_card_unique (migration 202612130002) refuses the second.
      const user = await tx
        .insertInto('users')
        .values({
          client_id: clientId,
          phone_enc: personalData.seal(input.phone),
          phone_hash: phoneHash,
          real_name_enc: personalData.seal(input.real_name),
          id_card_enc: personalData.seal(idCard),
          id_card_hash: idHash,
          password_hash: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A placeholder pen name the author changes later (personal information).
      for (let tries = 0; ; tries++) {
        const penName = `作者${randomInt(10_000_000, 100_000_000)}`;
        const taken = await tx
          .selectFrom('accounts')
          .select('id')
          .where('client_id', '=', clientId)
          .where('pen_name', '=', penName)
          .executeTakeFirst();
        if (taken && tries < 10) continue;
        const { id, user_id, pen_name, avatar, level, role } = await insertAccount(tx, {
          client_id: clientId,
          user_id: user.id,
          pen_name: penName,
          phone_enc: personalData.seal(input.phone),
          phone_hash: phoneHash,
          role: 'author',
          avatar: null,
          level: 1,
          sign_flag: 0,
          is_learner: 1,
          created_at: now,
          updated_at: now,
        });
        return { id, user_id, pen_name, avatar, level, role } as AccountSummary;
      }
    }).catch((error: unknown) => {
      const message = String((error as Error)?.message ?? '');
      if (/users_id_card_unique|UNIQUE constraint failed: users\.client_id, users\.id_card_hash/.test(message)) {
        throw idTaken();
      }
      throw error;
    });
    return this.#finishLogin(request, reply, [account], 'register');
  }

  async resetPassword(input: {
    clientId: number;
    phone: string;
    code: string;
    password: string;
    confirm_password: string;
  }): Promise<void> {
    const { db, personalData, sessions } = this.#ctx;
    const owner = await phoneOwner(db, input.clientId, this.#phoneHash(input.phone));
    if (owner === null) throw NOT_REGISTERED();
    const user = await userById(db, input.clientId, owner);
    const idCard = user?.id_card_enc ? personalData.open(user.id_card_enc) : '';
    checkNewPassword(input.password, input.confirm_password, [input.phone, idCard]);
    await this.codes.spend({
      clientId: input.clientId,
      phone: input.phone,
      type: SMS_CODE_TYPE.resetPassword,
      code: input.code,
    });
    const hash = await hashPassword(input.password);
    await db
      .updateTable('users')
      .set({ password_hash: hash, updated_at: Date.now() })
      .where('id', '=', owner)
      .execute();
    // Whoever knew the old password is signed out everywhere.
    await sessions.endAllOf(owner);
  }

  /**
   * Change password (personal information): the current password proves it is the author; every
   * other session of the person ends and this browser gets a fresh one.
   */
  async changePassword(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { password: string; new_password: string; confirm_password: string },
  ): Promise<void> {
    const { db, personalData, sessions } = this.#ctx;
    const me = request.auth;
    if (!me) throw notLoggedIn();
    const user = await userById(db, me.clientId, me.userId);
    if (!user?.password_hash) {
      throw new AppError(
        ErrorCode.passwordRejected,
        {
          'zh-CN': '尚未设置密码，请通过“找回密码”用手机验证码设置',
          'en-US': 'No password is set yet; set one with a phone code under “Reset password”',
        },
        { field: 'password' },
      );
    }
    const phone = personalData.openOrNull(user.phone_enc) ?? '';
    const idCard = personalData.openOrNull(user.id_card_enc) ?? '';
    checkNewPassword(input.new_password, input.confirm_password, [phone, idCard]);
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw new AppError(
        ErrorCode.credentialsWrong,
        { 'zh-CN': '当前密码不正确', 'en-US': 'The current password is wrong' },
        { field: 'password' },
      );
    }
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.new_password), updated_at: Date.now() })
      .where('id', '=', me.userId)
      .execute();
    await sessions.endAllOf(me.userId);
    await sessions.start(reply, { userId: me.userId, accountId: me.accountId, clientId: me.clientId });
  }

  async chooseAccount(request: FastifyRequest, reply: FastifyReply, input: { ticket: string; account_id: number }) {
    const { db } = this.#ctx;
    const clientId = request.brand.clientId;
    const now = Date.now();
    const expired = () =>
      new AppError(ErrorCode.loginTicketInvalid, {
        'zh-CN': '登录已过期，请重新登录',
        'en-US': 'The login has expired; please log in again',
      });
    const ticket = await db
      .selectFrom('login_tickets')
      .selectAll()
      .where('id', '=', sha256(input.ticket))
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!ticket || ticket.used_at !== null || ticket.expires_at <= now) throw expired();
    const allowed = JSON.parse(ticket.account_ids) as number[];
    if (!allowed.includes(input.account_id)) {
      throw new AppError(
        ErrorCode.invalidInput,
        { 'zh-CN': '请选择要登录的笔名', 'en-US': 'Please choose a pen name to log in with' },
        { field: 'account_id' },
      );
    }
    const spent = await db
      .updateTable('login_tickets')
      .set({ used_at: now })
      .where('id', '=', ticket.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw expired();
    const account = await db
      .selectFrom('accounts')
      .select(['id', 'user_id', 'pen_name'])
      .where('id', '=', input.account_id)
      .where('client_id', '=', clientId)
      .where('user_id', '=', ticket.user_id)
      .executeTakeFirst();
    if (!account) throw expired();
    const method = (ticket.method ?? 'code') as SignInMethod;
    await this.#startSession(request, reply, account.user_id, account.id, method);
    return { need_choose: 0 as const, account_id: account.id, pen_name: account.pen_name };
  }

  async logout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const who = await this.#ctx.sessions.read(request);
    if (who) await notifyLogout(this.#ctx, who);
    await this.#ctx.sessions.end(request, reply);
  }

  async #startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    accountId: number,
    method: SignInMethod,
  ) {
    // Rotation: whatever session the browser had ends; the login gets a fresh token.
    if (request.cookies[this.#ctx.sessions.cookieName]) await this.#ctx.sessions.end(request, reply);
    const token = await this.#ctx.sessions.start(reply, { userId, accountId, clientId: request.brand.clientId });
    await recordSignIn(this.#ctx.db, request, {
      userId,
      accountId,
      method,
      result: 'ok',
      sessionId: sessionIdOf(token),
    });
  }

  /** A refused sign-in of a known person; a failure to log it never hides the refusal itself. */
  async #logRefusal(request: FastifyRequest, userId: number, method: SignInMethod, result: SignInResult) {
    try {
      await recordSignIn(this.#ctx.db, request, { userId, accountId: null, method, result });
    } catch (error) {
      this.#ctx.log.warn({ err: error }, 'sign-in log write failed');
    }
  }

  async #finishLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    accounts: AccountSummary[],
    method: SignInMethod,
  ): Promise<LoginReply> {
    if (accounts.length === 1) {
      await this.#startSession(request, reply, accounts[0].user_id, accounts[0].id, method);
      return { need_choose: 0, account_id: accounts[0].id, pen_name: accounts[0].pen_name };
    }
    const ticket = randomBytes(24).toString('base64url');
    const now = Date.now();
    await this.#ctx.db
      .insertInto('login_tickets')
      .values({
        id: sha256(ticket),
        client_id: request.brand.clientId,
        user_id: accounts[0].user_id,
        account_ids: JSON.stringify(accounts.map((a) => a.id)),
        created_at: now,
        expires_at: now + LOGIN_TICKET_TTL_MS,
        used_at: null,
        method,
      })
      .execute();
    return {
      need_choose: 1,
      ticket,
      accounts: accounts.map((a) => ({
        account_id: a.id,
        pen_name: a.pen_name,
        avatar: a.avatar ?? '',
        level: a.level,
      })),
    };
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.#ctx.db.deleteFrom('login_tickets').where('expires_at', '<', now).execute();
    await purgeOldSignIns(this.#ctx.db, now);
  }
}

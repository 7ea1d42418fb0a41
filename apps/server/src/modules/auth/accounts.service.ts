import {
  type BrandSettings,
  CODE_EMPTY_MESSAGE,
  CODE_WRONG_MESSAGE,
  ErrorCode,
  isMobile,
  isRealName,
  isSmsCode,
  type Locale,
  maskPhone,
  PHONE_MESSAGE,
  PHONES_DIFFERENT_MESSAGE,
  REAL_NAME_MESSAGE,
  SMS_CODE_TYPE,
} from '@author-centre/shared';
import type { PenNameRow, PenNameTask, PenNameTaskStatus } from '@author-centre/shared/pen-name-api';

import type { AuthContext } from '../../platform/auth/sessions.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { AppError, badInput } from '../../platform/http/errors.ts';
import {
  accountsOfUser,
  guidesOf,
  partnerByPhone,
  partnerOfAccount,
  phoneOwner,
  profileRow,
  userById,
} from './auth.repository.ts';
import { PHONE_TAKEN, phoneError } from './auth.service.ts';
import type { SmsCodes } from './sms-codes.service.ts';
import './auth.tables.ts';

/** Feature guides whose "seen" flag the profile reports (§4: 7, 32, 34 per page; 37 the beginner guide). */
export const KNOWN_GUIDES = [7, 32, 34, 37] as const;

/** '林小满' → '林**'. */
export function maskName(name: string | null): string {
  if (!name) return '';
  const chars = [...name];
  return chars.length <= 1 ? '*' : chars[0] + '*'.repeat(chars.length - 1);
}

export interface ProfileUser {
  phone: string;
  is_invite: number;
  sign_flag: number;
  author_check: number;
  version_check: number;
  correct_count: number;
  message_count: number;
  is_learner: number;
  level: number;
  level_icon: string;
  account_id: number;
  is_phone_bind: number;
  free_bind_flag: number;
  textcorrect_status: number;
  pen_name: string;
  real_name: string;
  avatar: string;
}

export interface Profile {
  user: ProfileUser;
  guide_conf: Record<string, boolean>;
  badges: { list: unknown[] };
  new_user_graduate: { list: Array<{ level: string; [k: string]: unknown }> };
  ai_assistant_auth: number;
  ai_assistant_questions: string[];
}

/**
 * What other modules add to the profile and global data (badges, graduations, counts, books).
 * A contributor returns the fields it owns; `user` fields are merged into the user.
 */
export type ProfileContributor = (
  ctx: AppContext,
  auth: AuthContext,
) => Promise<Partial<Omit<Profile, 'user'>> & { user?: Partial<ProfileUser> }>;
export type GlobalDataContributor = (ctx: AppContext, auth: AuthContext) => Promise<Record<string, unknown>>;

// Sets: a module registering again (one app per test file) adds nothing twice.
const profileContributors = new Set<ProfileContributor>();
const globalDataContributors = new Set<GlobalDataContributor>();

/** For other modules (through this service): add fields to GET /api/author/profile. */
export function addProfileContributor(fn: ProfileContributor): void {
  profileContributors.add(fn);
}
/** For other modules: add fields (book_list, income_book_list…) to GET /api/author/global-data. */
export function addGlobalDataContributor(fn: GlobalDataContributor): void {
  globalDataContributors.add(fn);
}

const PC_VERSION = '1.0.0';

/** A task's text is stored in both languages (JSON) and read in the user's. */
function taskText(stored: string, lang: Locale): string {
  try {
    return (JSON.parse(stored) as Record<Locale, string>)[lang] ?? '';
  } catch {
    return stored;
  }
}

const text = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const functionError = () =>
  new AppError(ErrorCode.penNameFunctionError, text('功能异常，请稍后再试', 'Function error, please try again later'), {
    httpStatus: 409,
  });

export interface ErrorPhone {
  phone: string;
  account_id: number;
  /** 1 = code error, 2 = phone error (§3). */
  type: number;
  message: string;
}

/** Author accounts: profile, global data, guides, completing info, phone-bind check, pen-name phone binding. */
export class AccountsService {
  readonly #ctx: AppContext;
  readonly #codes: SmsCodes;

  constructor(ctx: AppContext, codes: SmsCodes) {
    this.#ctx = ctx;
    this.#codes = codes;
  }

  async profile(auth: AuthContext, brand: BrandSettings): Promise<Profile | null> {
    const { db, personalData } = this.#ctx;
    const [row, guides] = await Promise.all([
      profileRow(db, auth.clientId, auth.accountId),
      guidesOf(db, auth.accountId),
    ]);
    if (!row) return null;
    const guideConf: Record<string, boolean> = {};
    for (const id of KNOWN_GUIDES) guideConf[id] = false;
    for (const g of guides) guideConf[g.guide_type] = g.shown === 1;
    const phone = personalData.openOrNull(row.phone_enc);
    const profile: Profile = {
      user: {
        phone: maskPhone(phone),
        is_invite: 0,
        sign_flag: row.sign_flag,
        author_check: 0,
        version_check: 0,
        correct_count: 0,
        message_count: 0,
        is_learner: row.is_learner,
        level: row.level,
        level_icon: '',
        account_id: row.id,
        is_phone_bind: phone ? 1 : 0,
        free_bind_flag: Number(row.free_bound) > 0 ? 1 : 0,
        textcorrect_status: 0,
        pen_name: row.pen_name,
        real_name: maskName(personalData.openOrNull(row.real_name_enc)),
        avatar: row.avatar ?? '',
      },
      guide_conf: guideConf,
      badges: { list: [] },
      new_user_graduate: { list: [] },
      ai_assistant_auth: brand.permissions.includes('ai-assistant') ? 1 : 0,
      ai_assistant_questions: [],
    };
    for (const contribute of profileContributors) {
      const { user, ...rest } = await contribute(this.#ctx, auth);
      Object.assign(profile, rest);
      if (user) Object.assign(profile.user, user);
    }
    return profile;
  }

  async globalData(auth: AuthContext): Promise<Record<string, unknown>> {
    const data: Record<string, unknown> = {
      pc_version: PC_VERSION,
      author_qq: { female: '', male: '' },
      book_list: {},
      long_period_status: 0,
      income_book_list: [],
      disclaimer_type: 0,
      disclaimer_tips: '',
    };
    for (const contribute of globalDataContributors) Object.assign(data, await contribute(this.#ctx, auth));
    return data;
  }

  async saveGuides(auth: AuthContext, types: number[]): Promise<Record<string, boolean>> {
    const now = Date.now();
    for (const type of types) {
      await this.#ctx.db
        .insertInto('account_guides')
        .values({ account_id: auth.accountId, guide_type: type, shown: 1, updated_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'guide_type']).doUpdateSet({ shown: 1, updated_at: now }))
        .execute();
    }
    const conf: Record<string, boolean> = {};
    for (const id of KNOWN_GUIDES) conf[id] = false;
    for (const g of await guidesOf(this.#ctx.db, auth.accountId)) conf[g.guide_type] = g.shown === 1;
    return conf;
  }

  /** Phone-bind check (§3): what binding `phone` to the signed-in pen name would merge. */
  async checkBindPhone(auth: AuthContext, phone: string) {
    const { db, personalData } = this.#ctx;
    if (!isMobile(phone)) throw phoneError(PHONE_MESSAGE['zh-CN'], PHONE_MESSAGE['en-US']);
    const hash = personalData.index('phone', phone);
    const [zh, free, current] = await Promise.all([
      partnerByPhone(db, auth.clientId, 'zh', hash),
      partnerByPhone(db, auth.clientId, 'free', hash),
      partnerOfAccount(db, auth.clientId, 'free', auth.accountId),
    ]);
    const zhFree = zh && (zh.account_id === null || zh.account_id === auth.accountId) ? zh : undefined;
    const merged = free && free.account_id !== auth.accountId ? free : undefined;
    const reader = (p: typeof free) =>
      p
        ? { nickname: p.nickname, phone: maskPhone(personalData.open(p.phone_enc)), coin: p.coin, vip: p.vip }
        : { nickname: '', phone: '', coin: 0, vip: 0 };
    return {
      should_notice: zhFree || merged ? 1 : 0,
      zh: {
        bind: zhFree ? 1 : 0,
        zh_unit: zhFree?.zh_unit ?? 0,
        read_unit: zhFree?.read_unit ?? 0,
        book_coupon: zhFree?.book_coupon ?? 0,
        nick_name: zhFree?.nickname ?? '',
      },
      free: { bind: merged ? 1 : 0, merged_user: reader(merged), current_user: reader(current) },
    };
  }

  /**
   * Complete author info (pop 1): binds a verified phone to the signed-in pen name. Partner reader
   * accounts on that phone (zh, free) are bound to the pen name, as the phone-bind check showed.
   */
  async submitNewPhone(auth: AuthContext, input: { phone: string; code: string; real_name: string }) {
    const { db, personalData } = this.#ctx;
    const phone = input.phone.trim();
    if (!isMobile(phone)) throw phoneError(PHONE_MESSAGE['zh-CN'], PHONE_MESSAGE['en-US']);
    if (!input.code) {
      throw new AppError(ErrorCode.codeInvalid, CODE_EMPTY_MESSAGE, { field: 'code' });
    }
    if (!isSmsCode(input.code)) throw new AppError(ErrorCode.codeInvalid, CODE_WRONG_MESSAGE, { field: 'code' });
    const realName = input.real_name.trim();
    if (!isRealName(realName)) throw badInput('real_name', REAL_NAME_MESSAGE);
    const hash = personalData.index('phone', phone);
    const owner = await phoneOwner(db, auth.clientId, hash);
    if (owner !== null && owner !== auth.userId) throw PHONE_TAKEN();
    const user = await userById(db, auth.clientId, auth.userId);
    if (!user) throw functionError();
    const onFile = personalData.openOrNull(user.real_name_enc);
    if (onFile && onFile !== realName) {
      throw badInput('real_name', text('姓名与实名认证信息不一致', 'The name does not match your verified real name'));
    }
    await this.#codes.spend({ clientId: auth.clientId, phone, type: SMS_CODE_TYPE.authorInfo, code: input.code });
    const now = Date.now();
    await inTransaction(db, async (tx) => {
      await tx
        .updateTable('accounts')
        .set({ phone_enc: personalData.seal(phone), phone_hash: hash, updated_at: now })
        .where('id', '=', auth.accountId)
        .execute();
      const userPatch: Record<string, unknown> = { updated_at: now };
      if (!user.phone_hash) Object.assign(userPatch, { phone_enc: personalData.seal(phone), phone_hash: hash });
      if (!onFile) userPatch.real_name_enc = personalData.seal(realName);
      await tx.updateTable('users').set(userPatch).where('id', '=', auth.userId).execute();
      await tx
        .updateTable('partner_accounts')
        .set({ account_id: auth.accountId, updated_at: now })
        .where('client_id', '=', auth.clientId)
        .where('phone_hash', '=', hash)
        .where('account_id', 'is', null)
        .execute();
    });
    return { phone: maskPhone(phone), is_phone_bind: 1 };
  }

  /** The person's pen names that share the main pen name's phone: main first, then the ones to bind. */
  async #splitGroup(auth: AuthContext) {
    const { db } = this.#ctx;
    const user = await userById(db, auth.clientId, auth.userId);
    const accounts = await accountsOfUser(db, auth.clientId, auth.userId);
    const mainPhoneHash = user?.phone_hash ?? accounts[0]?.phone_hash ?? null;
    const sharing = accounts.filter((a) => a.phone_hash === mainPhoneHash || a.phone_hash === null);
    const main = sharing.find((a) => a.phone_hash === mainPhoneHash) ?? sharing[0];
    const others = sharing.filter((a) => a !== main);
    return { user, main, others, mainPhoneHash };
  }

  async #lastTask(auth: AuthContext) {
    return this.#ctx.db
      .selectFrom('pen_name_bind_tasks')
      .selectAll()
      .where('client_id', '=', auth.clientId)
      .where('user_id', '=', auth.userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** account_split_model of the home model list: non-empty while pen names still share one phone. */
  async accountSplitModel(auth: AuthContext): Promise<Array<{ account_id: number; pen_name: string }>> {
    const { main, others } = await this.#splitGroup(auth);
    if (!main || others.length === 0) return [];
    return [main, ...others].map((a) => ({ account_id: a.id, pen_name: a.pen_name }));
  }

  /** CHECK_PEN_NAME_TASK_STATUS: the rows (main first) and the task of the person, if any. */
  async penNameTaskStatus(auth: AuthContext, lang: Locale): Promise<PenNameTaskStatus> {
    const { personalData } = this.#ctx;
    const { main, others } = await this.#splitGroup(auth);
    const task = await this.#lastTask(auth);
    const done = task?.status === 'done' ? task : undefined;
    const rows: PenNameRow[] = main
      ? [
          {
            account_id: main.id,
            pen_name: main.pen_name,
            phone: maskPhone(personalData.openOrNull(main.phone_enc)),
            code: '',
            is_author: 1,
          },
          ...others.map((a) => ({ account_id: a.id, pen_name: a.pen_name, phone: '', code: '', is_author: 0 })),
        ]
      : [];
    return {
      accounts: rows,
      task: { has_task: done && others.length === 0 ? 1 : 0, text: done ? taskText(done.text, lang) : '' },
    };
  }

  /**
   * GET_PEN_NAME_TASK_INFO: checks every row (phone rules of §5, codes of type '10'); answers
   * per-phone errors, or a draft task with what each phone brings from the partner products.
   */
  async penNameTaskInfo(
    auth: AuthContext,
    lang: Locale,
    rows: Array<{ account_id: number; phone: string; code: string }>,
    realName?: string,
  ) {
    const { db, personalData } = this.#ctx;
    const { user, main, others, mainPhoneHash } = await this.#splitGroup(auth);
    if (!main || others.length === 0) throw functionError();
    // The real name sent with the form (§5) must be the person's verified one.
    if (realName !== undefined) {
      const name = realName.trim();
      if (!isRealName(name)) throw badInput('real_name', REAL_NAME_MESSAGE);
      const onFile = personalData.openOrNull(user?.real_name_enc);
      if (onFile && onFile !== name) {
        throw badInput(
          'real_name',
          text('姓名与实名认证信息不一致', 'The name does not match your verified real name'),
        );
      }
    }
    const editable = new Map(others.map((a) => [a.id, a]));
    const errors: ErrorPhone[] = [];
    const say = (m: { 'zh-CN': string; 'en-US': string }) => m[lang];
    const phones = rows.map((r) => r.phone.trim());
    for (const [i, row] of rows.entries()) {
      if (!editable.has(row.account_id)) throw functionError();
      const phone = phones[i];
      const fail = (type: number, message: { 'zh-CN': string; 'en-US': string }) =>
        errors.push({ phone, account_id: row.account_id, type, message: say(message) });
      if (!isMobile(phone)) {
        fail(2, PHONE_MESSAGE);
        continue;
      }
      if (phones.indexOf(phone) !== i || phones.lastIndexOf(phone) !== i) {
        fail(2, PHONES_DIFFERENT_MESSAGE);
        continue;
      }
      const hash = personalData.index('phone', phone);
      if (hash === mainPhoneHash) {
        fail(2, text('不能与主笔名的手机号相同', 'It must differ from the main pen name’s phone'));
        continue;
      }
      const owner = await phoneOwner(db, auth.clientId, hash);
      if (owner !== null && owner !== auth.userId) {
        fail(2, text('该手机号已被其他账号绑定', 'This phone number is already bound to another account'));
        continue;
      }
      if (!row.code) fail(1, CODE_EMPTY_MESSAGE);
      else if (!isSmsCode(row.code)) fail(1, CODE_WRONG_MESSAGE);
    }
    if (rows.length !== others.length && errors.length === 0) throw functionError();
    if (errors.length) return { error_phone: errors };

    // Phones already verified in this person's open draft are not asked for a code again.
    const now = Date.now();
    const draft = await db
      .selectFrom('pen_name_bind_tasks')
      .selectAll()
      .where('client_id', '=', auth.clientId)
      .where('user_id', '=', auth.userId)
      .where('status', '=', 'draft')
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const verified = new Set<string>(
      draft
        ? (JSON.parse(draft.items) as Array<{ account_id: number; phone_hash: string }>).map(
            (v) => `${v.account_id}:${v.phone_hash}`,
          )
        : [],
    );
    const items: Array<{ account_id: number; phone_enc: string; phone_hash: string }> = [];
    for (const [i, row] of rows.entries()) {
      const hash = personalData.index('phone', phones[i]);
      if (!verified.has(`${row.account_id}:${hash}`)) {
        try {
          await this.#codes.spend({
            clientId: auth.clientId,
            phone: phones[i],
            type: SMS_CODE_TYPE.penNameBind,
            code: row.code,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors.push({
            phone: phones[i],
            account_id: row.account_id,
            type: 1,
            message: typeof error.title === 'string' ? error.title : error.title[lang],
          });
          continue;
        }
      }
      items.push({ account_id: row.account_id, phone_enc: personalData.seal(phones[i]), phone_hash: hash });
    }
    // Keep what was verified, even when another row failed, so only the failed codes are asked again.
    const keep = items.length ? items : [];
    const taskText = '';
    let taskId: number;
    if (draft) {
      await db
        .updateTable('pen_name_bind_tasks')
        .set({ items: JSON.stringify(keep), expires_at: now + 30 * 60_000 })
        .where('id', '=', draft.id)
        .execute();
      taskId = draft.id;
    } else {
      const inserted = await db
        .insertInto('pen_name_bind_tasks')
        .values({
          client_id: auth.clientId,
          user_id: auth.userId,
          account_id: main.id,
          status: 'draft',
          items: JSON.stringify(keep),
          text: taskText,
          created_at: now,
          expires_at: now + 30 * 60_000,
          done_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      taskId = inserted.id;
    }
    if (errors.length) return { error_phone: errors };

    const byAccount = new Map([main, ...others].map((a) => [a.id, a]));
    const lines = [
      { account_id: main.id, phone: personalData.openOrNull(main.phone_enc) ?? '', hash: mainPhoneHash ?? '' },
      ...rows.map((r, i) => ({ account_id: r.account_id, phone: phones[i], hash: items[i].phone_hash })),
    ];
    const free = [];
    const zh = [];
    for (const line of lines) {
      const account = byAccount.get(line.account_id)!;
      const [f, z] = await Promise.all([
        partnerByPhone(db, auth.clientId, 'free', line.hash),
        partnerByPhone(db, auth.clientId, 'zh', line.hash),
      ]);
      const isMain = line.account_id === main.id ? 1 : 0;
      free.push({
        pen_name: account.pen_name,
        phone: maskPhone(line.phone),
        coin: f?.coin ?? 0,
        vip: f?.vip ?? 0,
        comment: say(
          f
            ? text(
                '该手机号的免费阅读账号将关联到此笔名',
                'The free-app reader account of this phone will be linked to this pen name',
              )
            : text('该手机号暂无免费阅读账号', 'No free-app reader account on this phone'),
        ),
        is_author: isMain,
        account_id: line.account_id,
        merge_cell_text: say(
          text(
            '绑定后各笔名使用各自的手机号登录，作品、收入与合同均保留在原笔名下',
            'After binding, each pen name logs in with its own phone; works, income and contracts stay with their pen name',
          ),
        ),
      });
      zh.push({
        pen_name: account.pen_name,
        phone: maskPhone(line.phone),
        zh_unit: z?.zh_unit ?? 0,
        read_unit: z?.read_unit ?? 0,
        comment: say(
          z
            ? text(
                '该手机号的阅读平台账号将关联到此笔名',
                'The reading-platform account of this phone will be linked to this pen name',
              )
            : text('该手机号暂无阅读平台账号', 'No reading-platform account on this phone'),
        ),
      });
    }
    return { task_id: taskId, free, zh, error_phone: [] as ErrorPhone[] };
  }

  /** SUBMIT_PEN_NAME_TASK: binds each verified phone to its pen name, all together or not at all. */
  async submitPenNameTask(auth: AuthContext, lang: Locale, taskId: number): Promise<{ task: PenNameTask }> {
    const { db, personalData } = this.#ctx;
    const now = Date.now();
    const task = await db
      .selectFrom('pen_name_bind_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .where('client_id', '=', auth.clientId)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst();
    if (!task || task.status !== 'draft' || task.expires_at <= now) throw functionError();
    const items = JSON.parse(task.items) as Array<{ account_id: number; phone_enc: string; phone_hash: string }>;
    const { others } = await this.#splitGroup(auth);
    if (items.length === 0 || items.length !== others.length) throw functionError();
    const names = new Map(others.map((a) => [a.id, a.pen_name]));
    const parts: Array<[string, string]> = [];
    const textDone = await inTransaction(db, async (tx) => {
      for (const item of items) {
        if (!names.has(item.account_id)) throw functionError();
        const holder = await tx
          .selectFrom('accounts')
          .select('user_id')
          .where('client_id', '=', auth.clientId)
          .where('phone_hash', '=', item.phone_hash)
          .where('user_id', '!=', auth.userId)
          .executeTakeFirst();
        const person = await tx
          .selectFrom('users')
          .select('id')
          .where('client_id', '=', auth.clientId)
          .where('phone_hash', '=', item.phone_hash)
          .where('id', '!=', auth.userId)
          .executeTakeFirst();
        if (holder || person) throw functionError();
        await tx
          .updateTable('accounts')
          .set({ phone_enc: item.phone_enc, phone_hash: item.phone_hash, updated_at: now })
          .where('id', '=', item.account_id)
          .where('user_id', '=', auth.userId)
          .execute();
        await tx
          .updateTable('partner_accounts')
          .set({ account_id: item.account_id, updated_at: now })
          .where('client_id', '=', auth.clientId)
          .where('phone_hash', '=', item.phone_hash)
          .where('account_id', 'is', null)
          .execute();
        const masked = maskPhone(personalData.open(item.phone_enc));
        parts.push([
          `“${names.get(item.account_id)}”已绑定${masked}`,
          `“${names.get(item.account_id)}” is bound to ${masked}`,
        ]);
      }
      const done = JSON.stringify({
        'zh-CN': `笔名手机号绑定已完成：${parts.map((p) => p[0]).join('；')}。今后请使用各笔名绑定的手机号登录对应笔名。`,
        'en-US': `Pen-name phones are bound: ${parts.map((p) => p[1]).join('; ')}. From now on, log in to each pen name with its own phone.`,
      });
      await tx
        .updateTable('pen_name_bind_tasks')
        .set({ status: 'done', text: done, done_at: now })
        .where('id', '=', task.id)
        .where('status', '=', 'draft')
        .execute();
      return done;
    });
    return { task: { has_task: 1, text: taskText(textDone, lang) } };
  }
}

import { randomBytes } from 'node:crypto';
import {
  ADULT_AGE,
  ageOn,
  BANK_CARD_MESSAGE,
  ErrorCode,
  ID_CARD_MESSAGE,
  type IdDocType,
  idCardBirthDate,
  idDocumentProblem,
  isBankCard,
  isIdCard,
  isMobile,
  isRealName,
  maskBankCard,
  maskIdCard,
  maskMiddle,
  maskPhone,
  PERSONAL_UPLOAD_LIMITS,
  PHONE_MESSAGE,
  penNameProblem,
  REAL_NAME_MESSAGE,
  shanghaiDate,
  UNDERAGE_MESSAGE,
} from '@author-centre/shared';

import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/http/console.ts';
import { AppError, badInput, conflict, type Localized, notFound } from '../../platform/http/errors.ts';
import { maskName } from '../auth/accounts.service.ts';
import type { AuthorProfileTable, BankCardTable } from './contracts.tables.ts';
import { PROVINCES, placeOf } from './regions.ts';
import { deleteSealedFile, getSealedFile, putSealedFile } from './sealed-files.ts';

/** Who is asking: the person (user) and the pen name (account) of the session, in their brand. */
export interface Person {
  clientId: number;
  userId: number;
  accountId: number;
}

export const RELATIONSHIPS = ['父母', '配偶', '子女', '兄弟姐妹', '朋友', '其他'] as const;

const QQ_PATTERN = /^[1-9]\d{4,10}$/;
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;
/** WeChat ids: a letter, then 5–19 letters, digits, '-' or '_' (phone numbers are accepted too). */
const WECHAT_PATTERN = /^(?:[a-zA-Z][-_a-zA-Z0-9]{5,19}|1[3-9]\d{9})$/;
const ADDRESS_MAX = 100;
const BANK_TEXT_MAX = 60;
const REASON_MAX = 200;

const chars = (s: string) => [...s].length;
const text = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

export interface BasicDataInput {
  qq?: string;
  email?: string;
  wx_no?: string;
  province?: string;
  city?: string;
  address?: string;
}

export interface RelationshipInput {
  emergency_name: string;
  relationship: string;
  relationship_phone: string;
}

export interface IdentityInput {
  id_type: IdDocType;
  real_name: string;
  id_card?: string;
  hmt_card?: string;
  passport?: string;
  /** 'YYYY-MM-DD', needed with a permit or passport (the national ID carries it). */
  birth_date?: string;
}

export interface BankCardInput {
  bank_num: string;
  account_name: string;
  bank_name: string;
  bank_branch: string;
  bank_phone: string;
}

export interface AddressInput {
  id?: number;
  name: string;
  phone: string;
  province: string;
  city: string;
  address: string;
  is_default?: boolean;
}

const DAY_MS = 86_400_000;
const conflictOn = (field: string, title: Localized) =>
  new AppError(ErrorCode.conflict, title, { httpStatus: 409, field });

const underage = () => new AppError(ErrorCode.underage, UNDERAGE_MESSAGE, { httpStatus: 400, field: 'id_card' });

export class PersonalInfoService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db(): Db {
    return this.#ctx.db;
  }

  #open(v: string | null | undefined): string {
    return this.#ctx.personalData.openOrNull(v) ?? '';
  }

  provinces() {
    return PROVINCES;
  }

  async #profile(db: Db | Tx, person: Person): Promise<AuthorProfileTable | undefined> {
    return db
      .selectFrom('author_profiles')
      .selectAll()
      .where('user_id', '=', person.userId)
      .where('client_id', '=', person.clientId)
      .executeTakeFirst();
  }

  /** Writes part of a person's profile row, making the row on the first save. */
  async #patchProfile(db: Db | Tx, person: Person, patch: Partial<AuthorProfileTable>): Promise<void> {
    const now = Date.now();
    const done = await db
      .updateTable('author_profiles')
      .set({ ...patch, updated_at: now })
      .where('user_id', '=', person.userId)
      .where('client_id', '=', person.clientId)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) return;
    await db
      .insertInto('author_profiles')
      .values({
        user_id: person.userId,
        client_id: person.clientId,
        qq_enc: null,
        email_enc: null,
        wx_no_enc: null,
        emergency_name_enc: null,
        relationship: null,
        relationship_phone_enc: null,
        province_code: null,
        city_code: null,
        address_enc: null,
        id_type: null,
        doc_enc: null,
        doc_hash: null,
        birth_date: null,
        id_photo_front: null,
        id_photo_back: null,
        identity_at: null,
        ...patch,
        updated_at: now,
      })
      .execute();
  }

  // ---------------------------------------------------------------------------------------------
  // Basic data

  /**
   * The owner's basic data. The contact values in full are grouped in `contact`, which the route
   * sends `rules`-encrypted as one field (one encryption per reply, not one per value); the phones
   * are also given masked for display.
   */
  async basicData(person: Person) {
    const [account, user, p] = await Promise.all([
      this.#db
        .selectFrom('accounts')
        .select(['pen_name', 'avatar', 'phone_enc'])
        .where('id', '=', person.accountId)
        .where('client_id', '=', person.clientId)
        .executeTakeFirstOrThrow(),
      this.#db.selectFrom('users').select('phone_enc').where('id', '=', person.userId).executeTakeFirstOrThrow(),
      this.#profile(this.#db, person),
    ]);
    const place = p?.province_code && p.city_code ? placeOf(p.province_code, p.city_code) : null;
    const relationshipPhone = this.#open(p?.relationship_phone_enc);
    return {
      pen_name: account.pen_name,
      pen_name_next_change_at: await this.#penNameNextChange(this.#db, person, this.#penNameChangeDays(person)),
      avatar: account.avatar ?? '',
      phone: maskPhone(this.#open(account.phone_enc ?? user.phone_enc)),
      province: p?.province_code ?? '',
      city: p?.city_code ?? '',
      province_name: place?.province ?? '',
      city_name: place?.city ?? '',
      relationship: p?.relationship ?? '',
      relationship_phone_mask: maskPhone(relationshipPhone),
      contact: {
        qq: this.#open(p?.qq_enc),
        email: this.#open(p?.email_enc),
        wx_no: this.#open(p?.wx_no_enc),
        address: this.#open(p?.address_enc),
        emergency_name: this.#open(p?.emergency_name_enc),
        relationship_phone: relationshipPhone,
      },
    };
  }

  #penNameChangeDays(person: Person): number {
    return this.#ctx.brands.get(person.clientId).penNameChangeDays;
  }

  /** When the pen name may next change (null: now), by the brand's once-per-period rule (`penNameChangeDays`). */
  async #penNameNextChange(db: Db | Tx, person: Person, days: number): Promise<number | null> {
    const last = await db
      .selectFrom('pen_name_changes')
      .select('created_at')
      .where('client_id', '=', person.clientId)
      .where('account_id', '=', person.accountId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const next = last ? Number(last.created_at) + days * DAY_MS : null;
    return next !== null && next > Date.now() ? next : null;
  }

  /**
   * A new pen name: §5 text pattern, 2–12 characters, unique in the brand, at most once in the
   * brand's `penNameChangeDays`; every change is kept.
   */
  async changePenName(person: Person, raw: string) {
    const penName = raw.trim();
    const problem = penNameProblem(penName);
    if (problem) throw badInput('pen_name', problem);
    const taken = () =>
      conflictOn('pen_name', text('该笔名已被使用，请换一个', 'This pen name is taken; please choose another'));
    try {
      await inTransaction(this.#db, async (tx) => {
        const account = await tx
          .selectFrom('accounts')
          .select('pen_name')
          .where('id', '=', person.accountId)
          .where('client_id', '=', person.clientId)
          .executeTakeFirstOrThrow();
        if (account.pen_name === penName) {
          throw badInput('pen_name', text('新笔名与当前笔名相同', 'The new pen name is the same as the current one'));
        }
        const days = this.#penNameChangeDays(person);
        const next = await this.#penNameNextChange(tx, person, days);
        if (next !== null) {
          throw conflictOn(
            'pen_name',
            text(
              `笔名每${days}天只能修改一次，${shanghaiDate(next)}后可再次修改`,
              `A pen name can change once every ${days} days; next from ${shanghaiDate(next)}`,
            ),
          );
        }
        const other = await tx
          .selectFrom('accounts')
          .select('id')
          .where('client_id', '=', person.clientId)
          .where('pen_name', '=', penName)
          .executeTakeFirst();
        if (other) throw taken();
        const now = Date.now();
        await tx
          .updateTable('accounts')
          .set({ pen_name: penName, updated_at: now })
          .where('id', '=', person.accountId)
          .execute();
        await tx
          .insertInto('pen_name_changes')
          .values({
            client_id: person.clientId,
            account_id: person.accountId,
            old_pen_name: account.pen_name,
            new_pen_name: penName,
            created_at: now,
          })
          .execute();
      });
    } catch (error) {
      if (!(error instanceof AppError) && /unique|duplicate/i.test(String((error as Error).message))) throw taken();
      throw error;
    }
    return this.basicData(person);
  }

  /** An avatar: a JPEG, PNG or WebP image, re-encoded to a 256×256 JPEG (EXIF dropped) and stored. */
  async uploadAvatar(person: Person, data: Buffer) {
    await checkImageUpload(data);
    let jpeg: Buffer;
    try {
      jpeg = await sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(256, 256, { fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch {
      throw badInput(
        'file',
        text(
          '无法识别的图片，请上传 JPG、PNG 或 WebP 图片',
          'This image cannot be read; please upload a JPG, PNG or WebP image',
        ),
      );
    }
    const key = `avatars/${person.clientId}/${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.jpg`;
    const stored = await this.#ctx.storage.put(key, jpeg, 'image/jpeg');
    await this.#db
      .updateTable('accounts')
      .set({ avatar: stored.url, updated_at: Date.now() })
      .where('id', '=', person.accountId)
      .where('client_id', '=', person.clientId)
      .execute();
    return { avatar: stored.url };
  }

  async saveBasicData(person: Person, input: BasicDataInput) {
    const qq = (input.qq ?? '').trim();
    const email = (input.email ?? '').trim();
    const wx = (input.wx_no ?? '').trim();
    const address = (input.address ?? '').trim();
    const province = (input.province ?? '').trim();
    const city = (input.city ?? '').trim();
    if (qq && !QQ_PATTERN.test(qq)) throw badInput('qq', text('请输入正确的QQ号', 'Please enter a correct QQ number'));
    if (email && !EMAIL_PATTERN.test(email)) {
      throw badInput('email', text('请输入正确的邮箱地址', 'Please enter a correct email address'));
    }
    if (wx && !WECHAT_PATTERN.test(wx))
      throw badInput('wx_no', text('请输入正确的微信号', 'Please enter a correct WeChat ID'));
    if ((province || city) && !placeOf(province, city)) {
      throw badInput('city', text('请选择所在省份和城市', 'Please choose your province and city'));
    }
    if (chars(address) > ADDRESS_MAX) {
      throw badInput(
        'address',
        text(`地址最多${ADDRESS_MAX}个字`, `The address may have at most ${ADDRESS_MAX} characters`),
      );
    }
    const seal = (v: string) => this.#ctx.personalData.sealOrNull(v);
    await this.#patchProfile(this.#db, person, {
      qq_enc: seal(qq),
      email_enc: seal(email),
      wx_no_enc: seal(wx),
      province_code: province || null,
      city_code: city || null,
      address_enc: seal(address),
    });
    return this.basicData(person);
  }

  async updateRelationship(person: Person, input: RelationshipInput) {
    const name = input.emergency_name.trim();
    const phone = input.relationship_phone.trim();
    if (!isRealName(name)) throw badInput('emergency_name', REAL_NAME_MESSAGE);
    if (!(RELATIONSHIPS as readonly string[]).includes(input.relationship)) {
      throw badInput(
        'relationship',
        text('请选择与紧急联系人的关系', 'Please choose your relationship with the contact'),
      );
    }
    if (!isMobile(phone)) throw badInput('relationship_phone', PHONE_MESSAGE);
    await this.#patchProfile(this.#db, person, {
      emergency_name_enc: this.#ctx.personalData.seal(name),
      relationship: input.relationship,
      relationship_phone_enc: this.#ctx.personalData.seal(phone),
    });
    return this.basicData(person);
  }

  // ---------------------------------------------------------------------------------------------
  // Identity

  /**
   * The person's identity: masked for display; `real_name` and `id_number` in full are sent to the
   * owner `rules`-encrypted. Verified means a real name and a document on file (quick register
   * leaves a national ID; this page adds permits and passports).
   */
  async identity(person: Person) {
    const [user, p] = await Promise.all([
      this.#db
        .selectFrom('users')
        .select(['real_name_enc', 'id_card_enc'])
        .where('id', '=', person.userId)
        .where('client_id', '=', person.clientId)
        .executeTakeFirstOrThrow(),
      this.#profile(this.#db, person),
    ]);
    const realName = this.#open(user.real_name_enc);
    const idType: IdDocType = p?.id_type ?? 'id_card';
    const number = idType === 'id_card' ? this.#open(user.id_card_enc) : this.#open(p?.doc_enc);
    const birth = p?.birth_date ?? (idType === 'id_card' && number ? (idCardBirthDate(number) ?? null) : null);
    return {
      id_type: idType,
      verified: Boolean(realName && number),
      real_name: realName,
      real_name_mask: maskName(realName),
      id_number: number,
      id_number_mask: idType === 'id_card' ? maskIdCard(number) : maskMiddle(number, 1, 2),
      adult: birth ? ageOn(birth) >= ADULT_AGE : null,
      photo_front: Boolean(p?.id_photo_front),
      photo_back: Boolean(p?.id_photo_back),
    };
  }

  async saveIdentity(person: Person, input: IdentityInput, now = Date.now()) {
    const realName = input.real_name.trim();
    if (!isRealName(realName)) throw badInput('real_name', REAL_NAME_MESSAGE);
    await this.#refuseWhileContracted(person);
    try {
      return await this.#saveIdentity(person, input, realName, now);
    } catch (error) {
      // Two saves of the same ID at once both pass the check above; the unique index
      // users_id_card_unique (migration 202612130002) refuses the second.
      if (isIdCardUniqueViolation(error)) throw idTaken('id_card');
      throw error;
    }
  }

  async #saveIdentity(person: Person, input: IdentityInput, realName: string, now: number) {
    const { personalData } = this.#ctx;
    return inTransaction(this.#db, async (tx) => {
      if (input.id_type === 'id_card') {
        const idCard = (input.id_card ?? '').trim().toUpperCase();
        if (!isIdCard(idCard, now)) throw badInput('id_card', ID_CARD_MESSAGE);
        const birth = idCardBirthDate(idCard)!;
        if (ageOn(birth, now) < ADULT_AGE) throw underage();
        const hash = personalData.index('id_card', idCard);
        const other = await tx
          .selectFrom('users')
          .select('id')
          .where('client_id', '=', person.clientId)
          .where('id_card_hash', '=', hash)
          .where('id', '!=', person.userId)
          .executeTakeFirst();
        if (other) throw idTaken('id_card');
        await tx
          .updateTable('users')
          .set({
            real_name_enc: personalData.seal(realName),
            id_card_enc: personalData.seal(idCard),
            id_card_hash: hash,
            updated_at: now,
          })
          .where('id', '=', person.userId)
          .where('client_id', '=', person.clientId)
          .execute();
        await this.#patchProfile(tx, person, {
          id_type: 'id_card',
          doc_enc: null,
          doc_hash: null,
          birth_date: birth,
          identity_at: now,
        });
      } else {
        const field = input.id_type === 'hmt_card' ? 'hmt_card' : 'passport';
        const doc = (input[field] ?? '').trim().toUpperCase();
        const problem = idDocumentProblem(field, doc);
        if (problem) throw badInput(field, problem);
        const birth = (input.birth_date ?? '').trim();
        if (!/^\d{4}-\d{2}-\d{2}$/.test(birth) || Number.isNaN(Date.parse(birth)) || birth < '1900-01-01') {
          throw badInput('birth_date', text('请选择出生日期', 'Please choose your date of birth'));
        }
        if (ageOn(birth, now) < ADULT_AGE) throw underage();
        const hash = personalData.index(field, doc);
        const other = await tx
          .selectFrom('author_profiles')
          .select('user_id')
          .where('client_id', '=', person.clientId)
          .where('id_type', '=', input.id_type)
          .where('doc_hash', '=', hash)
          .where('user_id', '!=', person.userId)
          .executeTakeFirst();
        if (other) throw idTaken(field);
        await tx
          .updateTable('users')
          .set({ real_name_enc: personalData.seal(realName), id_card_enc: null, id_card_hash: null, updated_at: now })
          .where('id', '=', person.userId)
          .where('client_id', '=', person.clientId)
          .execute();
        await this.#patchProfile(tx, person, {
          id_type: input.id_type,
          doc_enc: personalData.seal(doc),
          doc_hash: hash,
          birth_date: birth,
          identity_at: now,
        });
      }
      return true;
    });
  }

  /** Identity and bank data printed on a contract under review or signed cannot change under it. */
  async #refuseWhileContracted(person: Person) {
    const busy = await this.#db
      .selectFrom('contracts')
      .select('id')
      .where('client_id', '=', person.clientId)
      .where('user_id', '=', person.userId)
      .where('status', '=', 'reviewing')
      .executeTakeFirst();
    if (busy) {
      throw conflict(
        text(
          '您有签约申请正在审核中，审核结束后才能修改身份信息',
          'A sign application of yours is under review; you can change your identity after it is decided',
        ),
      );
    }
  }

  /**
   * An ID photo: re-encoded (any common image → JPEG, at most 1600 px, EXIF dropped), stamped with
   * a watermark saying what it may be used for, sealed and stored (upload-water-image).
   */
  async uploadIdPhoto(person: Person, side: 'front' | 'back', data: Buffer, brandName: string) {
    const jpeg = await watermarked(data, `仅限${brandName}作者实名认证及签约使用`);
    const key = await putSealedFile(this.#ctx, 'id-photos', person.clientId, jpeg);
    const before = await this.#profile(this.#db, person);
    await this.#patchProfile(this.#db, person, side === 'front' ? { id_photo_front: key } : { id_photo_back: key });
    const old = side === 'front' ? before?.id_photo_front : before?.id_photo_back;
    await deleteSealedFile(this.#ctx, old);
    return { side, uploaded: true };
  }

  /** The owner's own watermarked ID photo. */
  async idPhoto(person: Person, side: 'front' | 'back'): Promise<Buffer> {
    const p = await this.#profile(this.#db, person);
    const key = side === 'front' ? p?.id_photo_front : p?.id_photo_back;
    const data = key ? await getSealedFile(this.#ctx, key) : null;
    if (!data) throw notFound(text('尚未上传证件照片', 'No ID photo uploaded yet'));
    return data;
  }

  // ---------------------------------------------------------------------------------------------
  // Bank card

  #cardView(row: Omit<BankCardTable, 'id'> & { id: number }) {
    const bankPhone = this.#open(row.bank_phone_enc);
    return {
      id: row.id,
      status: row.status,
      bank_num: this.#open(row.bank_num_enc),
      bank_num_mask: row.bank_num_mask,
      account_name: maskName(this.#open(row.account_name_enc)),
      bank_name: row.bank_name,
      bank_branch: row.bank_branch,
      bank_phone: maskPhone(bankPhone),
      reason: row.reason ?? '',
      review_reason: row.review_reason ?? '',
      created_at: row.created_at,
      reviewed_at: row.reviewed_at,
    };
  }

  async #cards(db: Db | Tx, person: Person) {
    return (await db
      .selectFrom('bank_cards')
      .selectAll()
      .where('client_id', '=', person.clientId)
      .where('user_id', '=', person.userId)
      .orderBy('id', 'desc')
      .execute()) as Array<Omit<BankCardTable, 'id'> & { id: number }>;
  }

  /**
   * The bound card (bank_num in full only for `rules` encryption), a change in progress, if any, and
   * the latest change an editor refused with the editor's reason (masked), while nothing newer
   * (another change, an approval) has followed it.
   */
  async bankCard(person: Person) {
    const cards = await this.#cards(this.#db, person);
    const active = cards.find((c) => c.status === 'active');
    const change = cards.find((c) => c.status === 'pending' || c.status === 'draft');
    const latest = cards[0];
    let refusedChange = null;
    if (latest?.status === 'refused') {
      const { bank_num: _full, ...masked } = this.#cardView(latest);
      refusedChange = masked;
    }
    return {
      bound: Boolean(active),
      card: active ? this.#cardView(active) : null,
      change: change ? this.#cardView(change) : null,
      refused_change: refusedChange,
    };
  }

  /** Every version of the person's card, newest first (the bank card log); numbers masked. */
  async bankCardLog(person: Person) {
    const cards = await this.#cards(this.#db, person);
    return cards.map((c) => {
      const { bank_num: _full, ...masked } = this.#cardView(c);
      return masked;
    });
  }

  /** Checks a card's fields (§5) against the verified real name: a card must be the author's own. */
  async #checkCard(person: Person, input: BankCardInput) {
    const bankNum = input.bank_num.replace(/\s+/g, '');
    if (!isBankCard(bankNum)) throw badInput('bank_num', BANK_CARD_MESSAGE);
    const accountName = input.account_name.trim();
    if (!isRealName(accountName)) throw badInput('account_name', REAL_NAME_MESSAGE);
    const identity = await this.identity(person);
    if (!identity.verified) {
      throw new AppError(
        ErrorCode.signConditionNotMet,
        text('请先完成实名认证，再绑定银行卡', 'Please verify your identity before binding a bank card'),
        { field: 'account_name' },
      );
    }
    if (identity.real_name !== accountName) {
      throw badInput(
        'account_name',
        text('开户名需与实名认证的姓名一致', 'The account name must match your verified real name'),
      );
    }
    const bankName = input.bank_name.trim();
    const branch = input.bank_branch.trim();
    if (!bankName || chars(bankName) > BANK_TEXT_MAX) {
      throw badInput('bank_name', text('请填写开户银行', 'Please enter the bank'));
    }
    if (!branch || chars(branch) > BANK_TEXT_MAX) {
      throw badInput('bank_branch', text('请填写开户支行', 'Please enter the branch'));
    }
    const bankPhone = input.bank_phone.trim();
    if (!isMobile(bankPhone)) throw badInput('bank_phone', PHONE_MESSAGE);
    const { personalData } = this.#ctx;
    return {
      bank_num_enc: personalData.seal(bankNum),
      bank_num_mask: maskBankCard(bankNum),
      account_name_enc: personalData.seal(accountName),
      bank_name: bankName,
      bank_branch: branch,
      bank_phone_enc: personalData.seal(bankPhone),
    };
  }

  /** Binds the first card. A bound card changes only through author-change-card (reviewed). */
  async bindCard(person: Person, input: BankCardInput) {
    const values = await this.#checkCard(person, input);
    const now = Date.now();
    try {
      await inTransaction(this.#db, async (tx) => {
        const cards = await this.#cards(tx, person);
        if (cards.some((c) => c.status === 'active')) throw alreadyBound();
        await tx
          .insertInto('bank_cards')
          .values({
            client_id: person.clientId,
            user_id: person.userId,
            status: 'active',
            ...values,
            reason: null,
            review_reason: null,
            reviewer_account_id: null,
            reviewed_at: null,
            state_key: `active:${person.userId}`,
            created_at: now,
            updated_at: now,
          })
          .execute();
      });
    } catch (error) {
      if (!(error instanceof AppError) && /unique|duplicate/i.test(String((error as Error).message)))
        throw alreadyBound();
      throw error;
    }
    return this.bankCard(person);
  }

  /** author-change-card/save-info: the new card and the reason, kept as a draft until commit. */
  async saveCardChange(person: Person, input: BankCardInput & { reason: string }) {
    const reason = input.reason.trim();
    if (!reason || chars(reason) > REASON_MAX) {
      throw badInput(
        'reason',
        text(`请填写更换原因（${REASON_MAX}字以内）`, `Please give the reason (at most ${REASON_MAX} characters)`),
      );
    }
    const values = await this.#checkCard(person, input);
    const now = Date.now();
    await inTransaction(this.#db, async (tx) => {
      const cards = await this.#cards(tx, person);
      if (!cards.some((c) => c.status === 'active')) {
        throw conflict(text('您还没有绑定银行卡，请直接绑定', 'You have no bound card yet; bind one directly'));
      }
      const open = cards.find((c) => c.status === 'pending' || c.status === 'draft');
      if (open?.status === 'pending') throw changeUnderReview();
      if (open) {
        await tx
          .updateTable('bank_cards')
          .set({ ...values, reason, updated_at: now })
          .where('id', '=', open.id)
          .execute();
      } else {
        await tx
          .insertInto('bank_cards')
          .values({
            client_id: person.clientId,
            user_id: person.userId,
            status: 'draft',
            ...values,
            reason,
            review_reason: null,
            reviewer_account_id: null,
            reviewed_at: null,
            state_key: `change:${person.userId}`,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    });
    return this.bankCard(person);
  }

  /** author-change-card/commit: the saved change goes to an editor's review. */
  async commitCardChange(person: Person) {
    const done = await this.#db
      .updateTable('bank_cards')
      .set({ status: 'pending', updated_at: Date.now() })
      .where('client_id', '=', person.clientId)
      .where('user_id', '=', person.userId)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      const cards = await this.#cards(this.#db, person);
      if (cards.some((c) => c.status === 'pending')) throw changeUnderReview();
      throw badInput('bank_num', text('请先填写新的银行卡信息', 'Please fill in the new card first'));
    }
    return this.bankCard(person);
  }

  /**
   * An editor's decision on a committed card change: approved, the new card becomes the bound one
   * and the old one is kept as superseded; refused, the author sees why. Audited, numbers masked.
   */
  async reviewCardChange(request: FastifyRequest, id: number, decision: 'approve' | 'refuse', reason: string) {
    const staff = staffOf(request);
    const why = reason.trim();
    if (decision === 'refuse' && !why) {
      throw badInput('reason', text('请填写未通过的原因', 'Please give the reason for refusing'));
    }
    if (chars(why) > REASON_MAX) {
      throw badInput('reason', text(`原因最多${REASON_MAX}字`, `The reason may have at most ${REASON_MAX} characters`));
    }
    const now = Date.now();
    return inTransaction(this.#db, async (tx) => {
      const change = await tx
        .selectFrom('bank_cards')
        .selectAll()
        .where('id', '=', id)
        .where('client_id', '=', staff.clientId)
        .executeTakeFirst();
      if (!change) throw notFound(text('换卡申请不存在', 'The card change does not exist'));
      if (change.status !== 'pending') throw conflict(text('该换卡申请已处理', 'This card change was already decided'));
      const old = await tx
        .selectFrom('bank_cards')
        .selectAll()
        .where('client_id', '=', staff.clientId)
        .where('user_id', '=', change.user_id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      const review = {
        review_reason: why || null,
        reviewer_account_id: staff.accountId,
        reviewed_at: now,
        updated_at: now,
      };
      if (decision === 'approve') {
        if (old) {
          await tx
            .updateTable('bank_cards')
            .set({ status: 'superseded', state_key: null, updated_at: now })
            .where('id', '=', old.id)
            .execute();
        }
        await tx
          .updateTable('bank_cards')
          .set({ ...review, status: 'active', state_key: `active:${change.user_id}` })
          .where('id', '=', change.id)
          .execute();
      } else {
        await tx
          .updateTable('bank_cards')
          .set({ ...review, status: 'refused', state_key: null })
          .where('id', '=', change.id)
          .execute();
      }
      await recordAudit(tx, request, {
        action: decision === 'approve' ? 'bank_card.approve' : 'bank_card.refuse',
        targetType: 'bank_card',
        targetId: Number(change.id),
        summary: `${decision === 'approve' ? '通过' : '退回'}换卡申请（${change.bank_num_mask}）`,
        reason: why || null,
        before: { bound: old?.bank_num_mask ?? null, status: 'pending' },
        after: {
          bound: decision === 'approve' ? change.bank_num_mask : (old?.bank_num_mask ?? null),
          status: decision === 'approve' ? 'active' : 'refused',
        },
      });
      return { id: Number(change.id), status: decision === 'approve' ? 'active' : 'refused' };
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Delivery addresses

  async addresses(person: Person) {
    const rows = await this.#db
      .selectFrom('delivery_addresses')
      .selectAll()
      .where('client_id', '=', person.clientId)
      .where('user_id', '=', person.userId)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => {
      const place = placeOf(r.province_code, r.city_code);
      const phone = this.#open(r.phone_enc);
      return {
        id: Number(r.id),
        name: this.#open(r.name_enc),
        phone,
        phone_mask: maskPhone(phone),
        province: r.province_code,
        city: r.city_code,
        province_name: place?.province ?? '',
        city_name: place?.city ?? '',
        address: this.#open(r.address_enc),
        is_default: r.is_default === 1,
      };
    });
  }

  async saveAddress(person: Person, input: AddressInput) {
    const name = input.name.trim();
    const phone = input.phone.trim();
    const address = input.address.trim();
    if (!name || chars(name) > 20) throw badInput('name', text('请填写收件人', 'Please enter the recipient'));
    if (!isMobile(phone)) throw badInput('phone', PHONE_MESSAGE);
    if (!placeOf(input.province, input.city)) {
      throw badInput('city', text('请选择所在省份和城市', 'Please choose the province and city'));
    }
    if (!address || chars(address) > ADDRESS_MAX) {
      throw badInput('address', text('请填写详细地址', 'Please enter the street address'));
    }
    const { personalData } = this.#ctx;
    const now = Date.now();
    const values = {
      name_enc: personalData.seal(name),
      phone_enc: personalData.seal(phone),
      province_code: input.province,
      city_code: input.city,
      address_enc: personalData.seal(address),
      updated_at: now,
    };
    await inTransaction(this.#db, async (tx) => {
      const mine = tx
        .updateTable('delivery_addresses')
        .where('client_id', '=', person.clientId)
        .where('user_id', '=', person.userId);
      const count = await tx
        .selectFrom('delivery_addresses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', person.clientId)
        .where('user_id', '=', person.userId)
        .executeTakeFirstOrThrow();
      // The first address is the default; making another the default unsets the old one.
      const makeDefault = input.is_default === true || Number(count.n) === 0;
      if (makeDefault) await mine.set({ is_default: 0 }).execute();
      if (input.id) {
        const done = await mine
          .set({ ...values, ...(makeDefault ? { is_default: 1 } : {}) })
          .where('id', '=', input.id)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) throw addressNotFound();
      } else {
        if (Number(count.n) >= 20) throw badInput('address', text('收货地址最多20个', 'At most 20 addresses'));
        await tx
          .insertInto('delivery_addresses')
          .values({
            client_id: person.clientId,
            user_id: person.userId,
            ...values,
            is_default: makeDefault ? 1 : 0,
            created_at: now,
          })
          .execute();
      }
    });
    return this.addresses(person);
  }

  async deleteAddress(person: Person, id: number) {
    await inTransaction(this.#db, async (tx) => {
      const row = await tx
        .selectFrom('delivery_addresses')
        .select(['id', 'is_default'])
        .where('id', '=', id)
        .where('client_id', '=', person.clientId)
        .where('user_id', '=', person.userId)
        .executeTakeFirst();
      if (!row) throw addressNotFound();
      await tx.deleteFrom('delivery_addresses').where('id', '=', row.id).execute();
      if (row.is_default === 1) {
        const next = await tx
          .selectFrom('delivery_addresses')
          .select('id')
          .where('client_id', '=', person.clientId)
          .where('user_id', '=', person.userId)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (next) await tx.updateTable('delivery_addresses').set({ is_default: 1 }).where('id', '=', next.id).execute();
      }
    });
    return this.addresses(person);
  }
}

const idTaken = (field: string) =>
  new AppError(
    ErrorCode.idCardTaken,
    text(
      '该证件已被本平台的其他作者认证，同一证件只能认证一位作者，如有疑问请联系责任编辑',
      'This document is already verified for another author of this platform; one document verifies one author',
    ),
    { field },
  );

/** The database refused a second user with the same national ID in a brand (SQLite or PostgreSQL wording). */
export function isIdCardUniqueViolation(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const message = String((error as Error)?.message ?? '');
  return /users_id_card_unique|UNIQUE constraint failed: users\.client_id, users\.id_card_hash/.test(message);
}

const alreadyBound = () =>
  conflict(text('您已绑定银行卡，如需更换请提交换卡申请', 'You already have a bound card; apply to change it'));

const changeUnderReview = () =>
  conflict(text('您的换卡申请正在审核中，请耐心等待', 'Your card change is under review; please wait for the result'));

const addressNotFound = () => notFound(text('收货地址不存在或已删除', 'The address does not exist or was deleted'));

/** Re-encodes an uploaded photo and stamps a repeated diagonal watermark across it. */
/** A bound bank card as the author may see it: the bank, the masked number and the masked holder name. */
export interface PayeeCardMask {
  bank_name: string;
  bank_num_mask: string;
  holder_mask: string;
}

/** A pen name's bound bank card in full, for the brand's finance team (the payout file), with its masks. */
export interface PayeeCard extends PayeeCardMask {
  account_name: string;
  bank_branch: string;
  bank_num: string;
}

/**
 * The bound (active) bank card of each pen name's person, opened — only for the payout file an admin
 * downloads (audited there). Pen names without a bound card are absent.
 */
export async function payeeCardsOf(
  ctx: AppContext,
  clientId: number,
  accountIds: number[],
): Promise<Map<number, PayeeCard>> {
  const cards = new Map<number, PayeeCard>();
  for (let i = 0; i < accountIds.length; i += 500) {
    const rows = await ctx.db
      .selectFrom('accounts')
      .innerJoin('bank_cards', 'bank_cards.user_id', 'accounts.user_id')
      .select([
        'accounts.id as account_id',
        'bank_cards.account_name_enc',
        'bank_cards.bank_name',
        'bank_cards.bank_branch',
        'bank_cards.bank_num_enc',
        'bank_cards.bank_num_mask',
      ])
      .where('accounts.id', 'in', accountIds.slice(i, i + 500))
      .where('accounts.client_id', '=', clientId)
      .where('bank_cards.client_id', '=', clientId)
      .where('bank_cards.status', '=', 'active')
      .execute();
    for (const r of rows) {
      const accountName = ctx.personalData.openOrNull(r.account_name_enc) ?? '';
      cards.set(r.account_id, {
        account_name: accountName,
        holder_mask: maskName(accountName),
        bank_name: r.bank_name,
        bank_branch: r.bank_branch,
        bank_num: ctx.personalData.openOrNull(r.bank_num_enc) ?? '',
        bank_num_mask: r.bank_num_mask,
      });
    }
  }
  return cards;
}

/**
 * The bound (active) bank card each pen name's royalties are paid to, masked (never the full number):
 * for the statement an author reads and the record of the card a statement was paid to (`db`: the
 * caller's transaction when there is one). Pen names without a bound card are absent.
 */
export async function payeeCardMasksOf(
  ctx: AppContext,
  clientId: number,
  accountIds: number[],
  db: Db | Tx = ctx.db,
): Promise<Map<number, PayeeCardMask>> {
  const cards = new Map<number, PayeeCardMask>();
  for (let i = 0; i < accountIds.length; i += 500) {
    const rows = await db
      .selectFrom('accounts')
      .innerJoin('bank_cards', 'bank_cards.user_id', 'accounts.user_id')
      .select([
        'accounts.id as account_id',
        'bank_cards.account_name_enc',
        'bank_cards.bank_name',
        'bank_cards.bank_num_mask',
      ])
      .where('accounts.id', 'in', accountIds.slice(i, i + 500))
      .where('accounts.client_id', '=', clientId)
      .where('bank_cards.client_id', '=', clientId)
      .where('bank_cards.status', '=', 'active')
      .execute();
    for (const r of rows)
      cards.set(r.account_id, {
        bank_name: r.bank_name,
        bank_num_mask: r.bank_num_mask,
        holder_mask: maskName(ctx.personalData.openOrNull(r.account_name_enc)),
      });
  }
  return cards;
}

/** The image formats an avatar or an ID photo may come in, told by content (sharp), not by name or header. */
export const IMAGE_UPLOAD_FORMATS = ['jpeg', 'png', 'webp'] as const;

const UNSUPPORTED_IMAGE = () =>
  badInput(
    'file',
    text(
      '仅支持 JPG、PNG 或 WebP 格式的图片，请重新上传',
      'Only JPG, PNG or WebP images are accepted; please upload another image',
    ),
  );

/**
 * An uploaded avatar or ID photo: at most 5 MB, and a JPEG, PNG or WebP by its content (an SVG, a
 * GIF, a HEIC or anything else is refused with that message before it is decoded further).
 */
export async function checkImageUpload(data: Buffer): Promise<void> {
  if (data.length === 0 || data.length > PERSONAL_UPLOAD_LIMITS.imageMaxBytes) {
    throw badInput('file', text('图片需小于5MB', 'The image must be under 5 MB'));
  }
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw UNSUPPORTED_IMAGE();
  }
  if (!(IMAGE_UPLOAD_FORMATS as readonly string[]).includes(format ?? '')) throw UNSUPPORTED_IMAGE();
}

export async function watermarked(data: Buffer, mark: string): Promise<Buffer> {
  await checkImageUpload(data);
  try {
    const base = await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toBuffer({ resolveWithObject: true });
    const { width, height } = base.info;
    const escaped = mark.replace(/[<>&'"]/g, '');
    const rows: string[] = [];
    for (let y = 0; y < height + width; y += 120) {
      rows.push(
        `<text x="${-width}" y="${y}" font-size="28" fill="rgba(200,0,0,0.35)" font-family="Noto Sans CJK SC, sans-serif">${`${escaped}　`.repeat(8)}</text>`,
      );
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g transform="rotate(-30 ${width / 2} ${height / 2})">${rows.join('')}</g></svg>`;
    return await sharp(base.data)
      .composite([{ input: Buffer.from(svg) }])
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw badInput(
      'file',
      text(
        '无法识别的图片，请上传 JPG、PNG 或 WebP 图片',
        'This image cannot be read; please upload a JPG, PNG or WebP image',
      ),
    );
  }
}

import { randomInt } from 'node:crypto';
import {
  type BrandSettings,
  CONTRACT_STATUS_LABELS,
  CONTRACT_TERM_OPTIONS,
  type ContractStatus,
  ErrorCode,
  EXPRESS_CARRIERS,
  maskBankCard,
  maskIdCard,
  PERSONAL_UPLOAD_LIMITS,
  SIGN_STEPS,
  type SignStep,
  shanghaiDate,
  signThresholdWords,
  UNDERAGE_MESSAGE,
} from '@author-centre/shared';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/http/console.ts';
import { AppError, badInput, conflict, type Localized, notFound } from '../../platform/http/errors.ts';
import { maskName } from '../auth/accounts.service.ts';
import { growthEvent } from '../growth/growth.service.ts';
import { sendMessage } from '../messages/messages.service.ts';
import {
  type AuditEvent,
  type ContractContent,
  normalizeSignature,
  renderContract,
  sealImage,
  sha256,
  stampAndSign,
} from './contract-pdf.ts';
import type { ContractTable } from './contracts.tables.ts';
import type { Person, PersonalInfoService } from './personal-info.service.ts';
import { platformCertificate } from './platform-certificate.ts';
import { placeOf } from './regions.ts';
import { deleteSealedFile, getSealedFile, putSealedFile } from './sealed-files.ts';

type ContractRow = Omit<ContractTable, 'id'> & { id: number };
type SignBrand = Pick<
  BrandSettings,
  | 'clientId'
  | 'applySignCondition'
  | 'shortStorySignCondition'
  | 'onlineSignSuccessText'
  | 'platformName'
  | 'clientName'
  | 'editorTitle'
>;

const text = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
const MY_CONTRACT_PATH = '/front/my-contract';
const ONLINE_SIGN_PATH = '/front/book-manage/online-sign';
const REASON_MAX = 500;
const SUPPLY_MAX = 500;
/** Verification codes: no 0/O, 1/I/L, so a code read aloud or retyped is not mistaken. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const KIND_LABELS: Record<string, string> = { novel: '长篇小说', short: '短篇故事', screenplay: '剧本' };
const ID_TYPE_LABELS: Record<string, string> = {
  id_card: '身份证',
  hmt_card: '港澳台居民来往内地通行证',
  passport: '护照',
};

const contractNotFound = () => notFound(text('合同不存在或已删除', 'The contract does not exist or was deleted'));
const locked = () =>
  new AppError(
    ErrorCode.contractLocked,
    text(
      '该签约申请已提交或已签署，不能再修改',
      'This application was submitted or signed and can no longer be changed',
    ),
    { httpStatus: 409 },
  );

export function newVerifyCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const contractNo = (row: { id: number; created_at: number }) =>
  `HT${shanghaiDate(row.created_at).replaceAll('-', '')}${String(row.id).padStart(6, '0')}`;

/** Who did something, as the audit trail keeps it. */
function requestTrace(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) };
}

/**
 * The key terms of a book's contract in force (signed, or signed and its paper copy sent), or
 * null: what monthly settlement (income, issue 13) shares and guarantees by.
 */
export interface SignedTerms {
  sharePermille: number;
  guaranteeFenPerMonth: number;
  termMonths: number;
  signedAt: number;
}

/**
 * The key terms of each book's contract in force (signed or paper sent; the latest signed one), for
 * the books given — or, without `bookIds`, for every book of the brand that has one. Monthly
 * settlement (the income module) pays by these.
 */
export async function signedTermsOfBooks(
  db: Db | Tx,
  clientId: number,
  bookIds?: number[],
): Promise<Map<number, SignedTerms>> {
  const terms = new Map<number, SignedTerms>();
  const chunks = bookIds
    ? Array.from({ length: Math.ceil(bookIds.length / 500) }, (_, i) => bookIds.slice(i * 500, i * 500 + 500))
    : [null];
  for (const chunk of chunks) {
    if (chunk?.length === 0) continue;
    let query = db
      .selectFrom('contracts')
      .select(['book_id', 'share_permille', 'guarantee_fen_per_month', 'term_months', 'signed_at'])
      .where('client_id', '=', clientId)
      .where('status', 'in', ['signed', 'paper_sent'])
      .where('signed_at', 'is not', null)
      .orderBy('signed_at', 'asc')
      .orderBy('id', 'asc');
    if (chunk) query = query.where('book_id', 'in', chunk);
    // Ascending, so the latest signed contract of a book is the one left in the map.
    for (const row of await query.execute())
      terms.set(row.book_id, {
        sharePermille: row.share_permille ?? 0,
        guaranteeFenPerMonth: row.guarantee_fen_per_month ?? 0,
        termMonths: row.term_months ?? 0,
        signedAt: row.signed_at ?? 0,
      });
  }
  return terms;
}

export async function signedTermsOf(db: Db | Tx, clientId: number, bookId: number): Promise<SignedTerms | null> {
  return (await signedTermsOfBooks(db, clientId, [bookId])).get(bookId) ?? null;
}

export class SignService {
  readonly #ctx: AppContext;
  readonly #people: PersonalInfoService;

  constructor(ctx: AppContext, people: PersonalInfoService) {
    this.#ctx = ctx;
    this.#people = people;
  }

  get #db(): Db {
    return this.#ctx.db;
  }

  async #book(person: Person, bookId: number) {
    const book = await this.#db
      .selectFrom('books')
      .select(['id', 'title', 'kind', 'published_words', 'pay_point_chapter_id', 'account_id'])
      .where('id', '=', bookId)
      .where('client_id', '=', person.clientId)
      .where('account_id', '=', person.accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!book) throw notFound(text('作品不存在或已删除', 'The book does not exist or was deleted'));
    return book;
  }

  /**
   * The brand's application condition (§1) for a book: its threshold of published characters;
   * a short story also needs the author's real name verified and a pay point set.
   */
  async condition(person: Person, bookId: number, brand: SignBrand) {
    const book = await this.#book(person, bookId);
    const threshold = signThresholdWords(book.kind, brand);
    const identity = await this.#people.identity(person);
    const needsExtra = book.kind === 'short';
    const wordsOk = book.published_words >= threshold;
    const realNameOk = identity.verified;
    const payPointOk = book.pay_point_chapter_id !== null;
    return {
      book: { id: book.id, title: book.title, kind: book.kind, published_words: book.published_words },
      threshold,
      condition_text: book.kind === 'short' ? String(brand.shortStorySignCondition) : brand.applySignCondition,
      words_missing: Math.max(0, threshold - book.published_words),
      words_ok: wordsOk,
      need_real_name: needsExtra,
      real_name_ok: realNameOk,
      need_pay_point: needsExtra,
      pay_point_ok: payPointOk,
      can_apply: wordsOk && (!needsExtra || (realNameOk && payPointOk)),
    };
  }

  async #contract(db: Db | Tx, person: Person, id: number): Promise<ContractRow> {
    const row = await db
      .selectFrom('contracts')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', person.clientId)
      .where('account_id', '=', person.accountId)
      .executeTakeFirst();
    if (!row) throw contractNotFound();
    return row as ContractRow;
  }

  /** An approved guarantee application for the book: its amount is the contract's guarantee. */
  async #approvedGuarantee(db: Db | Tx, clientId: number, bookId: number): Promise<number> {
    const row = await db
      .selectFrom('book_applications')
      .select('amount_fen')
      .where('client_id', '=', clientId)
      .where('book_id', '=', bookId)
      .where('kind', '=', 'guarantee')
      .where('status', '=', 'approved')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.amount_fen ?? 0;
  }

  /** What the author sees of an application or contract (no personal values: those are on their own pages). */
  view(row: ContractRow, brand: Pick<BrandSettings, 'onlineSignSuccessText'>) {
    const steps = JSON.parse(row.steps) as Record<string, unknown>;
    const carrier = EXPRESS_CARRIERS.find((c) => c.value === row.express_company);
    return {
      id: row.id,
      contract_no: contractNo(row),
      book_id: row.book_id,
      status: row.status,
      status_label: CONTRACT_STATUS_LABELS[row.status]['zh-CN'],
      step: row.step,
      steps,
      share_permille: row.share_permille,
      guarantee_fen_per_month: row.guarantee_fen_per_month,
      term_months: row.term_months,
      refuse_reason: row.refuse_reason ?? '',
      verify_code: row.status === 'signed' || row.status === 'paper_sent' ? row.verify_code : null,
      submitted_at: row.submitted_at,
      reviewed_at: row.reviewed_at,
      signed_at: row.signed_at,
      express_company: row.express_company,
      express_company_label: carrier?.label['zh-CN'] ?? '',
      express_no: row.express_no ?? '',
      express_at: row.express_at,
      can_download: Boolean(row.signed_pdf_key ?? row.pdf_key),
      success_text: row.status === 'reviewing' ? brand.onlineSignSuccessText : '',
    };
  }

  /** get-step: where the author stands for a book: the condition, the open application and the choices. */
  async getStep(person: Person, bookId: number, brand: SignBrand) {
    const condition = await this.condition(person, bookId, brand);
    const row = (await this.#db
      .selectFrom('contracts')
      .selectAll()
      .where('client_id', '=', person.clientId)
      .where('account_id', '=', person.accountId)
      .where('book_id', '=', bookId)
      .where('status', '!=', 'superseded')
      .orderBy('id', 'desc')
      .executeTakeFirst()) as ContractRow | undefined;
    return {
      condition,
      contract: row ? this.view(row, brand) : null,
      steps: SIGN_STEPS,
      options: {
        share_permille: CONTRACT_TERM_OPTIONS.sharePermille,
        term_months: CONTRACT_TERM_OPTIONS.termMonths,
        guarantee_fen_per_month: await this.#approvedGuarantee(this.#db, person.clientId, bookId),
      },
    };
  }

  /** apply-direct-sign: opens an application for a book that meets its brand's condition. */
  async apply(person: Person, bookId: number, brand: SignBrand) {
    const condition = await this.condition(person, bookId, brand);
    if (!condition.can_apply) {
      throw new AppError(
        ErrorCode.signConditionNotMet,
        !condition.words_ok
          ? text(
              `作品字数达到${condition.condition_text}即可申请签约，还差${condition.words_missing}字`,
              `The book can apply once it has ${condition.threshold} published characters; ${condition.words_missing} to go`,
            )
          : !condition.real_name_ok
            ? text('短篇签约需先完成实名认证', 'A short story needs your identity verified before signing')
            : text('短篇签约需先设置付费点', 'A short story needs a pay point before signing'),
        { httpStatus: 400, field: 'book_id' },
      );
    }
    const now = Date.now();
    try {
      const id = await inTransaction(this.#db, async (tx) => {
        const open = await tx
          .selectFrom('contracts')
          .select('id')
          .where('open_key', '=', `book:${bookId}`)
          .executeTakeFirst();
        if (open) return Number(open.id);
        const row = await tx
          .insertInto('contracts')
          .values({
            client_id: person.clientId,
            user_id: person.userId,
            account_id: person.accountId,
            book_id: bookId,
            status: 'applying',
            step: SIGN_STEPS[0],
            steps: '{}',
            share_permille: null,
            guarantee_fen_per_month: null,
            term_months: null,
            parties_enc: null,
            signature_key: null,
            pdf_key: null,
            signed_pdf_key: null,
            pdf_sha256: null,
            signed_sha256: null,
            verify_code: newVerifyCode(),
            audit: '[]',
            refuse_reason: null,
            reviewer_account_id: null,
            submitted_at: null,
            reviewed_at: null,
            signed_at: null,
            express_company: null,
            express_no: null,
            express_address_id: null,
            express_at: null,
            superseded_by: null,
            open_key: `book:${bookId}`,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      });
      return this.getStep(person, bookId, brand).then((s) => ({ ...s, contract_id: id }));
    } catch (error) {
      // Two tabs applying at once: the unique open key lets one in; the other sees it.
      if (!(error instanceof AppError) && /unique|duplicate/i.test(String((error as Error).message))) {
        return this.getStep(person, bookId, brand);
      }
      throw error;
    }
  }

  /**
   * Saves one step (author-id-info … author-supply-info). A step opens only once the ones before it
   * were saved; saving an earlier step again keeps what later steps hold.
   */
  async saveStep(person: Person, contractId: number, step: SignStep, input: Record<string, unknown>, brand: SignBrand) {
    const row = await this.#contract(this.#db, person, contractId);
    if (row.status !== 'applying') throw locked();
    const index = SIGN_STEPS.indexOf(step);
    if (index > SIGN_STEPS.indexOf(row.step as SignStep)) {
      throw badInput('step', text('请先完成前面的步骤', 'Please finish the previous steps first'));
    }
    const saved: Record<string, unknown> = {};
    const columns: Partial<Omit<ContractTable, 'id'>> = {};
    if (step === 'author-id-info') {
      const identity = await this.#people.identity(person);
      if (!identity.verified) {
        throw new AppError(
          ErrorCode.signConditionNotMet,
          text('请先在个人信息中完成实名认证', 'Please verify your identity in Personal information first'),
          { field: 'real_name' },
        );
      }
      if (identity.adult === false) throw new AppError(ErrorCode.underage, UNDERAGE_MESSAGE, { field: 'id_card' });
      saved.id_type = identity.id_type;
      saved.real_name_mask = identity.real_name_mask;
      saved.id_number_mask = identity.id_number_mask;
    } else if (step === 'author-bank-info') {
      const bank = await this.#people.bankCard(person);
      if (!bank.card) {
        throw new AppError(
          ErrorCode.signConditionNotMet,
          text('请先在个人信息中绑定银行卡', 'Please bind a bank card in Personal information first'),
          { field: 'bank_num' },
        );
      }
      saved.bank_card_id = bank.card.id;
      saved.bank_num_mask = bank.card.bank_num_mask;
      saved.bank_name = bank.card.bank_name;
    } else if (step === 'confirm-key-info') {
      const share = Number(input.share_permille);
      const term = Number(input.term_months);
      if (!(CONTRACT_TERM_OPTIONS.sharePermille as readonly number[]).includes(share)) {
        throw badInput('share_permille', text('请选择分成比例', 'Please choose the revenue share'));
      }
      if (!(CONTRACT_TERM_OPTIONS.termMonths as readonly number[]).includes(term)) {
        throw badInput('term_months', text('请选择授权期限', 'Please choose the term'));
      }
      if (input.confirmed !== true) {
        throw badInput('confirmed', text('请阅读并确认关键条款', 'Please read and confirm the key terms'));
      }
      columns.share_permille = share;
      columns.term_months = term;
      columns.guarantee_fen_per_month = await this.#approvedGuarantee(this.#db, person.clientId, row.book_id);
      saved.confirmed = true;
    } else if (step === 'author-supply-info') {
      const intro = String(input.intro ?? '').trim();
      if ([...intro].length > SUPPLY_MAX) {
        throw badInput(
          'intro',
          text(`补充说明最多${SUPPLY_MAX}字`, `The note may have at most ${SUPPLY_MAX} characters`),
        );
      }
      const addresses = await this.#people.addresses(person);
      const addressId = Number(input.delivery_address_id);
      const address = addresses.find((a) => a.id === addressId);
      if (!address) {
        throw badInput(
          'delivery_address_id',
          text('请选择纸质合同的收货地址', 'Please choose where the paper copy goes'),
        );
      }
      saved.intro = intro;
      saved.delivery_address_id = address.id;
    } else {
      throw badInput('step', text('未知的签约步骤', 'Unknown step'));
    }
    const steps = { ...JSON.parse(row.steps), [step]: saved };
    const next = SIGN_STEPS[Math.max(SIGN_STEPS.indexOf(row.step as SignStep), index + 1)];
    const done = await this.#db
      .updateTable('contracts')
      .set({ ...columns, steps: JSON.stringify(steps), step: next, updated_at: Date.now() })
      .where('id', '=', row.id)
      .where('status', '=', 'applying')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw locked();
    return this.view(await this.#contract(this.#db, person, contractId), brand);
  }

  /**
   * pre-confirm: the drawn signature arrives; the contract PDF is made with it and the application
   * goes to review. Returns the brand's success text (§1) with the application.
   */
  async submit(request: FastifyRequest, person: Person, contractId: number, signature: Buffer, brand: SignBrand) {
    const row = await this.#contract(this.#db, person, contractId);
    if (row.status !== 'applying') throw locked();
    if (row.step !== 'pre-confirm')
      throw badInput('step', text('请先完成前面的步骤', 'Please finish the previous steps first'));
    if (signature.length === 0 || signature.length > PERSONAL_UPLOAD_LIMITS.signatureMaxBytes) {
      throw badInput('signature', text('请在签名区手写签名', 'Please sign in the signature box'));
    }
    let png: Buffer;
    try {
      png = await normalizeSignature(signature);
    } catch {
      throw badInput('signature', text('请在签名区手写签名', 'Please sign in the signature box'));
    }
    const content = await this.#content(person, row, brand);
    const unsigned = await renderContract(content.printed, null);
    const pdf = await renderContract(content.printed, png);
    const pdfSha = sha256(pdf);
    const [signatureKey, pdfKey] = await Promise.all([
      putSealedFile(this.#ctx, 'signatures', person.clientId, png),
      putSealedFile(this.#ctx, 'contracts', person.clientId, Buffer.from(pdf)),
    ]);
    const now = Date.now();
    const account = await this.#db
      .selectFrom('accounts')
      .select('pen_name')
      .where('id', '=', person.accountId)
      .executeTakeFirstOrThrow();
    const event: AuditEvent = {
      action: 'author_signed',
      label: '作者手写签名并提交',
      actor: `作者 ${account.pen_name}`,
      at: now,
      ...requestTrace(request),
      before: sha256(unsigned),
      after: pdfSha,
    };
    const audit = [...JSON.parse(row.audit), event];
    const done = await this.#db
      .updateTable('contracts')
      .set({
        status: 'reviewing',
        parties_enc: this.#ctx.personalData.seal(JSON.stringify(content.parties)),
        signature_key: signatureKey,
        pdf_key: pdfKey,
        pdf_sha256: pdfSha,
        audit: JSON.stringify(audit),
        refuse_reason: null,
        submitted_at: now,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'applying')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      await Promise.all([deleteSealedFile(this.#ctx, signatureKey), deleteSealedFile(this.#ctx, pdfKey)]);
      throw locked();
    }
    for (const old of [row.signature_key, row.pdf_key]) await deleteSealedFile(this.#ctx, old);
    return {
      ...this.view(await this.#contract(this.#db, person, contractId), brand),
      success_text: brand.onlineSignSuccessText,
    };
  }

  /** What the contract prints, and the parties in full (sealed with the contract). */
  async #content(person: Person, row: ContractRow, brand: SignBrand) {
    const [identity, bank, addresses, book, account] = await Promise.all([
      this.#people.identity(person),
      this.#people.bankCard(person),
      this.#people.addresses(person),
      this.#db
        .selectFrom('books')
        .select(['id', 'title', 'kind', 'published_words'])
        .where('id', '=', row.book_id)
        .executeTakeFirstOrThrow(),
      this.#db.selectFrom('accounts').select('pen_name').where('id', '=', person.accountId).executeTakeFirstOrThrow(),
    ]);
    if (!identity.verified || !bank.card) {
      throw new AppError(
        ErrorCode.signConditionNotMet,
        text(
          '实名认证或银行卡信息缺失，请返回补充',
          'Identity or bank card is missing; please go back and complete it',
        ),
      );
    }
    const steps = JSON.parse(row.steps) as Record<string, Record<string, unknown>>;
    const address = addresses.find((a) => a.id === steps['author-supply-info']?.delivery_address_id);
    const printed: ContractContent = {
      contractNo: contractNo(row),
      verifyCode: row.verify_code!,
      platformName: brand.platformName,
      clientName: brand.clientName,
      editorTitle: brand.editorTitle,
      author: {
        realName: identity.real_name,
        idNumberMask: identity.id_number_mask,
        idTypeLabel: ID_TYPE_LABELS[identity.id_type],
        penName: account.pen_name,
        bankNumMask: bank.card.bank_num_mask,
        bankName: bank.card.bank_name,
        address: address ? `${address.province_name} ${address.city_name} ${address.address}` : '',
      },
      book: {
        id: book.id,
        title: book.title,
        kindLabel: KIND_LABELS[book.kind] ?? '作品',
        words: book.published_words,
      },
      terms: {
        sharePermille: row.share_permille ?? 0,
        guaranteeFenPerMonth: row.guarantee_fen_per_month ?? 0,
        termMonths: row.term_months ?? 0,
      },
      signedDate: shanghaiDate(Date.now()),
    };
    const parties = {
      real_name: identity.real_name,
      id_type: identity.id_type,
      id_number: identity.id_number,
      bank_card_id: bank.card.id,
      bank_num: bank.card.bank_num,
      bank_name: bank.card.bank_name,
      bank_branch: bank.card.bank_branch,
      delivery_address_id: address?.id ?? null,
    };
    return { printed, parties };
  }

  /** reapply: a refused application opens again, everything entered kept, from the first step. */
  async reapply(request: FastifyRequest, person: Person, contractId: number, brand: SignBrand) {
    const row = await this.#contract(this.#db, person, contractId);
    if (row.status !== 'refused') {
      throw conflict(text('只有未通过的申请可以重新申请', 'Only a refused application can be reapplied'));
    }
    const account = await this.#db
      .selectFrom('accounts')
      .select('pen_name')
      .where('id', '=', person.accountId)
      .executeTakeFirstOrThrow();
    const audit = [
      ...JSON.parse(row.audit),
      {
        action: 'reapplied',
        label: '作者重新申请',
        actor: `作者 ${account.pen_name}`,
        at: Date.now(),
        ...requestTrace(request),
      },
    ];
    await this.#db
      .updateTable('contracts')
      .set({ status: 'applying', step: SIGN_STEPS[0], audit: JSON.stringify(audit), updated_at: Date.now() })
      .where('id', '=', row.id)
      .where('status', '=', 'refused')
      .execute();
    return this.view(await this.#contract(this.#db, person, contractId), brand);
  }

  /** my-contract: every contract and application of the pen name, newest first, with its book. */
  async myContracts(person: Person, brand: SignBrand) {
    const rows = (await this.#db
      .selectFrom('contracts')
      .innerJoin('books', 'books.id', 'contracts.book_id')
      .selectAll('contracts')
      .select(['books.title as book_title'])
      .where('contracts.client_id', '=', person.clientId)
      .where('contracts.account_id', '=', person.accountId)
      .orderBy('contracts.id', 'desc')
      .execute()) as Array<ContractRow & { book_title: string }>;
    return { list: rows.map((r) => ({ ...this.view(r, brand), book_title: r.book_title })) };
  }

  /** The PDF the author may download: the signed one once signed, else the one submitted. */
  async download(person: Person, contractId: number) {
    const row = await this.#contract(this.#db, person, contractId);
    return this.#pdfOf(row);
  }

  async #pdfOf(row: ContractRow) {
    const key = row.signed_pdf_key ?? row.pdf_key;
    const data = key ? await getSealedFile(this.#ctx, key) : null;
    if (!data) throw notFound(text('合同文件尚未生成', 'The contract file is not made yet'));
    return { data, filename: `${contractNo(row)}${row.signed_pdf_key ? '' : '-draft'}.pdf` };
  }

  // ---------------------------------------------------------------------------------------------
  // Console

  async reviewDetail(clientId: number, id: number) {
    const row = await this.#db
      .selectFrom('contracts')
      .innerJoin('accounts', 'accounts.id', 'contracts.account_id')
      .innerJoin('books', 'books.id', 'contracts.book_id')
      .leftJoin('accounts as reviewer', 'reviewer.id', 'contracts.reviewer_account_id')
      .selectAll('contracts')
      .select([
        'accounts.pen_name',
        'books.title as book_title',
        'books.published_words',
        'reviewer.pen_name as reviewer_name',
      ])
      .where('contracts.id', '=', id)
      .where('contracts.client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw contractNotFound();
    const parties = row.parties_enc
      ? (JSON.parse(this.#ctx.personalData.open(row.parties_enc)) as {
          real_name: string;
          id_number: string;
          bank_num: string;
          bank_name: string;
          delivery_address_id: number | null;
        })
      : null;
    // Where the paper copy goes: the editor ships it, so the address is shown whole (it is the author's own choice for this).
    const address = parties?.delivery_address_id
      ? await this.#db
          .selectFrom('delivery_addresses')
          .selectAll()
          .where('id', '=', parties.delivery_address_id)
          .where('client_id', '=', clientId)
          .executeTakeFirst()
      : undefined;
    const open = (v: string) => this.#ctx.personalData.open(v);
    const place = address ? placeOf(address.province_code, address.city_code) : null;
    return {
      ...this.view(row as ContractRow, { onlineSignSuccessText: '' }),
      verify_code: row.verify_code,
      pen_name: row.pen_name,
      book_title: row.book_title,
      published_words: row.published_words,
      reviewer_name: row.reviewer_name,
      pdf_sha256: row.pdf_sha256,
      signed_sha256: row.signed_sha256,
      audit: JSON.parse(row.audit) as AuditEvent[],
      parties: parties
        ? {
            real_name: maskName(parties.real_name),
            id_number: maskIdCard(parties.id_number),
            bank_num: maskBankCard(parties.bank_num),
            bank_name: parties.bank_name,
          }
        : null,
      delivery: address
        ? {
            name: open(address.name_enc),
            phone: open(address.phone_enc),
            address: `${place?.province ?? ''} ${place?.city ?? ''} ${open(address.address_enc)}`,
          }
        : null,
    };
  }

  async staffPdf(clientId: number, id: number) {
    const row = await this.#db
      .selectFrom('contracts')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw contractNotFound();
    return this.#pdfOf(row as ContractRow);
  }

  async #staffName(request: FastifyRequest) {
    const staff = staffOf(request);
    const account = await this.#db
      .selectFrom('accounts')
      .select('pen_name')
      .where('id', '=', staff.accountId)
      .executeTakeFirstOrThrow();
    const brand = this.#ctx.brands.get(staff.clientId);
    return `${brand.editorTitle} ${account.pen_name}`;
  }

  /** Refuses an application under review with the reason the author reads and fixes by reapplying. */
  async refuse(request: FastifyRequest, id: number, reason: string) {
    const staff = staffOf(request);
    const why = reason.trim();
    if (!why) throw badInput('reason', text('请填写未通过的原因', 'Please give the reason for refusing'));
    if ([...why].length > REASON_MAX) {
      throw badInput('reason', text(`原因最多${REASON_MAX}字`, `The reason may have at most ${REASON_MAX} characters`));
    }
    const actor = await this.#staffName(request);
    const now = Date.now();
    const row = await inTransaction(this.#db, async (tx) => {
      const row = (await tx
        .selectFrom('contracts')
        .selectAll()
        .where('id', '=', id)
        .where('client_id', '=', staff.clientId)
        .executeTakeFirst()) as ContractRow | undefined;
      if (!row) throw contractNotFound();
      if (row.status !== 'reviewing') throw notUnderReview();
      const audit = [
        ...JSON.parse(row.audit),
        { action: 'refused', label: '审核未通过', actor, at: now, ...requestTrace(request), note: why },
      ];
      await tx
        .updateTable('contracts')
        .set({
          status: 'refused',
          refuse_reason: why,
          reviewer_account_id: staff.accountId,
          reviewed_at: now,
          audit: JSON.stringify(audit),
          updated_at: now,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'reviewing')
        .execute();
      await recordAudit(tx, request, {
        action: 'contract.refuse',
        targetType: 'contract',
        targetId: row.id,
        summary: `退回签约申请 ${contractNo(row)}`,
        reason: why,
        before: { status: 'reviewing' },
        after: { status: 'refused', refuse_reason: why },
      });
      return row;
    });
    await this.#tell(
      row,
      '签约申请未通过',
      `很抱歉，您的签约申请（${contractNo(row)}）未通过审核。\n\n意见：${why}\n\n请根据意见修改后重新申请。`,
      ONLINE_SIGN_PATH,
    );
    return this.reviewDetail(staff.clientId, id);
  }

  /**
   * Approval: the seal and the audit page are added, the PDF is signed with the platform's
   * certificate, and the contract is in force; an earlier signed contract of the book is superseded.
   */
  /** Approval; the editor's optional note is kept as the reason of the console's audit record. */
  async approve(request: FastifyRequest, id: number, reason = '') {
    const staff = staffOf(request);
    const why = reason.trim();
    if ([...why].length > REASON_MAX) {
      throw badInput('reason', text(`原因最多${REASON_MAX}字`, `The reason may have at most ${REASON_MAX} characters`));
    }
    const brand = this.#ctx.brands.get(staff.clientId);
    const actor = await this.#staffName(request);
    const row = (await this.#db
      .selectFrom('contracts')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', staff.clientId)
      .executeTakeFirst()) as ContractRow | undefined;
    if (!row) throw contractNotFound();
    if (row.status !== 'reviewing') throw notUnderReview();
    const submitted = await getSealedFile(this.#ctx, row.pdf_key!);
    if (!submitted) throw contractNotFound();
    const now = Date.now();
    const approval: AuditEvent = {
      action: 'approved',
      label: '编辑审核通过',
      actor,
      at: now,
      ...requestTrace(request),
    };
    const stampEvent: AuditEvent = {
      action: 'platform_signed',
      label: '平台加盖电子印章并数字签名',
      actor: `${brand.clientName}（平台）`,
      at: now,
      ...requestTrace(request),
      before: row.pdf_sha256!,
    };
    const certificate = await platformCertificate(this.#ctx);
    const { signed } = await stampAndSign(submitted, {
      contractNo: contractNo(row),
      verifyCode: row.verify_code!,
      clientName: brand.clientName,
      sealPng: await sealImage(brand.clientName),
      audit: [...JSON.parse(row.audit), approval, stampEvent],
      signedDate: shanghaiDate(now),
      certificate,
    });
    const signedSha = sha256(signed);
    const signedKey = await putSealedFile(this.#ctx, 'contracts', staff.clientId, signed);
    const audit = [...JSON.parse(row.audit), approval, { ...stampEvent, after: signedSha }];
    try {
      await inTransaction(this.#db, async (tx) => {
        const done = await tx
          .updateTable('contracts')
          .set({
            status: 'signed',
            signed_pdf_key: signedKey,
            signed_sha256: signedSha,
            audit: JSON.stringify(audit),
            reviewer_account_id: staff.accountId,
            reviewed_at: now,
            signed_at: now,
            open_key: null,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .where('status', '=', 'reviewing')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) throw notUnderReview();
        const older = await tx
          .selectFrom('contracts')
          .select('id')
          .where('client_id', '=', staff.clientId)
          .where('book_id', '=', row.book_id)
          .where('status', 'in', ['signed', 'paper_sent'])
          .where('id', '!=', row.id)
          .execute();
        if (older.length) {
          await tx
            .updateTable('contracts')
            .set({ status: 'superseded', superseded_by: row.id, updated_at: now })
            .where(
              'id',
              'in',
              older.map((o) => o.id),
            )
            .execute();
        }
        await tx
          .updateTable('accounts')
          .set({ sign_flag: 1, updated_at: now })
          .where('id', '=', row.account_id)
          .execute();
        // The first-signed-book badge and the signing growth value, at once rather than at night.
        await growthEvent(tx, staff.clientId, row.account_id, now);
        await recordAudit(tx, request, {
          action: 'contract.approve',
          targetType: 'contract',
          targetId: row.id,
          summary: `通过签约申请并盖章 ${contractNo(row)}`,
          reason: why || null,
          before: { status: 'reviewing', pdf_sha256: row.pdf_sha256 },
          after: { status: 'signed', signed_sha256: signedSha, superseded: older.map((o) => o.id) },
        });
      });
    } catch (error) {
      await deleteSealedFile(this.#ctx, signedKey);
      throw error;
    }
    await this.#tell(
      row,
      '签约成功',
      `恭喜！您的签约申请（${contractNo(row)}）已通过审核并完成盖章，可在“我的合同”中下载已签署的合同。`,
      MY_CONTRACT_PATH,
    );
    return this.reviewDetail(staff.clientId, id);
  }

  /** The paper copy went out: carrier (§3) and tracking number, to the author's chosen address. */
  async express(request: FastifyRequest, id: number, carrier: number, trackingNo: string) {
    const staff = staffOf(request);
    if (!EXPRESS_CARRIERS.some((c) => c.value === carrier)) {
      throw badInput('express_company', text('请选择快递公司', 'Please choose the carrier'));
    }
    const no = trackingNo.trim();
    if (!/^[A-Za-z0-9-]{6,40}$/.test(no)) {
      throw badInput('express_no', text('请输入正确的快递单号', 'Please enter a correct tracking number'));
    }
    const now = Date.now();
    const row = await inTransaction(this.#db, async (tx) => {
      const row = (await tx
        .selectFrom('contracts')
        .selectAll()
        .where('id', '=', id)
        .where('client_id', '=', staff.clientId)
        .executeTakeFirst()) as ContractRow | undefined;
      if (!row) throw contractNotFound();
      if (row.status !== 'signed' && row.status !== 'paper_sent') {
        throw conflict(text('合同签署后才能寄送纸质合同', 'A paper copy is sent only for a signed contract'));
      }
      const steps = JSON.parse(row.steps) as Record<string, Record<string, unknown>>;
      await tx
        .updateTable('contracts')
        .set({
          status: 'paper_sent',
          express_company: carrier,
          express_no: no,
          express_address_id: Number(steps['author-supply-info']?.delivery_address_id) || null,
          express_at: now,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute();
      await recordAudit(tx, request, {
        action: 'contract.express',
        targetType: 'contract',
        targetId: row.id,
        summary: `寄出纸质合同 ${contractNo(row)}`,
        reason: null,
        before: { express_company: row.express_company, express_no: row.express_no },
        after: { express_company: carrier, express_no: no },
      });
      return row;
    });
    const label = EXPRESS_CARRIERS.find((c) => c.value === carrier)!.label['zh-CN'];
    await this.#tell(
      row,
      '纸质合同已寄出',
      `您的纸质合同（${contractNo(row)}）已通过${label}寄出，单号：${no}。`,
      MY_CONTRACT_PATH,
    );
    return this.reviewDetail(staff.clientId, id);
  }

  async #tell(row: ContractRow, title: string, content: string, link: string) {
    const brand = this.#ctx.brands.get(row.client_id);
    await sendMessage(
      this.#ctx,
      { clientId: row.client_id, accountId: row.account_id },
      { category: 'editor', title, content, link, sender: brand.editorTitle },
    ).catch((error) => this.#ctx.log.warn({ err: error }, 'contract message not sent; my-contract shows the result'));
  }

  // ---------------------------------------------------------------------------------------------
  // Public verification (/sign-detail)

  /**
   * By verification code: the contract's public facts and audit trail (no personal data), and, when
   * a PDF is given, whether it is byte for byte the one the platform signed.
   */
  async verify(clientId: number, code: string, pdf?: Buffer) {
    const row = (await this.#db
      .selectFrom('contracts')
      .innerJoin('books', 'books.id', 'contracts.book_id')
      .selectAll('contracts')
      .select('books.title as book_title')
      .where('contracts.client_id', '=', clientId)
      .where('contracts.verify_code', '=', code.trim().toUpperCase())
      .where('contracts.status', 'in', ['signed', 'paper_sent', 'superseded'])
      .executeTakeFirst()) as (ContractRow & { book_title: string }) | undefined;
    if (!row) throw notFound(text('未找到该验证码对应的已签署合同', 'No signed contract has this verification code'));
    // The certificate is shown when there is one; checking a file needs only the stored hash.
    const certificate = await platformCertificate(this.#ctx).catch(() => null);
    const fileSha = pdf ? sha256(pdf) : null;
    return {
      contract_no: contractNo(row),
      book_title: row.book_title,
      status: row.status,
      status_label: CONTRACT_STATUS_LABELS[row.status]['zh-CN'],
      signed_at: row.signed_at,
      signed_sha256: row.signed_sha256,
      certificate: certificate ? { subject: certificate.subject, fingerprint: certificate.fingerprint } : null,
      audit: (JSON.parse(row.audit) as AuditEvent[]).map((e) => ({
        label: e.label,
        // People are named by role only: the page is public.
        actor: e.action === 'author_signed' || e.action === 'reapplied' ? '作者' : e.actor.split(' ')[0],
        at: e.at,
        ip: maskIp(e.ip),
        before: e.before ?? null,
        after: e.after ?? null,
      })),
      file_sha256: fileSha,
      matches: fileSha === null ? null : fileSha === row.signed_sha256,
    };
  }
}

const notUnderReview = () =>
  conflict(text('该申请不在审核中（可能已被处理）', 'This application is not under review (it may have been decided)'));

/** '203.0.113.7' → '203.0.113.*'; IPv6 keeps its first four groups. */
function maskIp(ip: string): string {
  if (ip.includes(':')) return `${ip.split(':').slice(0, 4).join(':')}:*`;
  return ip.replace(/\.\d+$/, '.*');
}

export type { ContractStatus };

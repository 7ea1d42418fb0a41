import { createHash, randomBytes, randomInt } from 'node:crypto';
import { maskPhone, SMS_CODE_TYPE, shanghaiDate } from '@author-centre/shared';
import type { FastifyRequest } from 'fastify';
import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { badInput, conflict, notFound, rateLimited } from '../../platform/http/errors.ts';
import { authServices } from '../auth/services.ts';
import { checkEvidence, EVIDENCE_LIMITS } from './evidence.ts';
import type { ReportCaseTable, ReportDecision, ReportReason, ReportState, ReportTargetType } from './reports.tables.ts';
import './reports.tables.ts';
import '../works/works.tables.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Limits of the report centre: a verified phone lasts 30 minutes; sends are limited per phone and IP. */
export const REPORT_LIMITS = {
  informerTtlMs: 30 * 60_000,
  casesPerPhoneDay: 5,
  casesPerIpDay: 20,
  uploadsPerPhoneDay: 60,
  uploadsPerIpHour: 60,
} as const;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Informer {
  clientId: number;
  phone: string;
  phoneHash: string;
}

const informerExpired = () =>
  badInput('token', {
    'zh-CN': '手机验证已过期，请重新验证手机号',
    'en-US': 'The phone verification has expired; please verify your phone again',
  });

const caseNotFound = () =>
  notFound({
    'zh-CN': '没有找到该举报，请核对举报编号和手机号',
    'en-US': 'No report matches this number and phone',
  });

/** What the informer (and only they, by the verified phone) sees of a case. */
/** How many random numbers a new case tries before giving up (each is free with near certainty). */
const CASE_NO_ATTEMPTS = 5;

/**
 * Files a case under a random number of its Beijing day (JB + date + 6 digits, unique across brands); a
 * number another case holds already is drawn again (it was a server error: a busy day has collisions).
 */
async function insertCase(
  tx: Tx,
  now: number,
  values: Omit<Insertable<ReportCaseTable>, 'case_no'>,
): Promise<Selectable<ReportCaseTable>> {
  for (let attempt = 0; attempt < CASE_NO_ATTEMPTS; attempt++) {
    const caseNo = `JB${shanghaiDate(now).replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const row = await tx
      .insertInto('report_cases')
      .values({ ...values, case_no: caseNo })
      .onConflict((oc) => oc.column('case_no').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
  }
  throw new Error(`no free case number after ${CASE_NO_ATTEMPTS} tries`);
}

export async function informerView(db: Db | Tx, row: Selectable<ReportCaseTable>) {
  const steps = await db
    .selectFrom('report_case_steps')
    .select(['kind', 'note', 'created_at'])
    .where('case_id', '=', row.id)
    .orderBy('id', 'asc')
    .execute();
  const evidence = await db
    .selectFrom('report_evidence')
    .select(['id', 'name', 'mime', 'size'])
    .where('case_id', '=', row.id)
    .orderBy('id', 'asc')
    .execute();
  return {
    case_no: row.case_no,
    state: row.state,
    decision: row.decision,
    target_type: row.target_type,
    target_title: row.target_title,
    target_ref: row.target_ref,
    reason: row.reason,
    original_url: row.original_url,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
    steps,
    evidence,
  };
}

/**
 * The informer's side of the report centre: a phone proved by an SMS code of type 5 (the sign-in
 * module's codes and limits), evidence uploads checked by content, cases filed and followed by
 * their number and that phone.
 */
export class ReportsService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** Spends the type 5 code and gives a token for this phone's next 30 minutes. */
  async verifyInformer(clientId: number, phone: string, code: string) {
    const { db, personalData } = this.#ctx;
    await authServices(this.#ctx).codes.spend({ clientId, phone, type: SMS_CODE_TYPE.reportStudio, code });
    const token = randomBytes(24).toString('base64url');
    const now = Date.now();
    await db.deleteFrom('report_informers').where('expires_at', '<', now).execute();
    await this.#dropAbandonedEvidence(now);
    await db
      .insertInto('report_informers')
      .values({
        client_id: clientId,
        token_hash: tokenHash(token),
        phone_enc: personalData.seal(phone),
        phone_hash: personalData.index('phone', phone),
        created_at: now,
        expires_at: now + REPORT_LIMITS.informerTtlMs,
      })
      .execute();
    return { token, phone: maskPhone(phone), expires_in: REPORT_LIMITS.informerTtlMs / 1000 };
  }

  /** Files uploaded but never attached to a case within a day (the informer gave up) are deleted. */
  async #dropAbandonedEvidence(now: number): Promise<void> {
    const { db, storage } = this.#ctx;
    const stale = await db
      .selectFrom('report_evidence')
      .select(['id', 'storage_key'])
      .where('case_id', 'is', null)
      .where('created_at', '<', now - DAY)
      .limit(100)
      .execute();
    for (const file of stale) {
      await storage.delete(file.storage_key);
      await db.deleteFrom('report_evidence').where('id', '=', file.id).where('case_id', 'is', null).execute();
    }
  }

  async informer(clientId: number, token: string): Promise<Informer> {
    const row = await this.#ctx.db
      .selectFrom('report_informers')
      .select(['phone_enc', 'phone_hash', 'expires_at'])
      .where('token_hash', '=', tokenHash(token))
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row || row.expires_at <= Date.now()) throw informerExpired();
    return { clientId, phone: this.#ctx.personalData.open(row.phone_enc), phoneHash: row.phone_hash };
  }

  /** A limit of the report centre; the refusal says what was too frequent and when to retry (rateLimited adds it). */
  async #limit(key: string, limit: number, windowMs: number, what: 'upload' | 'case') {
    const hit = await this.#ctx.rateLimiter.hit(key, limit, windowMs);
    if (!hit.allowed) {
      throw rateLimited(
        hit.retryAfterMs,
        what === 'upload'
          ? { 'zh-CN': '上传证据过于频繁', 'en-US': 'Too many evidence uploads' }
          : { 'zh-CN': '举报提交过于频繁', 'en-US': 'Too many reports' },
      );
    }
  }

  async upload(informer: Informer, ip: string, fileName: string, data: Buffer) {
    const checked = await checkEvidence(data);
    await this.#limit(`report:upload:phone:${informer.phoneHash}`, REPORT_LIMITS.uploadsPerPhoneDay, DAY, 'upload');
    await this.#limit(`report:upload:ip:${ip}`, REPORT_LIMITS.uploadsPerIpHour, HOUR, 'upload');
    // An unguessable key: the file is only ever read back through the console.
    const key = `report-evidence/${informer.clientId}/${randomBytes(16).toString('hex')}.${checked.ext}`;
    await this.#ctx.storage.put(key, checked.data, checked.mime);
    // Slashes and control characters go: the name is only shown, never a path.
    const base =
      [...fileName]
        .filter((ch) => ch >= ' ' && ch !== '/' && ch !== '\\')
        .join('')
        .slice(0, 80) || 'evidence';
    const name = `${base.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.${checked.ext}`;
    const row = await this.#ctx.db
      .insertInto('report_evidence')
      .values({
        client_id: informer.clientId,
        phone_hash: informer.phoneHash,
        case_id: null,
        storage_key: key,
        name,
        mime: checked.mime,
        size: checked.data.length,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name, mime: checked.mime, size: checked.data.length };
  }

  /** Resolves what is reported within the brand: a book or chapter must exist there. */
  async #target(clientId: number, type: ReportTargetType, input: { book_id?: number; target?: string }) {
    const { db } = this.#ctx;
    const bookMissing = () =>
      badInput('book_id', { 'zh-CN': '没有找到被举报的作品', 'en-US': 'The reported book was not found' });
    if (type === 'chapter') {
      const chapterId = Number(input.target);
      const chapter = Number.isInteger(chapterId)
        ? await db
            .selectFrom('chapters')
            .innerJoin('books', 'books.id', 'chapters.book_id')
            .select(['chapters.id', 'chapters.title', 'books.id as book_id', 'books.title as book_title'])
            .where('chapters.id', '=', chapterId)
            .where('chapters.client_id', '=', clientId)
            .where('chapters.deleted_at', 'is', null)
            .where('books.deleted_at', 'is', null)
            .executeTakeFirst()
        : undefined;
      if (!chapter) {
        throw badInput('target', { 'zh-CN': '没有找到被举报的章节', 'en-US': 'The reported chapter was not found' });
      }
      return { bookId: chapter.book_id, ref: String(chapter.id), title: `${chapter.book_title} · ${chapter.title}` };
    }
    if (type === 'site') {
      const url = (input.target ?? '').trim();
      if (!/^https?:\/\/[^\s]+\.[^\s]+$/i.test(url) || url.length > 500) {
        throw badInput('target', {
          'zh-CN': '请填写侵权网站的网址（http:// 或 https:// 开头）',
          'en-US': "Enter the copying site's address (starting with http:// or https://)",
        });
      }
      // The book being copied, when it is one of ours.
      if (!input.book_id) return { bookId: null, ref: url, title: '' };
      const book = await this.#book(clientId, input.book_id);
      if (!book) throw bookMissing();
      return { bookId: book.id, ref: url, title: book.title };
    }
    if (!input.book_id) throw bookMissing();
    const book = await this.#book(clientId, input.book_id);
    if (!book) throw bookMissing();
    if (type === 'comment') {
      const ref = (input.target ?? '').trim();
      if (!ref || ref.length > 200) {
        throw badInput('target', {
          'zh-CN': '请填写被举报评论的内容或链接',
          'en-US': "Enter the reported comment's text or link",
        });
      }
      return { bookId: book.id, ref, title: book.title };
    }
    return { bookId: book.id, ref: '', title: book.title };
  }

  #book(clientId: number, bookId: number) {
    return this.#ctx.db
      .selectFrom('books')
      .select(['id', 'title'])
      .where('id', '=', bookId)
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async #attach(tx: Tx, informer: Informer, caseId: number, ids: number[]) {
    if (ids.length === 0) return;
    const already = await tx
      .selectFrom('report_evidence')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('case_id', '=', caseId)
      .executeTakeFirst();
    if (Number(already?.n ?? 0) + ids.length > EVIDENCE_LIMITS.perCase) {
      throw badInput('evidence_ids', {
        'zh-CN': `每个举报最多上传${EVIDENCE_LIMITS.perCase}个证据文件`,
        'en-US': `A report carries at most ${EVIDENCE_LIMITS.perCase} evidence files`,
      });
    }
    const done = await tx
      .updateTable('report_evidence')
      .set({ case_id: caseId })
      .where('id', 'in', ids)
      .where('client_id', '=', informer.clientId)
      .where('phone_hash', '=', informer.phoneHash)
      .where('case_id', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== ids.length) {
      throw badInput('evidence_ids', {
        'zh-CN': '证据文件已失效，请重新上传',
        'en-US': 'Some evidence files are no longer available; please upload them again',
      });
    }
  }

  async submit(
    informer: Informer,
    request: FastifyRequest,
    input: {
      target_type: ReportTargetType;
      book_id?: number;
      target?: string;
      reason: ReportReason;
      original_url?: string;
      description: string;
      evidence_ids: number[];
    },
  ) {
    const target = await this.#target(informer.clientId, input.target_type, input);
    const originalUrl = (input.original_url ?? '').trim();
    if (input.reason === 'plagiarism' && !/^https?:\/\/[^\s]+\.[^\s]+$/i.test(originalUrl)) {
      throw badInput('original_url', {
        'zh-CN': '举报抄袭请填写原作的链接（http:// 或 https:// 开头）',
        'en-US': "A plagiarism report needs the original's link (starting with http:// or https://)",
      });
    }
    if (input.evidence_ids.length === 0) {
      throw badInput('evidence_ids', {
        'zh-CN': '请上传至少一个证据文件',
        'en-US': 'Upload at least one evidence file',
      });
    }
    await this.#limit(`report:case:phone:${informer.phoneHash}`, REPORT_LIMITS.casesPerPhoneDay, DAY, 'case');
    await this.#limit(`report:case:ip:${request.ip}`, REPORT_LIMITS.casesPerIpDay, DAY, 'case');
    const now = Date.now();
    const { personalData } = this.#ctx;
    return inTransaction(this.#ctx.db, async (tx) => {
      const row = await insertCase(tx, now, {
        client_id: informer.clientId,
        phone_enc: personalData.seal(informer.phone),
        phone_hash: informer.phoneHash,
        informer_account_id: request.auth?.clientId === informer.clientId ? request.auth.accountId : null,
        target_type: input.target_type,
        book_id: target.bookId,
        target_ref: target.ref,
        target_title: target.title,
        reason: input.reason,
        original_url: originalUrl,
        description: input.description.trim(),
        state: 'submitted',
        decision: null,
        assignee_account_id: null,
        created_at: now,
        updated_at: now,
      });
      await this.#attach(tx, informer, row.id, input.evidence_ids);
      await tx
        .insertInto('report_case_steps')
        .values({ case_id: row.id, kind: 'submitted', note: '', staff_account_id: null, created_at: now })
        .execute();
      return informerView(tx, row);
    });
  }

  async #ownCase(db: Db | Tx, informer: Informer, caseNo: string) {
    const row = await db
      .selectFrom('report_cases')
      .selectAll()
      .where('client_id', '=', informer.clientId)
      .where('case_no', '=', caseNo.trim().toUpperCase())
      .where('phone_hash', '=', informer.phoneHash)
      .executeTakeFirst();
    if (!row) throw caseNotFound();
    return row;
  }

  async follow(informer: Informer, caseNo: string) {
    return informerView(this.#ctx.db, await this.#ownCase(this.#ctx.db, informer, caseNo));
  }

  /** The verified phone's cases, newest first. */
  async cases(informer: Informer) {
    return this.#ctx.db
      .selectFrom('report_cases')
      .select(['case_no', 'state', 'decision', 'target_type', 'target_title', 'reason', 'created_at', 'updated_at'])
      .where('client_id', '=', informer.clientId)
      .where('phone_hash', '=', informer.phoneHash)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
  }

  /** The informer answers a request for more: words and files; the case goes back to review. */
  async supply(informer: Informer, input: { case_no: string; note: string; evidence_ids: number[] }) {
    return inTransaction(this.#ctx.db, async (tx) => {
      const row = await this.#ownCase(tx, informer, input.case_no);
      if (row.state !== 'need_more') {
        throw conflict({
          'zh-CN': '该举报当前无需补充材料',
          'en-US': 'This report is not waiting for more material',
        });
      }
      await this.#attach(tx, informer, row.id, input.evidence_ids);
      const now = Date.now();
      await tx
        .insertInto('report_case_steps')
        .values({ case_id: row.id, kind: 'supplied', note: input.note.trim(), staff_account_id: null, created_at: now })
        .execute();
      const after = await tx
        .updateTable('report_cases')
        .set({ state: 'in_review' satisfies ReportState, updated_at: now })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return informerView(tx, after);
    });
  }
}

export type { ReportDecision };

import { BOOK_CATEGORIES, ErrorCode, isAllowedText, PAGINATION, TEXT_PATTERN_MESSAGE } from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Generated } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { authOf } from '../../platform/auth/guards.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok, okWithRules } from '../../platform/http/envelope.ts';
import { AppError, badInput, type Localized, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { type Language, localize } from '../../platform/http/language.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { type MessageTemplateRef, registerMessageTemplate, sendMessage } from '../messages/messages.service.ts';
import type { Owner } from './works.repository.ts';

/**
 * Screenplay applications (§2 book-manage/screenplay/application, '剧本申请'): an author applies to
 * write an original screenplay or to adapt one of their own published novels; an editor of the
 * brand approves or refuses it with a reason. Approving creates nothing else yet.
 */

export const SCREENPLAY_APPLICATION_KINDS = ['original', 'adaptation'] as const;
export type ScreenplayApplicationKind = (typeof SCREENPLAY_APPLICATION_KINDS)[number];
export type ScreenplayApplicationStatus = 'pending' | 'approved' | 'refused' | 'cancelled';

export const SCREENPLAY_APPLICATION_LIMITS = {
  titleMax: 30,
  synopsisMin: 50,
  synopsisMax: 2000,
  episodesMin: 1,
  episodesMax: 200,
  contactNoteMax: 200,
  reasonMax: 500,
  /** Applications an author may have under review at once. */
  pendingMax: 5,
} as const;

export interface ScreenplayApplicationTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  account_id: number;
  kind: ScreenplayApplicationKind;
  book_id: number | null;
  book_title: string | null;
  title: string;
  category: string;
  synopsis: string;
  episodes: number;
  contact_note_enc: string | null;
  status: ScreenplayApplicationStatus;
  reason: string | null;
  reviewer_account_id: number | null;
  reviewed_at: number | null;
  cancelled_at: number | null;
  pending_key: string | null;
  created_at: number;
  updated_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    screenplay_applications: ScreenplayApplicationTable;
  }
}

export interface ApplicationInput {
  kind: ScreenplayApplicationKind;
  bookId: number | null;
  title: string;
  category: string;
  synopsis: string;
  episodes: unknown;
  contactNote: string;
}

type Row = Omit<ScreenplayApplicationTable, 'id'> & { id: number };

const L = SCREENPLAY_APPLICATION_LIMITS;

/** The author's page of their applications (§2 book-manage/screenplay/application). */
const SCREENPLAY_APPLICATION_PATH = '/front/book-manage/screenplay/application';

const duplicatePending = () =>
  new AppError(
    ErrorCode.conflict,
    {
      'zh-CN': '这部小说已有审核中的改编申请，请等待审核结果',
      'en-US': 'This novel already has an adaptation application under review; please wait for the result',
    },
    { httpStatus: 409, field: 'book_id' },
  );

const applicationNotFound = () =>
  notFound({ 'zh-CN': '申请不存在或已删除', 'en-US': 'The application does not exist or was deleted' });

const STATUS_LABELS: Record<ScreenplayApplicationStatus, Localized> = {
  pending: { 'zh-CN': '审核中', 'en-US': 'Under review' },
  approved: { 'zh-CN': '已通过', 'en-US': 'Approved' },
  refused: { 'zh-CN': '未通过', 'en-US': 'Not approved' },
  cancelled: { 'zh-CN': '已撤销', 'en-US': 'Withdrawn' },
};

const chars = (s: string) => [...s].length;

export class ScreenplayApplicationService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** Checks an application; every problem names its field, in both languages. */
  validate(input: ApplicationInput) {
    if (!SCREENPLAY_APPLICATION_KINDS.includes(input.kind)) {
      throw badInput('kind', { 'zh-CN': '请选择申请类型', 'en-US': 'Please choose the kind of application' });
    }
    if (input.kind === 'adaptation' && !input.bookId) {
      throw badInput('book_id', { 'zh-CN': '请选择要改编的小说', 'en-US': 'Please choose the novel to adapt' });
    }
    const title = input.title.trim();
    if (!title) throw badInput('title', { 'zh-CN': '请填写剧本名称', 'en-US': 'Please enter the screenplay title' });
    if (chars(title) > L.titleMax) {
      throw badInput('title', {
        'zh-CN': `剧本名称最多${L.titleMax}个字`,
        'en-US': `The screenplay title may have at most ${L.titleMax} characters`,
      });
    }
    if (!isAllowedText(title)) throw badInput('title', TEXT_PATTERN_MESSAGE);
    if (!BOOK_CATEGORIES.screenplay.some((c) => c.value === input.category)) {
      throw badInput('category', { 'zh-CN': '请选择剧本类型', 'en-US': 'Please choose the screenplay type' });
    }
    const synopsis = input.synopsis.trim();
    if (chars(synopsis) < L.synopsisMin || chars(synopsis) > L.synopsisMax) {
      throw badInput('synopsis', {
        'zh-CN': `剧情梗概需${L.synopsisMin}~${L.synopsisMax}字`,
        'en-US': `The synopsis needs ${L.synopsisMin}–${L.synopsisMax} characters`,
      });
    }
    const episodes = typeof input.episodes === 'string' ? Number(input.episodes) : input.episodes;
    if (
      typeof episodes !== 'number' ||
      !Number.isInteger(episodes) ||
      episodes < L.episodesMin ||
      episodes > L.episodesMax
    ) {
      throw badInput('episodes', {
        'zh-CN': `计划集数需为${L.episodesMin}~${L.episodesMax}的整数`,
        'en-US': `Planned episodes must be a whole number from ${L.episodesMin} to ${L.episodesMax}`,
      });
    }
    const contactNote = input.contactNote.trim();
    if (chars(contactNote) > L.contactNoteMax) {
      throw badInput('contact_note', {
        'zh-CN': `联系备注最多${L.contactNoteMax}字`,
        'en-US': `The contact note may have at most ${L.contactNoteMax} characters`,
      });
    }
    return {
      kind: input.kind,
      bookId: input.kind === 'adaptation' ? input.bookId : null,
      title,
      category: input.category,
      synopsis,
      episodes,
      contactNote,
    };
  }

  /** The author's novels, and whether each can be adapted now (published, no application under review). */
  async adaptableBooks(owner: Owner) {
    const books = await this.#db
      .selectFrom('books')
      .select(['id', 'title', 'published_count'])
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .where('kind', '=', 'novel')
      .where('deleted_at', 'is', null)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const pending = new Set(
      (
        await this.#db
          .selectFrom('screenplay_applications')
          .select('book_id')
          .where('client_id', '=', owner.clientId)
          .where('account_id', '=', owner.accountId)
          .where('status', '=', 'pending')
          .where('book_id', 'is not', null)
          .execute()
      ).map((r) => r.book_id),
    );
    return books.map((b) => ({
      book_id: b.id,
      title: b.title,
      published_count: b.published_count,
      published: b.published_count > 0,
      pending: pending.has(b.id),
    }));
  }

  async create(owner: Owner, raw: ApplicationInput): Promise<Row> {
    const input = this.validate(raw);
    const now = Date.now();
    try {
      return await inTransaction(this.#db, async (tx) => {
        let bookTitle: string | null = null;
        if (input.bookId) {
          const book = await tx
            .selectFrom('books')
            .select(['id', 'title', 'kind', 'published_count'])
            .where('id', '=', input.bookId)
            .where('client_id', '=', owner.clientId)
            .where('account_id', '=', owner.accountId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (book?.kind !== 'novel') {
            throw badInput('book_id', {
              'zh-CN': '只能改编自己名下的小说',
              'en-US': 'You can only adapt a novel of your own',
            });
          }
          if (book.published_count < 1) {
            throw badInput('book_id', {
              'zh-CN': '这部小说还没有发布章节，发布后才能申请改编',
              'en-US': 'This novel has no published chapters yet; publish some before applying to adapt it',
            });
          }
          const existing = await tx
            .selectFrom('screenplay_applications')
            .select('id')
            .where('pending_key', '=', `book:${book.id}`)
            .executeTakeFirst();
          if (existing) throw duplicatePending();
          bookTitle = book.title;
        }
        const pendingCount = await tx
          .selectFrom('screenplay_applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', owner.clientId)
          .where('account_id', '=', owner.accountId)
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow();
        if (Number(pendingCount.n) >= L.pendingMax) {
          throw new AppError(
            ErrorCode.conflict,
            {
              'zh-CN': `审核中的申请最多${L.pendingMax}个，请等待审核结果后再申请`,
              'en-US': `You can have at most ${L.pendingMax} applications under review; please wait for their results`,
            },
            { httpStatus: 409 },
          );
        }
        const values = {
          client_id: owner.clientId,
          user_id: owner.userId,
          account_id: owner.accountId,
          kind: input.kind,
          book_id: input.bookId,
          book_title: bookTitle,
          title: input.title,
          category: input.category,
          synopsis: input.synopsis,
          episodes: input.episodes,
          contact_note_enc: this.#ctx.personalData.sealOrNull(input.contactNote),
          status: 'pending' as const,
          reason: null,
          reviewer_account_id: null,
          reviewed_at: null,
          cancelled_at: null,
          pending_key: input.bookId ? `book:${input.bookId}` : null,
          created_at: now,
          updated_at: now,
        };
        const { id } = await tx
          .insertInto('screenplay_applications')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        return { ...values, id: Number(id) };
      });
    } catch (error) {
      // Two submissions for one book at the same moment: the unique index decides.
      if (!(error instanceof AppError) && /unique|duplicate/i.test(String((error as Error).message))) {
        throw duplicatePending();
      }
      throw error;
    }
  }

  async list(owner: Owner, page: number, pageSize: number) {
    const base = this.#db
      .selectFrom('screenplay_applications')
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId);
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as Row[], total: Number(total.n) };
  }

  async get(owner: Owner, applicationId: number): Promise<Row> {
    const row = await this.#db
      .selectFrom('screenplay_applications')
      .selectAll()
      .where('id', '=', applicationId)
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .executeTakeFirst();
    if (!row) throw applicationNotFound();
    return row as Row;
  }

  /** Withdraws an application still under review; the text stays, marked as withdrawn. */
  async cancel(owner: Owner, applicationId: number): Promise<Row> {
    const current = await this.get(owner, applicationId);
    const now = Date.now();
    const done = await this.#db
      .updateTable('screenplay_applications')
      .set({ status: 'cancelled', cancelled_at: now, updated_at: now, pending_key: null })
      .where('id', '=', current.id)
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      const now = await this.get(owner, applicationId);
      throw new AppError(
        ErrorCode.conflict,
        now.status === 'cancelled'
          ? { 'zh-CN': '该申请已撤销', 'en-US': 'This application was already withdrawn' }
          : {
              'zh-CN': '该申请已审核完毕，不能撤销',
              'en-US': 'This application was already reviewed and cannot be withdrawn',
            },
        { httpStatus: 409 },
      );
    }
    return this.get(owner, applicationId);
  }

  /** The brand's applications for its editors: a console table (filters, sort, page). */
  async reviewList(clientId: number, q: z.output<typeof ReviewList>) {
    let query = this.#db
      .selectFrom('screenplay_applications as a')
      .innerJoin('accounts', 'accounts.id', 'a.account_id')
      .leftJoin('accounts as reviewer', 'reviewer.id', 'a.reviewer_account_id')
      .selectAll('a')
      .select(['accounts.pen_name', 'reviewer.pen_name as reviewer_name'])
      .where('a.client_id', '=', clientId);
    if (q.status) query = query.where('a.status', '=', q.status);
    if (q.kind) query = query.where('a.kind', '=', q.kind);
    if (q.keyword) {
      const keyword = q.keyword;
      const asId = /^\d{1,12}$/.test(keyword) ? Number(keyword) : null;
      query = query.where((eb) =>
        eb.or([
          containsText('a.title', keyword),
          containsText('a.book_title', keyword),
          containsText('accounts.pen_name', keyword),
          ...(asId ? [eb('a.id', '=', asId)] : []),
        ]),
      );
    }
    if (q.created_from !== undefined) query = query.where('a.created_at', '>=', q.created_from);
    if (q.created_to !== undefined) query = query.where('a.created_at', '<', q.created_to);
    const page = await pageOf(query, q, {
      sorts: { created_at: 'a.created_at', reviewed_at: 'a.reviewed_at', title: 'a.title', episodes: 'a.episodes' },
      defaultSort: 'created_at',
      defaultOrder: q.status === 'pending' ? 'ascend' : 'descend',
      tiebreak: 'a.id',
    });
    return page as typeof page & { list: Array<Row & { pen_name: string; reviewer_name: string | null }> };
  }

  /** One application of the brand with what an editor weighs it by: the novel adapted, the author's other applications. */
  async reviewDetail(clientId: number, applicationId: number) {
    const row = await this.#db
      .selectFrom('screenplay_applications as a')
      .innerJoin('accounts', 'accounts.id', 'a.account_id')
      .leftJoin('accounts as reviewer', 'reviewer.id', 'a.reviewer_account_id')
      .selectAll('a')
      .select(['accounts.pen_name', 'reviewer.pen_name as reviewer_name'])
      .where('a.id', '=', applicationId)
      .where('a.client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw applicationNotFound();
    const [book, others] = await Promise.all([
      row.book_id
        ? this.#db
            .selectFrom('books')
            .select(['id', 'title', 'published_count', 'published_words', 'deleted_at'])
            .where('id', '=', row.book_id)
            .where('client_id', '=', clientId)
            .executeTakeFirst()
        : undefined,
      this.#db
        .selectFrom('screenplay_applications')
        .select(['id', 'title', 'status', 'created_at'])
        .where('client_id', '=', clientId)
        .where('account_id', '=', row.account_id)
        .where('id', '!=', row.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .execute(),
    ]);
    return { row: row as Row & { pen_name: string; reviewer_name: string | null }, book, others };
  }

  /**
   * An editor's decision on an application under review, written with its audit record; a refusal
   * needs a reason (the author reads it). The author is then told in their message centre.
   */
  async review(
    request: FastifyRequest,
    applicationId: number,
    decision: 'approve' | 'refuse',
    reason: string,
  ): Promise<Row> {
    const staff = staffOf(request);
    const why = reason.trim();
    if (decision === 'refuse' && !why) {
      throw badInput('reason', { 'zh-CN': '请填写未通过的原因', 'en-US': 'Please give the reason for refusing' });
    }
    if (chars(why) > L.reasonMax) {
      throw badInput('reason', {
        'zh-CN': `原因最多${L.reasonMax}字`,
        'en-US': `The reason may have at most ${L.reasonMax} characters`,
      });
    }
    const now = Date.now();
    const row = await inTransaction(this.#db, async (tx) => {
      const status = decision === 'approve' ? ('approved' as const) : ('refused' as const);
      const done = await tx
        .updateTable('screenplay_applications')
        .set({
          status,
          reason: why || null,
          reviewer_account_id: staff.accountId,
          reviewed_at: now,
          updated_at: now,
          pending_key: null,
        })
        .where('id', '=', applicationId)
        .where('client_id', '=', staff.clientId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const row = await tx
        .selectFrom('screenplay_applications')
        .innerJoin('accounts', 'accounts.id', 'screenplay_applications.account_id')
        .selectAll('screenplay_applications')
        .select('accounts.pen_name')
        .where('screenplay_applications.id', '=', applicationId)
        .where('screenplay_applications.client_id', '=', staff.clientId)
        .executeTakeFirst();
      if (!row) throw applicationNotFound();
      if (Number(done.numUpdatedRows) === 0) {
        throw new AppError(
          ErrorCode.conflict,
          row.status === 'cancelled'
            ? { 'zh-CN': '作者已撤销该申请', 'en-US': 'The author withdrew this application' }
            : { 'zh-CN': '该申请已审核，不能重复审核', 'en-US': 'This application was already reviewed' },
          { httpStatus: 409 },
        );
      }
      await recordAudit(tx, request, {
        action: decision === 'approve' ? 'screenplay.approve' : 'screenplay.refuse',
        targetType: 'screenplay_application',
        targetId: row.id,
        summary: `${decision === 'approve' ? '通过' : '退回'}剧本申请「${row.title}」（${row.pen_name}）`,
        reason: why || null,
        before: { status: 'pending' },
        after: { status, reason: why || null },
      });
      return row as Row & { pen_name: string };
    });
    await this.#tellAuthor(row).catch((error) =>
      this.#ctx.log.warn({ err: error }, 'screenplay review message not sent; the application page shows the result'),
    );
    return row;
  }

  /**
   * The author's message about the decision, from the brand's editor title (§1), worded in the
   * reader's language when read (issue 18: a templated message).
   */
  async #tellAuthor(row: Row) {
    const brand = this.#ctx.brands.get(row.client_id);
    const params = {
      approved: row.status === 'approved' ? 1 : 0,
      title: row.title,
      reason: row.reason ?? '',
      editor: brand.editorTitle,
    };
    const template = { key: SCREENPLAY_REVIEW_MESSAGE, params };
    await sendMessage(
      this.#ctx,
      { clientId: row.client_id, accountId: row.account_id },
      {
        category: 'editor',
        ...screenplayReviewWording(params, 'zh-CN'),
        link: SCREENPLAY_APPLICATION_PATH,
        sender: brand.editorTitle,
        template,
      },
    );
  }

  view(request: FastifyRequest, row: Row) {
    const category = BOOK_CATEGORIES.screenplay.find((c) => c.value === row.category);
    return {
      application_id: row.id,
      kind: row.kind,
      book_id: row.book_id,
      book_title: row.book_title,
      title: row.title,
      category: row.category,
      category_label: category ? localize(request, category.label) : row.category,
      synopsis: row.synopsis,
      episodes: row.episodes,
      contact_note: this.#ctx.personalData.openOrNull(row.contact_note_enc) ?? '',
      status: row.status,
      status_label: localize(request, STATUS_LABELS[row.status]),
      reason: row.reason,
      reviewed_at: row.reviewed_at,
      cancelled_at: row.cancelled_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}

// -------------------------------------------------------------------------------------------------
// Routes

const author = { config: { auth: 'author' as const } };
const editor = { config: { auth: 'editor' as const } };
const id = z.coerce.number().int().positive();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(PAGINATION.defaultPageSize);

const ApplicationBody = z.object({
  kind: z.string().max(20).default(''),
  book_id: id.nullable().optional(),
  title: z.string().max(500).default(''),
  category: z.string().max(50).default(''),
  synopsis: z.string().max(20_000).default(''),
  episodes: z
    .union([z.number(), z.string().max(20)])
    .nullable()
    .optional(),
  contact_note: z.string().max(5000).default(''),
});
const ListQuery = z.object({ page, page_size: pageSize });
const IdBody = z.object({ application_id: id });
const ReviewList = listQuery(['created_at', 'reviewed_at', 'title', 'episodes'], {
  status: z.enum(['pending', 'approved', 'refused', 'cancelled']).optional(),
  kind: z.enum(SCREENPLAY_APPLICATION_KINDS).optional(),
  /** Words of the title, the novel's title or the pen name; or the application's number. */
  keyword: z.string().trim().max(50).optional(),
  /** Submitted from (epoch ms, inclusive) and before (exclusive): the console table's date range 'created'. */
  created_from: z.coerce.number().int().min(0).optional(),
  created_to: z.coerce.number().int().min(0).optional(),
});
const ReviewBody = z.object({
  application_id: id,
  decision: z.enum(['approve', 'refuse']),
  reason: z.string().max(5000).default(''),
});

function ownerOf(request: FastifyRequest): Owner {
  const auth = authOf(request);
  return { clientId: request.brand.clientId, accountId: auth.accountId, userId: auth.userId };
}

/** A page of applications; their contact notes go to the browser encrypted with the request secret (they may hold a phone). */
function pageReply<T extends { contact_note: string }>(
  request: FastifyRequest,
  list: T[],
  total: number,
  q: { page: number; page_size: number },
) {
  return okWithRules(
    request,
    { list, total, page: q.page, page_size: q.page_size },
    list.map((_, i) => `list.${i}.contact_note`),
  );
}

export async function screenplayApplicationRoutes(app: FastifyInstance): Promise<void> {
  const service = new ScreenplayApplicationService(app.ctx);

  routeAliases(app, 'GET', ['/api/pc/v1/screenplay/application-options'], author, async (request) =>
    ok({
      kinds: SCREENPLAY_APPLICATION_KINDS.map((value) => ({
        value,
        label: localize(
          request,
          value === 'original'
            ? { 'zh-CN': '原创剧本', 'en-US': 'Original screenplay' }
            : { 'zh-CN': '小说改编', 'en-US': 'Adapted from a novel' },
        ),
      })),
      categories: BOOK_CATEGORIES.screenplay.map((c) => ({ value: c.value, label: localize(request, c.label) })),
      books: await service.adaptableBooks(ownerOf(request)),
      limits: SCREENPLAY_APPLICATION_LIMITS,
    }),
  );

  routeAliases(app, 'POST', ['/api/pc/v1/screenplay/application'], author, async (request) => {
    const body = parseInput(ApplicationBody, request.body, request);
    const row = await service.create(ownerOf(request), {
      kind: body.kind as ScreenplayApplicationKind,
      bookId: body.book_id ?? null,
      title: body.title,
      category: body.category,
      synopsis: body.synopsis,
      episodes: body.episodes,
      contactNote: body.contact_note,
    });
    const view = service.view(request, row);
    return okWithRules(request, view, ['contact_note']);
  });

  routeAliases(app, 'GET', ['/api/pc/v1/screenplay/application-list'], author, async (request) => {
    const q = parseInput(ListQuery, request.query, request);
    const { rows, total } = await service.list(ownerOf(request), q.page, q.page_size);
    return pageReply(
      request,
      rows.map((r) => service.view(request, r)),
      total,
      q,
    );
  });

  routeAliases(app, 'GET', ['/api/pc/v1/screenplay/application-detail'], author, async (request) => {
    const q = parseInput(z.object({ application_id: id }), request.query, request);
    return okWithRules(request, service.view(request, await service.get(ownerOf(request), q.application_id)), [
      'contact_note',
    ]);
  });

  routeAliases(app, 'POST', ['/api/pc/v1/screenplay/application-cancel'], author, async (request) => {
    const body = parseInput(IdBody, request.body, request);
    const row = await service.cancel(ownerOf(request), body.application_id);
    return okWithRules(request, service.view(request, row), ['contact_note']);
  });

  // The console's review queue, for the editors and admins of the brand acted in (the legacy
  // /api/pc/v1/admin/… paths are the same handlers).
  routeAliases(
    app,
    'GET',
    ['/api/admin/screenplay/applications', '/api/pc/v1/admin/screenplay/application-list'],
    editor,
    async (request) => {
      const q = parseInput(ReviewList, request.query, request);
      const page = await service.reviewList(staffOf(request).clientId, q);
      const list = page.list.map((r) => ({
        ...service.view(request, r),
        account_id: r.account_id,
        pen_name: r.pen_name,
        reviewer_name: r.reviewer_name,
      }));
      return pageReply(request, list, page.total, q);
    },
  );

  routeAliases(app, 'GET', ['/api/admin/screenplay/applications/detail'], editor, async (request) => {
    const q = parseInput(z.object({ application_id: id }), request.query, request);
    const { row, book, others } = await service.reviewDetail(staffOf(request).clientId, q.application_id);
    const reading = app.ctx.brands.get(row.client_id).domains.reading;
    return okWithRules(
      request,
      {
        ...service.view(request, row),
        account_id: row.account_id,
        pen_name: row.pen_name,
        reviewer_name: row.reviewer_name,
        book: book
          ? {
              book_id: book.id,
              title: book.title,
              published_count: book.published_count,
              published_words: book.published_words,
              deleted: book.deleted_at !== null,
              reading_url: book.published_count > 0 && reading ? `https://${reading}/book/${book.id}` : null,
            }
          : null,
        other_applications: others.map((o) => ({
          application_id: o.id,
          title: o.title,
          status: o.status,
          status_label: localize(request, STATUS_LABELS[o.status]),
          created_at: o.created_at,
        })),
      },
      ['contact_note'],
    );
  });

  routeAliases(
    app,
    'POST',
    ['/api/admin/screenplay/applications/review', '/api/pc/v1/admin/screenplay/application-review'],
    editor,
    async (request) => {
      const body = parseInput(ReviewBody, request.body, request);
      const row = await service.review(request, body.application_id, body.decision, body.reason);
      return okWithRules(request, service.view(request, row), ['contact_note']);
    },
  );
}

const SCREENPLAY_REVIEW_MESSAGE = 'works.screenplay-review';

function screenplayReviewWording(p: MessageTemplateRef['params'], lang: Language) {
  const approved = p.approved === 1;
  if (lang === 'en-US') {
    return {
      title: approved ? 'Screenplay application approved' : 'Screenplay application not approved',
      content: [
        approved
          ? `Your screenplay application "${p.title}" has been approved.`
          : `We are sorry: your screenplay application "${p.title}" was not approved.`,
        p.reason ? `${approved ? 'Note' : 'Comments'} from your ${p.editor}: ${p.reason}` : '',
        approved ? '' : 'You can revise it according to the comments and apply again.',
      ]
        .filter(Boolean)
        .join('\n\n'),
    };
  }
  return {
    title: approved ? '剧本申请已通过' : '剧本申请未通过',
    content: [
      approved ? `您的剧本申请「${p.title}」已通过审核。` : `很抱歉，您的剧本申请「${p.title}」未通过审核。`,
      p.reason ? `${p.editor}的${approved ? '留言' : '意见'}：${p.reason}` : '',
      approved ? '' : '您可以根据意见修改后重新提交申请。',
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}

registerMessageTemplate(SCREENPLAY_REVIEW_MESSAGE, screenplayReviewWording);

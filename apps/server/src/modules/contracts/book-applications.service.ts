import { type BrandSettings, ErrorCode, signThresholdWords } from '@author-centre/shared';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/http/console.ts';
import { AppError, badInput, conflict, type Localized, notFound } from '../../platform/http/errors.ts';
import { sendMessage } from '../messages/messages.service.ts';
import type { BookApplicationTable } from './contracts.tables.ts';
import type { Person } from './personal-info.service.ts';
import { signedTermsOf } from './sign.service.ts';

/**
 * apply-sale (put a signed book on sale) and guarantee (ask for a monthly minimum guarantee), each
 * an application an editor of the brand approves or refuses with a reason. An approved guarantee is
 * the guarantee the book's next contract carries (confirm-key-info).
 */
export type BookApplicationKind = BookApplicationTable['kind'];
type Row = Omit<BookApplicationTable, 'id'> & { id: number };

const text = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
const NOTE_MAX = 500;
/** Guarantees asked for, yuan a month (ours: a sanity bound, the editor decides). */
const GUARANTEE_MAX_YUAN = 100_000;
const KIND_LABEL: Record<BookApplicationKind, string> = { sale: '上架申请', guarantee: '保底申请' };
const STATUS_LABEL: Record<Row['status'], string> = { pending: '审核中', approved: '已通过', refused: '未通过' };

export class BookApplicationsService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  view(row: Row) {
    return {
      id: row.id,
      book_id: row.book_id,
      kind: row.kind,
      kind_label: KIND_LABEL[row.kind],
      status: row.status,
      status_label: STATUS_LABEL[row.status],
      note: row.note,
      amount_fen: row.amount_fen,
      review_reason: row.review_reason ?? '',
      created_at: row.created_at,
      reviewed_at: row.reviewed_at,
    };
  }

  async list(person: Person, bookId: number) {
    const rows = (await this.#ctx.db
      .selectFrom('book_applications')
      .selectAll()
      .where('client_id', '=', person.clientId)
      .where('account_id', '=', person.accountId)
      .where('book_id', '=', bookId)
      .orderBy('id', 'desc')
      .execute()) as Row[];
    const book = await this.#ctx.db
      .selectFrom('books')
      .select('on_sale_at')
      .where('id', '=', bookId)
      .where('client_id', '=', person.clientId)
      .where('account_id', '=', person.accountId)
      .executeTakeFirst();
    return { list: rows.map((r) => this.view(r)), on_sale_at: book?.on_sale_at ?? null };
  }

  async apply(
    person: Person,
    kind: BookApplicationKind,
    input: { book_id: number; note: string; amount_yuan?: number },
    brand: Pick<BrandSettings, 'applySignCondition' | 'shortStorySignCondition'>,
  ) {
    const book = await this.#ctx.db
      .selectFrom('books')
      .select(['id', 'kind', 'published_words', 'on_sale_at'])
      .where('id', '=', input.book_id)
      .where('client_id', '=', person.clientId)
      .where('account_id', '=', person.accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!book) throw notFound(text('作品不存在或已删除', 'The book does not exist or was deleted'));
    const note = input.note.trim();
    if (!note || [...note].length > NOTE_MAX) {
      throw badInput(
        'note',
        text(`请填写申请说明（${NOTE_MAX}字以内）`, `Please explain the application (at most ${NOTE_MAX} characters)`),
      );
    }
    let amountFen: number | null = null;
    if (kind === 'sale') {
      if (book.on_sale_at !== null) {
        throw conflict(text('作品已上架，无需再申请', 'The book is already on sale'));
      }
      if (!(await signedTermsOf(this.#ctx.db, person.clientId, book.id))) {
        throw new AppError(
          ErrorCode.signConditionNotMet,
          text('作品签约后才能申请上架', 'A book can apply to go on sale once it is signed'),
          { field: 'book_id' },
        );
      }
    } else {
      if (book.published_words < signThresholdWords(book.kind, brand)) {
        throw new AppError(
          ErrorCode.signConditionNotMet,
          text('作品达到签约条件后才能申请保底', 'A book can ask for a guarantee once it meets the signing condition'),
          { field: 'book_id' },
        );
      }
      const yuan = Number(input.amount_yuan);
      if (!Number.isInteger(yuan) || yuan < 1 || yuan > GUARANTEE_MAX_YUAN) {
        throw badInput(
          'amount_yuan',
          text(
            `保底金额需为1~${GUARANTEE_MAX_YUAN}元的整数`,
            `The guarantee must be a whole number of yuan from 1 to ${GUARANTEE_MAX_YUAN}`,
          ),
        );
      }
      amountFen = yuan * 100;
    }
    const now = Date.now();
    try {
      const { id } = await this.#ctx.db
        .insertInto('book_applications')
        .values({
          client_id: person.clientId,
          account_id: person.accountId,
          book_id: book.id,
          kind,
          status: 'pending',
          note,
          amount_fen: amountFen,
          review_reason: null,
          reviewer_account_id: null,
          reviewed_at: null,
          pending_key: `${kind}:${book.id}`,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return this.view({ ...(await this.#get(person.clientId, Number(id))) });
    } catch (error) {
      if (!(error instanceof AppError) && /unique|duplicate/i.test(String((error as Error).message))) {
        throw conflict(
          text('该作品已有审核中的同类申请，请等待审核结果', 'This book already has such an application under review'),
        );
      }
      throw error;
    }
  }

  async #get(clientId: number, id: number): Promise<Row> {
    const row = await this.#ctx.db
      .selectFrom('book_applications')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw notFound(text('申请不存在', 'The application does not exist'));
    return row as Row;
  }

  /** An editor's decision; a refusal needs the reason the author reads. Audited; the author is told. */
  async review(request: FastifyRequest, id: number, decision: 'approve' | 'refuse', reason: string) {
    const staff = staffOf(request);
    const why = reason.trim();
    if (decision === 'refuse' && !why)
      throw badInput('reason', text('请填写未通过的原因', 'Please give the reason for refusing'));
    if ([...why].length > NOTE_MAX) {
      throw badInput('reason', text(`原因最多${NOTE_MAX}字`, `The reason may have at most ${NOTE_MAX} characters`));
    }
    const now = Date.now();
    const status = decision === 'approve' ? ('approved' as const) : ('refused' as const);
    const row = await inTransaction(this.#ctx.db, async (tx) => {
      const done = await tx
        .updateTable('book_applications')
        .set({
          status,
          review_reason: why || null,
          reviewer_account_id: staff.accountId,
          reviewed_at: now,
          updated_at: now,
          pending_key: null,
        })
        .where('id', '=', id)
        .where('client_id', '=', staff.clientId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const row = (await tx
        .selectFrom('book_applications')
        .selectAll()
        .where('id', '=', id)
        .where('client_id', '=', staff.clientId)
        .executeTakeFirst()) as Row | undefined;
      if (!row) throw notFound(text('申请不存在', 'The application does not exist'));
      if (Number(done.numUpdatedRows) === 0)
        throw conflict(text('该申请已审核', 'This application was already decided'));
      // An approved apply-sale puts the book on sale (once: a later approval keeps the first date).
      const onSaleAt =
        decision === 'approve' && row.kind === 'sale'
          ? ((
              await tx
                .updateTable('books')
                .set({ on_sale_at: sql<number>`coalesce(on_sale_at, ${now})`, updated_at: now })
                .where('id', '=', row.book_id)
                .where('client_id', '=', row.client_id)
                .returning('on_sale_at')
                .executeTakeFirst()
            )?.on_sale_at ?? null)
          : undefined;
      await recordAudit(tx, request, {
        action: `book_application.${decision}`,
        targetType: 'book_application',
        targetId: row.id,
        summary: `${decision === 'approve' ? '通过' : '退回'}${KIND_LABEL[row.kind]}（作品${row.book_id}）`,
        reason: why || null,
        before: { status: 'pending' },
        after: { status, amount_fen: row.amount_fen, ...(onSaleAt !== undefined ? { on_sale_at: onSaleAt } : {}) },
      });
      return row;
    });
    const brand = this.#ctx.brands.get(row.client_id);
    await sendMessage(
      this.#ctx,
      { clientId: row.client_id, accountId: row.account_id },
      {
        category: 'editor',
        title: `${KIND_LABEL[row.kind]}${STATUS_LABEL[row.status]}`,
        content: [
          `您的${KIND_LABEL[row.kind]}${STATUS_LABEL[row.status]}。`,
          why ? `${brand.editorTitle}的意见：${why}` : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
        link: `/front/book-manage/online-sign?book_id=${row.book_id}`,
        sender: brand.editorTitle,
      },
    ).catch((error) =>
      this.#ctx.log.warn({ err: error }, 'application message not sent; the sign page shows the result'),
    );
    return this.view(row);
  }
}

import { ErrorCode } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badInput, notFound } from '../../platform/http/errors.ts';
import { ChaptersService, SaveConflict } from '../works/chapters.service.ts';
import { PublishChecksFailed, PublishingService } from '../works/publishing.service.ts';
import type { Owner } from '../works/works.repository.ts';
import { feed } from './comments.service.ts';
import type { ReaderCorrectionTable } from './comments.tables.ts';

/**
 * Reader error corrections: a reader's suggestion for a passage of a chapter. Accepting one changes
 * the chapter through the editor's own save path (a revision, a version in the history, a diff) and
 * publishes that revision when the chapter was published. A correction whose passage is no longer
 * in its paragraph (the author changed it) is stale: shown as such, never applied.
 */

type Lang = 'zh-CN' | 'en-US';

const stale = () =>
  new AppError(
    ErrorCode.correctionStale,
    {
      'zh-CN': '原文已修改，这条纠错已不适用，请直接在编辑器中修改',
      'en-US': 'The text has changed since; this correction no longer applies. Edit the chapter in the editor instead',
    },
    { httpStatus: 409 },
  );

const handled = () =>
  new AppError(
    ErrorCode.correctionHandled,
    { 'zh-CN': '这条纠错已处理过了', 'en-US': 'This correction was already handled' },
    { httpStatus: 409 },
  );

/** Whether the reader's passage is still in its paragraph of the text. */
export function isStale(body: string, c: Pick<ReaderCorrectionTable, 'paragraph_index' | 'original'>): boolean {
  const paragraph = body.split('\n')[c.paragraph_index];
  return paragraph === undefined || !paragraph.includes(c.original);
}

export class CorrectionsService {
  readonly #ctx: AppContext;
  readonly #chapters: ChaptersService;
  readonly #publishing: PublishingService;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.#chapters = new ChaptersService(ctx);
    this.#publishing = new PublishingService(ctx);
  }

  get #db() {
    return this.#ctx.db;
  }

  /** get-chapters: the pen name's chapters with pending corrections, and how many each. */
  async chapters(owner: Owner, bookId?: number) {
    let q = this.#db
      .selectFrom('reader_corrections')
      .innerJoin('chapters', 'chapters.id', 'reader_corrections.chapter_id')
      .innerJoin('books', 'books.id', 'reader_corrections.book_id')
      .select((eb) => [
        'reader_corrections.chapter_id',
        'reader_corrections.book_id',
        'chapters.title as chapter_title',
        'books.title as book_title',
        eb.fn.countAll<number>().as('count'),
        eb.fn.max('reader_corrections.created_at').as('latest_at'),
      ])
      .where('reader_corrections.account_id', '=', owner.accountId)
      .where('reader_corrections.client_id', '=', owner.clientId)
      .where('reader_corrections.status', '=', 'pending')
      .where('chapters.deleted_at', 'is', null)
      .where('books.deleted_at', 'is', null)
      .groupBy(['reader_corrections.chapter_id', 'reader_corrections.book_id', 'chapters.title', 'books.title']);
    if (bookId) q = q.where('reader_corrections.book_id', '=', bookId);
    const rows = await q.orderBy('latest_at', 'desc').execute();
    return {
      list: rows.map((r) => ({ ...r, count: Number(r.count), latest_at: Number(r.latest_at) })),
      total: rows.reduce((n, r) => n + Number(r.count), 0),
    };
  }

  async #chapterText(owner: Owner, chapterId: number) {
    const row = await this.#db
      .selectFrom('chapters')
      .innerJoin('chapter_texts', 'chapter_texts.chapter_id', 'chapters.id')
      .innerJoin('books', 'books.id', 'chapters.book_id')
      .select([
        'chapters.id',
        'chapters.title',
        'chapters.revision',
        'chapters.status',
        'chapters.book_id',
        'books.title as book_title',
        'chapter_texts.body',
      ])
      .where('chapters.id', '=', chapterId)
      .where('chapters.client_id', '=', owner.clientId)
      .where('books.account_id', '=', owner.accountId)
      .where('chapters.deleted_at', 'is', null)
      .where('books.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound({ 'zh-CN': '章节不存在或已删除', 'en-US': 'The chapter does not exist or was deleted' });
    return row;
  }

  /** chapter-detail: the chapter's paragraphs and its corrections in place, each pending one marked stale or not. */
  async chapterDetail(owner: Owner, chapterId: number) {
    const chapter = await this.#chapterText(owner, chapterId);
    const rows = await this.#db
      .selectFrom('reader_corrections')
      .selectAll()
      .where('chapter_id', '=', chapter.id)
      .where('account_id', '=', owner.accountId)
      .orderBy('paragraph_index')
      .orderBy('id')
      .execute();
    return {
      chapter_id: chapter.id,
      book_id: chapter.book_id,
      book_title: chapter.book_title,
      title: chapter.title,
      status: chapter.status,
      revision: chapter.revision,
      paragraphs: chapter.body.split('\n'),
      list: rows.map((c) => ({
        correction_id: c.id,
        paragraph_index: c.paragraph_index,
        original: c.original,
        suggestion: c.suggestion,
        reader_name: c.reader_name,
        status: c.status,
        stale: c.status === 'pending' && isStale(chapter.body, c),
        revision: c.revision,
        created_at: c.created_at,
        handled_at: c.handled_at,
      })),
    };
  }

  async #pending(owner: Owner, id: number) {
    const c = await this.#db
      .selectFrom('reader_corrections')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .executeTakeFirst();
    if (!c) throw notFound({ 'zh-CN': '纠错不存在', 'en-US': 'The correction does not exist' });
    if (c.status !== 'pending') throw handled();
    return c;
  }

  /**
   * Accepts a correction (with the author's own wording when `text` is given): the passage is
   * replaced in its paragraph through the editor's save, and a published chapter is published again.
   */
  async accept(owner: Owner, id: number, lang: Lang, text?: string) {
    const c = await this.#pending(owner, id);
    const replacement = text ?? c.suggestion;
    if (replacement.length > 200)
      throw badInput('text', { 'zh-CN': '修改内容最多200个字', 'en-US': 'The replacement has at most 200 characters' });
    const chapter = await this.#chapterText(owner, c.chapter_id);
    if (isStale(chapter.body, c)) throw stale();
    const paragraphs = chapter.body.split('\n');
    paragraphs[c.paragraph_index] = paragraphs[c.paragraph_index].replace(c.original, replacement);
    let saved: Awaited<ReturnType<ChaptersService['save']>>;
    try {
      saved = await this.#chapters.save(owner, {
        chapterId: chapter.id,
        baseRevision: chapter.revision,
        content: paragraphs.join('\n'),
        saveKey: `correction-${c.id}-${chapter.revision}`,
        explicit: true,
      });
    } catch (error) {
      // The author saved in the editor in between: the text the check saw is gone.
      if (error instanceof SaveConflict) throw stale();
      throw error;
    }
    let published = false;
    let findings: unknown[] = [];
    if (chapter.status === 'published') {
      try {
        await this.#publishing.publishNow(owner, chapter.id, true, lang);
        published = true;
      } catch (error) {
        if (!(error instanceof PublishChecksFailed)) throw error;
        findings = error.findings;
      }
    }
    const now = Date.now();
    await this.#db
      .updateTable('reader_corrections')
      .set({ status: 'accepted', revision: saved.revision, handled_at: now, seen: 1 })
      .where('id', '=', c.id)
      .where('status', '=', 'pending')
      .execute();
    await feed(this.#db, owner.clientId, 'correction_accepted', null, {
      correction_id: c.id,
      site_id: c.site_id,
      event_id: c.event_id,
      chapter_id: c.chapter_id,
      published,
    });
    // What happened, for the page to say: published again; saved but kept from publishing by the
    // checks (the findings say why); or only saved (a revised or draft chapter is not published).
    const outcome = published ? 'published' : chapter.status === 'published' ? 'blocked' : 'saved';
    const after = await this.#db
      .selectFrom('chapters')
      .select('status')
      .where('id', '=', chapter.id)
      .executeTakeFirstOrThrow();
    return {
      correction_id: c.id,
      status: 'accepted',
      revision: saved.revision,
      published,
      outcome,
      chapter_status: after.status,
      findings,
    };
  }

  async reject(owner: Owner, id: number) {
    const c = await this.#pending(owner, id);
    const done = await this.#db
      .updateTable('reader_corrections')
      .set({ status: 'rejected', handled_at: Date.now(), seen: 1 })
      .where('id', '=', c.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (done.numUpdatedRows !== 1n) throw handled();
    await feed(this.#db, owner.clientId, 'correction_rejected', null, {
      correction_id: c.id,
      site_id: c.site_id,
      event_id: c.event_id,
      chapter_id: c.chapter_id,
    });
    return { correction_id: c.id, status: 'rejected' };
  }

  /** delete-correct: the count goes back to 0 (the corrections stay for the page). */
  async markSeen(owner: Pick<Owner, 'accountId'>) {
    await this.#db
      .updateTable('reader_corrections')
      .set({ seen: 1 })
      .where('account_id', '=', owner.accountId)
      .where('seen', '=', 0)
      .execute();
    return { correct_count: 0 };
  }
}

/**
 * The profile's correct_count: corrections not yet seen. A function of the context it is given, as
 * profile contributors are registered once per process but called for every app (one per test file).
 */
export async function unseenCorrections(ctx: AppContext, owner: Pick<Owner, 'accountId'>): Promise<number> {
  const r = await ctx.db
    .selectFrom('reader_corrections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', owner.accountId)
    .where('seen', '=', 0)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

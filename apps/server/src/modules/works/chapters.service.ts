import { countWords, normalizeChapterTitle, PAGINATION, WORKS_ERROR, WORKS_LIMITS } from '@author-centre/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { AppError, badInput, conflict, notFound } from '../../platform/http/errors.ts';
import { diffParagraphs } from './diff.ts';
import { shiftDailyWords } from './stats.service.ts';
import {
  applyVip,
  applyVipKeepingPublished,
  type BookRow,
  type ChapterRow,
  checkChapterTitle,
  type Executor,
  nextChangeSeq,
  type Owner,
  ownedBook,
  ownedChapter,
  readingOrder,
  recountBook,
  textHash,
  titleProblem,
  vipUnder,
  volumeOf,
  volumesOf,
} from './works.repository.ts';
import type { VersionKind } from './works.tables.ts';

export interface SaveInput {
  chapterId: number;
  baseRevision: number;
  /** Left out: the title stays as it is (a rename from the manage list is not sent back). */
  title?: string;
  content: string;
  authorSay?: string;
  /** Idempotency key of this save: a retried request with the same key is not applied twice. */
  saveKey: string;
  /** An explicit save (button, Ctrl+S) always keeps a version; autosaves keep one every few minutes. */
  explicit: boolean;
  /**
   * Runs in the save's transaction once the save is known to apply, before the text is written
   * (a version restore keeps the text it replaces in the same transaction).
   */
  beforeWrite?: (
    tx: Executor,
    current: { id: number; revision: number; title: string; words: number },
  ) => Promise<void>;
  /**
   * `beforeWrite` keeps the versions of this save itself (a restore): no autosave version of the
   * same text besides, and the autosave snapshot interval starts again from this save.
   */
  versioned?: boolean;
}

export interface SaveResult {
  chapter_id: number;
  revision: number;
  saved_at: number;
  words: number;
  status: string;
  /** The title cannot be published as it is (the text was saved all the same). */
  title_problem: boolean;
  /** The same save had already been applied (a retry). */
  duplicate: boolean;
}

/** A save that was based on an older revision: both texts go back to the author. */
export class SaveConflict extends Error {
  readonly server: { revision: number; title: string; content: string; author_say: string; saved_at: number };
  readonly conflictVersionId: number | null;

  constructor(server: SaveConflict['server'], conflictVersionId: number | null) {
    super('save conflict');
    this.server = server;
    this.conflictVersionId = conflictVersionId;
  }
}

export function chapterListItem(c: ChapterRow) {
  return {
    chapter_id: c.id,
    book_id: c.book_id,
    volume_id: c.volume_id,
    title: c.title,
    status: c.status,
    sort: c.sort,
    words: c.words,
    published_words: c.published_words,
    vip: c.vip,
    counted: c.counted === 1,
    revision: c.revision,
    scheduled_at: c.scheduled_at,
    published_at: c.published_at,
    first_published_at: c.first_published_at,
    saved_at: c.saved_at,
    updated_at: c.updated_at,
    deleted_at: c.deleted_at,
  };
}

const EMPTY_HASH = textHash('');

const LIST_COLUMNS = [
  'id',
  'book_id',
  'volume_id',
  'title',
  'status',
  'sort',
  'counted',
  'words',
  'published_words',
  'vip',
  'revision',
  'scheduled_at',
  'published_at',
  'first_published_at',
  'saved_at',
  'updated_at',
  'deleted_at',
] as const;

export class ChaptersService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  // ------------------------------------------------------------------------------------------
  // Volumes

  async volumes(owner: Owner, bookId: number) {
    const book = await ownedBook(this.#db, owner, bookId);
    const volumes = await volumesOf(this.#db, book.id);
    const stats = await this.#db
      .selectFrom('chapters')
      .select([
        'volume_id',
        sql<number>`count(*)`.as('chapters'),
        sql<number>`coalesce(sum(words), 0)`.as('words'),
        sql<number>`coalesce(sum(case when status = 'draft' then 1 else 0 end), 0)`.as('drafts'),
      ])
      .where('book_id', '=', book.id)
      .where('deleted_at', 'is', null)
      .groupBy('volume_id')
      .execute();
    const byVolume = new Map(stats.map((s) => [s.volume_id, s]));
    return volumes.map((v) => ({
      volume_id: v.id,
      title: v.title,
      sort: v.sort,
      is_notice: v.is_notice === 1,
      chapters: Number(byVolume.get(v.id)?.chapters ?? 0),
      drafts: Number(byVolume.get(v.id)?.drafts ?? 0),
      words: Number(byVolume.get(v.id)?.words ?? 0),
    }));
  }

  async saveVolume(owner: Owner, bookId: number, volumeId: number | null, rawTitle: string) {
    const title = checkChapterTitle('title', rawTitle, WORKS_LIMITS.volumeTitleMax);
    return inTransaction(this.#db, async (tx) => {
      const book = await ownedBook(tx, owner, bookId);
      if (book.kind === 'short') {
        throw badInput('book_id', { 'zh-CN': '短篇作品不分卷', 'en-US': 'A short story has no volumes' });
      }
      const now = Date.now();
      if (volumeId !== null) {
        const volume = await volumeOf(tx, book.id, volumeId);
        if (volume.is_notice) {
          throw badInput('volume_id', {
            'zh-CN': '作品相关分卷不能改名',
            'en-US': 'The notice volume cannot be renamed',
          });
        }
        await tx.updateTable('volumes').set({ title, updated_at: now }).where('id', '=', volume.id).execute();
        await this.#touchPublished(tx, { volumeId: volume.id });
        return volume.id;
      }
      const last = await tx
        .selectFrom('volumes')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('book_id', '=', book.id)
        .executeTakeFirst();
      const row = await tx
        .insertInto('volumes')
        .values({
          client_id: owner.clientId,
          book_id: book.id,
          title,
          sort: Number(last?.sort ?? 0) + 1,
          is_notice: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /**
   * Reorders the volumes; the notice volume always stays first. Refused, changing nothing, when
   * the new order would change a published chapter between free and paid.
   */
  async sortVolumes(owner: Owner, bookId: number, volumeIds: number[]) {
    await inTransaction(this.#db, async (tx) => {
      const book = await ownedBook(tx, owner, bookId);
      const volumes = await volumesOf(tx, book.id);
      const movable = volumes.filter((v) => !v.is_notice).map((v) => v.id);
      const wanted = volumeIds.filter((id) => movable.includes(id));
      if (wanted.length !== movable.length || new Set(wanted).size !== movable.length) {
        throw badInput('volume_ids', {
          'zh-CN': '请提交全部分卷的顺序',
          'en-US': 'Please send the order of every volume',
        });
      }
      let sort = 1;
      for (const id of wanted) await tx.updateTable('volumes').set({ sort: sort++ }).where('id', '=', id).execute();
      await applyVipKeepingPublished(tx, book);
      await this.#touchPublished(tx, { bookId: book.id });
    });
  }

  async deleteVolume(owner: Owner, bookId: number, volumeId: number) {
    await inTransaction(this.#db, async (tx) => {
      const book = await ownedBook(tx, owner, bookId);
      const volume = await volumeOf(tx, book.id, volumeId);
      if (volume.is_notice) {
        throw badInput('volume_id', {
          'zh-CN': '作品相关分卷不能删除',
          'en-US': 'The notice volume cannot be deleted',
        });
      }
      const live = await tx
        .selectFrom('chapters')
        .select('id')
        .where('volume_id', '=', volume.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (live) {
        throw badInput('volume_id', {
          'zh-CN': '分卷下还有章节，请先移动或删除章节',
          'en-US': 'The volume still has chapters; move or delete them first',
        });
      }
      const others = (await volumesOf(tx, book.id)).filter((v) => v.id !== volume.id && !v.is_notice);
      if (others.length === 0) {
        throw badInput('volume_id', {
          'zh-CN': '作品至少保留一个正文分卷',
          'en-US': 'A book keeps at least one volume besides the notice volume',
        });
      }
      // Chapters in the recycle bin come back into the last volume if restored.
      await tx
        .updateTable('chapters')
        .set({ volume_id: others[others.length - 1].id })
        .where('volume_id', '=', volume.id)
        .execute();
      await tx.deleteFrom('volumes').where('id', '=', volume.id).execute();
    });
  }

  // ------------------------------------------------------------------------------------------
  // Chapters

  async list(
    owner: Owner,
    q: {
      bookId: number;
      volumeId?: number;
      status?: 'draft' | 'published' | 'revised';
      /** Part of the title, taken literally. */
      keyword?: string;
      page: number;
      pageSize?: number;
    },
  ) {
    const book = await ownedBook(this.#db, owner, q.bookId);
    const pageSize = q.pageSize ?? PAGINATION.defaultPageSize;
    const offset = (q.page - 1) * pageSize;
    let rows: ChapterRow[];
    let total: { n: number };
    if (q.volumeId) {
      // One volume: everything runs on the (volume_id, deleted_at, sort) index. The page's ids are
      // found on the index alone (skipping rows costs no table reads), then only 30 rows are read.
      await volumeOf(this.#db, book.id, q.volumeId);
      let base = this.#db
        .selectFrom('chapters')
        .where('chapters.volume_id', '=', q.volumeId)
        .where('chapters.deleted_at', 'is', null);
      if (q.status) base = base.where('chapters.status', '=', q.status);
      if (q.keyword) base = base.where(containsText('chapters.title', q.keyword));
      total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const ids = base
        .select('chapters.id')
        .orderBy('chapters.sort')
        .orderBy('chapters.id')
        .limit(pageSize)
        .offset(offset);
      rows = (await this.#db
        .selectFrom('chapters')
        .select(LIST_COLUMNS.map((c) => `chapters.${c}` as const))
        .where('chapters.id', 'in', ids)
        .orderBy('chapters.sort')
        .orderBy('chapters.id')
        .execute()) as ChapterRow[];
    } else {
      let base = this.#db
        .selectFrom('chapters')
        .where('chapters.book_id', '=', book.id)
        .where('chapters.deleted_at', 'is', null);
      if (q.status) base = base.where('chapters.status', '=', q.status);
      if (q.keyword) base = base.where(containsText('chapters.title', q.keyword));
      total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      rows = (await base
        .innerJoin('volumes', 'volumes.id', 'chapters.volume_id')
        .select(LIST_COLUMNS.map((c) => `chapters.${c}` as const))
        .orderBy('volumes.sort')
        .orderBy('volumes.id')
        .orderBy('chapters.sort')
        .orderBy('chapters.id')
        .limit(pageSize)
        .offset(offset)
        .execute()) as ChapterRow[];
    }
    return { list: rows.map(chapterListItem), total: Number(total.n), page: q.page, page_size: pageSize };
  }

  async create(owner: Owner, bookId: number, volumeId: number | null, rawTitle: string) {
    const title = rawTitle.trim() ? checkChapterTitle('title', rawTitle, WORKS_LIMITS.chapterTitleMax) : '';
    return inTransaction(this.#db, async (tx) => {
      const book = await ownedBook(tx, owner, bookId);
      const volumes = await volumesOf(tx, book.id);
      const volume = volumeId
        ? volumes.find((v) => v.id === volumeId)
        : [...volumes].reverse().find((v) => !v.is_notice);
      if (!volume) throw notFound({ 'zh-CN': '分卷不存在', 'en-US': 'The volume does not exist' });
      const id = await insertChapter(tx, {
        clientId: owner.clientId,
        bookId: book.id,
        volumeId: volume.id,
        counted: volume.is_notice ? 0 : 1,
        title,
        body: '',
      });
      await tx
        .updateTable('books')
        .set((eb) => ({ chapter_count: eb('chapter_count', '+', 1), updated_at: Date.now() }))
        .where('id', '=', book.id)
        .execute();
      if (book.pay_point_chapter_id) await applyVip(tx, book);
      return id;
    });
  }

  async detail(owner: Owner, chapterId: number) {
    const { chapter, book } = await ownedChapter(this.#db, owner, chapterId);
    const text = await this.#db
      .selectFrom('chapter_texts')
      .selectAll()
      .where('chapter_id', '=', chapter.id)
      .executeTakeFirstOrThrow();
    const live = await this.#db
      .selectFrom('chapter_live')
      .select('body')
      .where('chapter_id', '=', chapter.id)
      .executeTakeFirst();
    const volume = await volumeOf(this.#db, book.id, chapter.volume_id);
    const lastLog = await this.#db
      .selectFrom('publish_log')
      .selectAll()
      .where('chapter_id', '=', chapter.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      ...chapterListItem(chapter),
      content: text.body,
      author_say: text.author_say,
      published_content: live?.body ?? null,
      title_problem: titleProblem(chapter.title),
      volume_title: volume.title,
      volume_is_notice: volume.is_notice === 1,
      book: { book_id: book.id, title: book.title, kind: book.kind },
      last_publish: lastLog
        ? {
            source: lastLog.source,
            outcome: lastLog.outcome,
            note: lastLog.note,
            scheduled_at: lastLog.scheduled_at,
            published_at: lastLog.published_at,
            late_ms: lastLog.late_ms,
          }
        : null,
    };
  }

  /**
   * Saves the working text of a chapter. The save names the revision it was based on; when the
   * server holds a newer one (another tab, another device) nothing is overwritten: the save is
   * refused with both texts, and the refused text is kept as a 'conflict' version so it is never
   * lost. A retried save (same key) answers what the first one did. The reply is sent only after
   * the transaction committed.
   */
  async save(owner: Owner, input: SaveInput): Promise<SaveResult> {
    if (input.content.length > WORKS_LIMITS.chapterTextMax) {
      throw badInput('content', {
        'zh-CN': `单章最多${WORKS_LIMITS.chapterTextMax}字`,
        'en-US': `A chapter may have at most ${WORKS_LIMITS.chapterTextMax} characters`,
      });
    }
    const content = input.content.includes('\r') ? input.content.replace(/\r\n?/g, '\n') : input.content;
    let title = normalizeChapterTitle(input.title ?? '').slice(0, WORKS_LIMITS.chapterTitleMax * 2);
    const words = countWords(content);
    const hash = textHash(content);
    const now = Date.now();
    const result = await inTransaction(this.#db, async (tx) => {
      const row = await tx
        .selectFrom('chapters')
        .innerJoin('chapter_texts', 'chapter_texts.chapter_id', 'chapters.id')
        .innerJoin('books', 'books.id', 'chapters.book_id')
        .leftJoin('chapter_live', 'chapter_live.chapter_id', 'chapters.id')
        .select([
          'chapters.id',
          'chapters.book_id',
          'chapters.revision',
          'chapters.status',
          'chapters.words',
          'chapters.counted',
          'chapters.published_hash',
          'chapters.published_title',
          'chapters.title',
          'chapters.saved_at',
          'chapters.deleted_at',
          'chapters.text_hash',
          'chapter_texts.author_say',
          'chapter_live.author_say as live_author_say',
          'chapter_texts.last_save_key',
          'chapter_texts.last_save_revision',
          'chapter_texts.snapshot_at',
          'books.account_id',
          'books.deleted_at as book_deleted_at',
        ])
        .where('chapters.id', '=', input.chapterId)
        .where('chapters.client_id', '=', owner.clientId)
        .executeTakeFirst();
      if (!row || row.account_id !== owner.accountId || row.book_deleted_at !== null || row.deleted_at !== null) {
        throw notFound({ 'zh-CN': '章节不存在或已删除', 'en-US': 'The chapter does not exist or was deleted' });
      }
      if (row.last_save_key === input.saveKey) {
        return {
          kind: 'duplicate' as const,
          result: {
            chapter_id: row.id,
            revision: row.last_save_revision ?? row.revision,
            saved_at: row.saved_at,
            words: row.words,
            status: row.status,
            title_problem: titleProblem(row.title),
            duplicate: true,
          },
        };
      }
      const authorSay = input.authorSay ?? row.author_say;
      if (input.title === undefined) title = row.title;
      // Texts are compared by hash: a save never reads the (large) stored text back.
      const storedHash = row.text_hash ?? EMPTY_HASH;
      if (row.revision !== input.baseRevision) {
        const same = storedHash === hash && row.title === title && row.author_say === authorSay;
        if (!same) {
          // Keep the refused text: whatever the author decides, it is never lost.
          const version = await insertVersion(tx, row.id, input.baseRevision, 'conflict', title, content, words, now);
          const stored = await tx
            .selectFrom('chapter_texts')
            .select('body')
            .where('chapter_id', '=', row.id)
            .executeTakeFirstOrThrow();
          return {
            kind: 'conflict' as const,
            conflict: new SaveConflict(
              {
                revision: row.revision,
                title: row.title,
                content: stored.body,
                author_say: row.author_say,
                saved_at: row.saved_at,
              },
              version,
            ),
          };
        }
      }
      if (input.beforeWrite) await input.beforeWrite(tx, row);
      const revision = row.revision + 1;
      const changed = storedHash !== hash || row.title !== title || row.author_say !== authorSay;
      const status =
        row.status === 'draft'
          ? 'draft'
          : hash !== row.published_hash || title !== row.published_title
            ? 'revised'
            : 'published';
      const updated = await tx
        .updateTable('chapters')
        .set({ title, words, text_hash: hash, revision, status, saved_at: now, updated_at: now })
        .where('id', '=', row.id)
        .where('revision', '=', row.revision)
        .executeTakeFirst();
      // Another save of the same chapter committed in between (PostgreSQL): the author decides.
      if (updated.numUpdatedRows !== 1n)
        throw conflict({ 'zh-CN': '保存冲突，请重试', 'en-US': 'Save conflict; please retry' });
      // An explicit save always leaves a version of what the author saved, even when an autosave
      // already stored the same text a moment earlier; autosaves keep one at most every few minutes.
      const snapshot = input.versioned
        ? false
        : input.explicit
          ? changed || !(await lastVersionHolds(tx, row.id, title, content))
          : changed && now - row.snapshot_at >= WORKS_LIMITS.versionSnapshotMs;
      await tx
        .updateTable('chapter_texts')
        .set({
          body: content,
          author_say: authorSay,
          last_save_key: input.saveKey,
          last_save_revision: revision,
          ...(snapshot || input.versioned ? { snapshot_at: now } : {}),
        })
        .where('chapter_id', '=', row.id)
        .execute();
      if (snapshot)
        await insertVersion(tx, row.id, revision, input.explicit ? 'save' : 'autosave', title, content, words, now);
      // The author's say changes live on a published chapter; it never makes the chapter revised.
      if (row.status !== 'draft' && authorSay !== (row.live_author_say ?? '')) await setLiveSay(tx, row.id, authorSay);
      // The book's totals move with the words; its "updated" time at most once a minute while the words stay.
      const delta = row.counted ? words - row.words : 0;
      if (delta !== 0 || now - row.saved_at > 60_000) {
        await tx
          .updateTable('books')
          .set((eb) => ({ total_words: eb('total_words', '+', delta), updated_at: now }))
          .where('id', '=', row.book_id)
          .execute();
      }
      return {
        kind: 'saved' as const,
        result: {
          chapter_id: row.id,
          revision,
          saved_at: now,
          words,
          status,
          title_problem: titleProblem(title),
          duplicate: false,
        },
      };
    });
    if (result.kind === 'conflict') {
      // A concurrent retry of this very save may have won the race: then it is not a conflict.
      const again = await this.#db
        .selectFrom('chapter_texts')
        .innerJoin('chapters', 'chapters.id', 'chapter_texts.chapter_id')
        .select(['last_save_key', 'last_save_revision', 'chapters.saved_at', 'chapters.words', 'chapters.status'])
        .where('chapter_id', '=', input.chapterId)
        .executeTakeFirst();
      if (again?.last_save_key === input.saveKey) {
        return {
          chapter_id: input.chapterId,
          revision: again.last_save_revision!,
          saved_at: again.saved_at,
          words: again.words,
          status: again.status,
          title_problem: titleProblem(title),
          duplicate: true,
        };
      }
      throw result.conflict;
    }
    return result.result;
  }

  /**
   * The author's say, shown under the chapter: on a published chapter it changes live (it never
   * makes the chapter revised). It is not the text: the text revision stays, so an editor open in
   * another tab saves on without a conflict and never sends its older say back (see save).
   */
  async setAuthorSay(owner: Owner, chapterId: number, say: string) {
    if ([...say].length > WORKS_LIMITS.authorSayMax) {
      throw badInput('author_say', {
        'zh-CN': `作家的话最多${WORKS_LIMITS.authorSayMax}字`,
        'en-US': `The author's say may have at most ${WORKS_LIMITS.authorSayMax} characters`,
      });
    }
    await inTransaction(this.#db, async (tx) => {
      const { chapter } = await ownedChapter(tx, owner, chapterId);
      const live = chapter.status !== 'draft';
      await tx.updateTable('chapter_texts').set({ author_say: say }).where('chapter_id', '=', chapter.id).execute();
      if (live) {
        await tx.updateTable('chapter_live').set({ author_say: say }).where('chapter_id', '=', chapter.id).execute();
      }
      await tx
        .updateTable('chapters')
        .set({ updated_at: Date.now(), ...(live ? { change_seq: await nextChangeSeq(tx) } : {}) })
        .where('id', '=', chapter.id)
        .execute();
    });
  }

  /**
   * Renames a chapter from the manage list (the editor saves titles with the text). The text
   * revision stays: an editor open in another tab is not put in conflict, and it sends a title
   * only when the author changed it there.
   */
  async rename(owner: Owner, chapterId: number, rawTitle: string) {
    const title = checkChapterTitle('title', rawTitle, WORKS_LIMITS.chapterTitleMax);
    await inTransaction(this.#db, async (tx) => {
      const { chapter } = await ownedChapter(tx, owner, chapterId);
      await tx
        .updateTable('chapters')
        .set({
          title,
          status:
            chapter.status === 'draft'
              ? 'draft'
              : title !== chapter.published_title || chapter.text_hash !== chapter.published_hash
                ? 'revised'
                : 'published',
          updated_at: Date.now(),
        })
        .where('id', '=', chapter.id)
        .execute();
    });
  }

  /**
   * Moves a chapter to a position (0-based) in a volume of the same book, also after publishing.
   * Totals, words per day (into or out of the notice volume), paid flags and the reading sites'
   * feed follow. A move that would change a published chapter between free and paid is refused.
   */
  async move(owner: Owner, chapterId: number, volumeId: number, position: number) {
    await inTransaction(this.#db, async (tx) => {
      const { chapter, book } = await ownedChapter(tx, owner, chapterId);
      const target = await volumeOf(tx, book.id, volumeId);
      const now = Date.now();
      await this.#place(tx, chapter, target, position, {});
      if (chapter.volume_id !== target.id) await recountBook(tx, book.id, now);
      await applyVipKeepingPublished(tx, book);
    });
  }

  /**
   * Puts a chapter at a position (0-based, clamped) among the live chapters of a volume and
   * renumbers the volume. Moving between the notice volume and the others moves a published
   * chapter's first publication out of or into the words per day.
   */
  async #place(
    tx: Executor,
    chapter: ChapterRow,
    target: { id: number; is_notice: number },
    position: number,
    extra: { deleted_at?: null },
  ) {
    const siblings = await tx
      .selectFrom('chapters')
      .select(['id', 'sort', 'status'])
      .where('volume_id', '=', target.id)
      .where('deleted_at', 'is', null)
      .where('id', '<>', chapter.id)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const at = Math.max(0, Math.min(position, siblings.length));
    const ordered = [
      ...siblings.slice(0, at),
      { id: chapter.id, sort: -1, status: chapter.status },
      ...siblings.slice(at),
    ];
    const counted = target.is_notice ? 0 : 1;
    let sort = 1;
    for (const c of ordered) {
      const isMoved = c.id === chapter.id;
      if (c.sort !== sort || isMoved) {
        const live = c.status !== 'draft';
        await tx
          .updateTable('chapters')
          .set({
            sort,
            // The place is not the chapter's text: its 更新时间 (updated_at) stays.
            ...(isMoved ? { ...extra, volume_id: target.id, counted } : {}),
            ...(live ? { change_seq: await nextChangeSeq(tx) } : {}),
          })
          .where('id', '=', c.id)
          .execute();
      }
      sort++;
    }
    if (counted !== chapter.counted) await shiftDailyWords(tx, chapter, counted ? 1 : -1);
  }

  /** To the recycle bin. A published paid chapter stays: readers paid for it. */
  async remove(owner: Owner, chapterId: number) {
    await inTransaction(this.#db, async (tx) => {
      const { chapter, book } = await ownedChapter(tx, owner, chapterId);
      if (book.kind === 'short') {
        throw badInput('chapter_id', {
          'zh-CN': '短篇作品的正文不能单独删除',
          'en-US': "A short story's text cannot be deleted on its own",
        });
      }
      if (chapter.vip === 1 && chapter.status !== 'draft') {
        throw new AppError(
          WORKS_ERROR.chapterNotDeletable,
          {
            'zh-CN': '已发布的付费章节不能删除，读者已为其付费',
            'en-US': 'A published paid chapter cannot be deleted: readers have paid for it',
          },
          { httpStatus: 409 },
        );
      }
      const now = Date.now();
      if (chapter.schedule_job_id) await this.#ctx.jobs.cancel(tx, chapter.schedule_job_id);
      await tx
        .updateTable('chapters')
        .set({
          deleted_at: now,
          scheduled_at: null,
          schedule_job_id: null,
          ...(chapter.status !== 'draft' ? { change_seq: await nextChangeSeq(tx) } : {}),
        })
        .where('id', '=', chapter.id)
        .execute();
      if (book.pay_point_chapter_id === chapter.id) {
        // The pay point moves to the next chapter, so nothing published changes between free and paid.
        const next = await tx
          .selectFrom('chapters')
          .innerJoin('volumes', 'volumes.id', 'chapters.volume_id')
          .select('chapters.id')
          .where('chapters.book_id', '=', book.id)
          .where('chapters.deleted_at', 'is', null)
          .where('chapters.vip', '=', 1)
          .orderBy('volumes.sort')
          .orderBy('chapters.sort')
          .limit(1)
          .executeTakeFirst();
        await tx
          .updateTable('books')
          .set({ pay_point_chapter_id: next?.id ?? null, pay_point_in_bin: chapter.id })
          .where('id', '=', book.id)
          .execute();
      }
      await recountBook(tx, book.id, now);
    });
  }

  async recycleBin(owner: Owner, bookId: number) {
    const book = await ownedBook(this.#db, owner, bookId);
    const rows = (await this.#db
      .selectFrom('chapters')
      .select([...LIST_COLUMNS])
      .where('book_id', '=', book.id)
      .where('deleted_at', 'is not', null)
      .orderBy('deleted_at', 'desc')
      .limit(500)
      .execute()) as ChapterRow[];
    return rows.map(chapterListItem);
  }

  /**
   * Back from the recycle bin where it was in its volume (among the chapters there now). Refused,
   * changing nothing, when that would change a published chapter between free and paid.
   */
  async restore(owner: Owner, chapterId: number) {
    await inTransaction(this.#db, async (tx) => {
      const { chapter, book } = await ownedChapter(tx, owner, chapterId, { includeDeleted: true });
      if (chapter.deleted_at === null) return;
      const volume = await volumeOf(tx, book.id, chapter.volume_id);
      const before = await tx
        .selectFrom('chapters')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('volume_id', '=', volume.id)
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.or([eb('sort', '<', chapter.sort), eb.and([eb('sort', '=', chapter.sort), eb('id', '<', chapter.id)])]),
        )
        .executeTakeFirstOrThrow();
      const now = Date.now();
      await this.#place(tx, chapter, volume, Number(before.n), { deleted_at: null });
      await recountBook(tx, book.id, now);
      await applyVipKeepingPublished(tx, await payPointAfterRestore(tx, book, chapter.id));
    });
  }

  /** Drafts box: every draft and revised chapter of a book, in reading order. */
  async drafts(owner: Owner, bookId: number) {
    const book = await ownedBook(this.#db, owner, bookId);
    const rows = (await this.#db
      .selectFrom('chapters')
      .innerJoin('volumes', 'volumes.id', 'chapters.volume_id')
      .select([...LIST_COLUMNS.map((c) => `chapters.${c}` as const), 'volumes.title as volume_title'])
      .where('chapters.book_id', '=', book.id)
      .where('chapters.deleted_at', 'is', null)
      .where('chapters.status', '<>', 'published')
      .orderBy('volumes.sort')
      .orderBy('chapters.sort')
      .orderBy('chapters.id')
      .limit(1000)
      .execute()) as Array<ChapterRow & { volume_title: string }>;
    return rows.map((r) => ({ ...chapterListItem(r), volume_title: r.volume_title }));
  }

  // ------------------------------------------------------------------------------------------
  // Versions

  async history(owner: Owner, chapterId: number) {
    const { chapter } = await ownedChapter(this.#db, owner, chapterId);
    const rows = await this.#db
      .selectFrom('chapter_versions')
      .select(['id', 'revision', 'kind', 'title', 'words', 'created_at'])
      .where('chapter_id', '=', chapter.id)
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return {
      current: { revision: chapter.revision, saved_at: chapter.saved_at, words: chapter.words, title: chapter.title },
      list: rows.map((r) => ({ version_id: r.id, ...r, id: undefined })),
    };
  }

  async #version(chapterId: number, versionId: number) {
    const v = await this.#db
      .selectFrom('chapter_versions')
      .selectAll()
      .where('id', '=', versionId)
      .where('chapter_id', '=', chapterId)
      .executeTakeFirst();
    if (!v) throw notFound({ 'zh-CN': '历史版本不存在', 'en-US': 'The version does not exist' });
    return v;
  }

  /**
   * chapter-diff: a version side by side with another version, the published text or (default)
   * the current working text.
   */
  async diff(owner: Owner, chapterId: number, versionId: number, against: 'current' | 'published' | number) {
    const { chapter } = await ownedChapter(this.#db, owner, chapterId);
    const left = await this.#version(chapter.id, versionId);
    let right: { title: string; body: string; label: string; created_at: number | null };
    if (typeof against === 'number') {
      const v = await this.#version(chapter.id, against);
      right = { title: v.title, body: v.body, label: 'version', created_at: v.created_at };
    } else {
      const text = await this.#db
        .selectFrom('chapter_texts')
        .selectAll()
        .where('chapter_id', '=', chapter.id)
        .executeTakeFirstOrThrow();
      const live = await this.#db
        .selectFrom('chapter_live')
        .select('body')
        .where('chapter_id', '=', chapter.id)
        .executeTakeFirst();
      right =
        against === 'published'
          ? {
              title: chapter.published_title ?? '',
              body: live?.body ?? '',
              label: 'published',
              created_at: chapter.published_at,
            }
          : { title: chapter.title, body: text.body, label: 'current', created_at: chapter.saved_at };
    }
    return {
      left: { version_id: left.id, title: left.title, kind: left.kind, created_at: left.created_at, words: left.words },
      right: { label: right.label, title: right.title, created_at: right.created_at, words: countWords(right.body) },
      rows: diffParagraphs(left.body, right.body),
    };
  }

  /**
   * Puts a version back as the working text. The text it replaces is kept as a 'before-restore'
   * version and the restored one as a 'restore' version, in the save's own transaction: either
   * all of it commits or nothing does.
   */
  async restoreVersion(owner: Owner, chapterId: number, versionId: number, baseRevision: number) {
    const { chapter } = await ownedChapter(this.#db, owner, chapterId);
    const v = await this.#version(chapter.id, versionId);
    const words = countWords(v.body);
    // The version is the text as it stands: nothing to put back, and no pair of versions that only
    // repeat the current text (a second click on 恢复此版本, or restoring the newest version).
    if (chapter.revision === baseRevision && chapter.title === v.title && chapter.text_hash === textHash(v.body)) {
      return {
        chapter_id: chapter.id,
        revision: chapter.revision,
        saved_at: chapter.saved_at,
        words: chapter.words,
        status: chapter.status,
        title_problem: titleProblem(chapter.title),
        duplicate: true,
      };
    }
    return this.save(owner, {
      chapterId: chapter.id,
      baseRevision,
      title: v.title,
      content: v.body,
      saveKey: `restore:${versionId}:${baseRevision}`,
      explicit: false,
      versioned: true,
      beforeWrite: async (tx, current) => {
        const text = await tx
          .selectFrom('chapter_texts')
          .select('body')
          .where('chapter_id', '=', current.id)
          .executeTakeFirstOrThrow();
        const now = Date.now();
        await insertVersion(
          tx,
          current.id,
          current.revision,
          'before-restore',
          current.title,
          text.body,
          current.words,
          now,
        );
        await insertVersion(tx, current.id, current.revision + 1, 'restore', v.title, v.body, words, now);
      },
    });
  }

  /** Marks published chapters of a volume or book as changed for the reading sites (renames, reorders). */
  async #touchPublished(tx: Executor, where: { volumeId?: number; bookId?: number }) {
    let q = tx.selectFrom('chapters').select('id').where('status', '<>', 'draft').where('deleted_at', 'is', null);
    if (where.volumeId) q = q.where('volume_id', '=', where.volumeId);
    if (where.bookId) q = q.where('book_id', '=', where.bookId);
    for (const { id } of await q.execute()) {
      await tx
        .updateTable('chapters')
        .set({ change_seq: await nextChangeSeq(tx) })
        .where('id', '=', id)
        .execute();
    }
  }
}

/** A published chapter's author's say, changed live: the reading sites see it at once. */
async function setLiveSay(tx: Executor, chapterId: number, say: string): Promise<void> {
  await tx.updateTable('chapter_live').set({ author_say: say }).where('chapter_id', '=', chapterId).execute();
  await tx
    .updateTable('chapters')
    .set({ change_seq: await nextChangeSeq(tx) })
    .where('id', '=', chapterId)
    .execute();
}

/**
 * The pay point once a chapter is back from the recycle bin: the chapter that was the pay point when
 * it was deleted is the pay point again, unless that would change a published chapter between free
 * and paid (then the pay point stays where it moved to).
 */
async function payPointAfterRestore(tx: Executor, book: BookRow, chapterId: number): Promise<BookRow> {
  if (book.pay_point_in_bin !== chapterId) return book;
  await tx.updateTable('books').set({ pay_point_in_bin: null }).where('id', '=', book.id).execute();
  const order = await readingOrder(tx, book.id);
  const vip = vipUnder(order, chapterId);
  if (order.some((c) => c.status !== 'draft' && (vip.get(c.id) ?? 0) !== c.vip)) return book;
  await tx.updateTable('books').set({ pay_point_chapter_id: chapterId }).where('id', '=', book.id).execute();
  return { ...book, pay_point_chapter_id: chapterId };
}

/** Whether the chapter's newest kept version (a refused conflict text aside) is this title and text. */
async function lastVersionHolds(db: Executor, chapterId: number, title: string, body: string): Promise<boolean> {
  const last = await db
    .selectFrom('chapter_versions')
    .select(['title', 'body'])
    .where('chapter_id', '=', chapterId)
    .where('kind', '!=', 'conflict')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last !== undefined && last.title === title && last.body === body;
}

export async function insertVersion(
  db: Executor,
  chapterId: number,
  revision: number,
  kind: VersionKind,
  title: string,
  body: string,
  words: number,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('chapter_versions')
    .values({ chapter_id: chapterId, revision, kind, title, body, words, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a draft chapter (row and text) at the end of its volume. */
export async function insertChapter(
  tx: Executor,
  c: {
    clientId: number;
    bookId: number;
    volumeId: number;
    counted: number;
    title: string;
    body: string;
    sort?: number;
  },
): Promise<number> {
  const now = Date.now();
  let sort = c.sort;
  if (sort === undefined) {
    const last = await tx
      .selectFrom('chapters')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('volume_id', '=', c.volumeId)
      .executeTakeFirst();
    sort = Number(last?.sort ?? 0) + 1;
  }
  const words = countWords(c.body);
  const chapter = await tx
    .insertInto('chapters')
    .values({
      client_id: c.clientId,
      book_id: c.bookId,
      volume_id: c.volumeId,
      title: c.title,
      status: 'draft',
      sort,
      counted: c.counted,
      words,
      published_words: 0,
      published_title: null,
      vip: 0,
      revision: c.body ? 1 : 0,
      text_hash: c.body ? textHash(c.body) : null,
      published_hash: null,
      scheduled_at: null,
      schedule_job_id: null,
      published_at: null,
      first_published_at: null,
      change_seq: 0,
      saved_at: now,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('chapter_texts')
    .values({
      chapter_id: chapter.id,
      body: c.body,
      author_say: '',
      last_save_key: null,
      last_save_revision: null,
      snapshot_at: 0,
    })
    .execute();
  return chapter.id;
}

export type { BookRow };

import { randomBytes } from 'node:crypto';
import {
  BOOK_CATEGORIES,
  type BookKind,
  DEFAULT_VOLUME_TITLE,
  isAllowedText,
  NOTICE_VOLUME_TITLE,
  PAGINATION,
  TEXT_PATTERN_MESSAGE,
  WORKS_ERROR,
  WORKS_LIMITS,
} from '@author-centre/shared';
import sharp from 'sharp';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { AppError, badInput } from '../../platform/http/errors.ts';
import {
  applyVip,
  type BookRow,
  checkTitle,
  type Executor,
  type Owner,
  ownedBook,
  readingOrder,
  titleKey,
  vipUnder,
} from './works.repository.ts';

export type BookSort = 'updated' | 'created' | 'words' | 'custom';

export interface BookInput {
  kind: BookKind;
  title: string;
  category: string;
  tags: string[];
  intro: string;
  cover: string | null;
  finished: boolean;
}

export function bookView(book: BookRow) {
  return {
    book_id: book.id,
    kind: book.kind,
    title: book.title,
    category: book.category,
    tags: JSON.parse(book.tags) as string[],
    intro: book.intro,
    cover: book.cover,
    finished: book.finished === 1,
    sort_order: book.sort_order,
    total_words: book.total_words,
    published_words: book.published_words,
    chapter_count: book.chapter_count,
    published_count: book.published_count,
    pay_point_chapter_id: book.pay_point_chapter_id,
    last_published_at: book.last_published_at,
    created_at: book.created_at,
    updated_at: book.updated_at,
  };
}

const titleTaken = () =>
  new AppError(
    WORKS_ERROR.bookTitleTaken,
    { 'zh-CN': '作品名已存在，请换一个', 'en-US': 'A book with this title already exists; please choose another' },
    { httpStatus: 409, field: 'title' },
  );

/** The columns of a book that the author edits, as stored. */
function storedFields(input: BookInput) {
  return {
    title: input.title,
    title_key: titleKey(input.title),
    category: input.category,
    tags: JSON.stringify(input.tags),
    intro: input.intro,
    cover: input.cover,
    finished: input.finished ? 1 : 0,
  };
}

export class BooksService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  validate(input: BookInput): BookInput {
    const title = checkTitle('title', input.title, WORKS_LIMITS.titleMax);
    if (!BOOK_CATEGORIES[input.kind].some((c) => c.value === input.category)) {
      throw badInput('category', { 'zh-CN': '请选择作品分类', 'en-US': 'Please choose a category' });
    }
    const tags = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))];
    if (tags.length > WORKS_LIMITS.tagsMax) {
      throw badInput('tags', {
        'zh-CN': `标签最多${WORKS_LIMITS.tagsMax}个`,
        'en-US': `At most ${WORKS_LIMITS.tagsMax} tags`,
      });
    }
    for (const tag of tags) {
      if ([...tag].length > WORKS_LIMITS.tagMax || !isAllowedText(tag)) {
        throw badInput(
          'tags',
          [...tag].length > WORKS_LIMITS.tagMax
            ? {
                'zh-CN': `每个标签最多${WORKS_LIMITS.tagMax}个字`,
                'en-US': `Each tag may have at most ${WORKS_LIMITS.tagMax} characters`,
              }
            : TEXT_PATTERN_MESSAGE,
        );
      }
    }
    const intro = input.intro.trim();
    const introLength = [...intro].length;
    if (introLength < WORKS_LIMITS.introMin || introLength > WORKS_LIMITS.introMax) {
      throw badInput('intro', {
        'zh-CN': `简介需${WORKS_LIMITS.introMin}~${WORKS_LIMITS.introMax}字`,
        'en-US': `The introduction needs ${WORKS_LIMITS.introMin}–${WORKS_LIMITS.introMax} characters`,
      });
    }
    if (input.cover !== null && !/^(\/uploads\/|https:\/\/)[^\s"'<>]+$/.test(input.cover)) {
      throw badInput('cover', { 'zh-CN': '封面地址无效', 'en-US': 'The cover address is not valid' });
    }
    return { ...input, title, tags, intro };
  }

  /** Whether a title is free in the brand (check-book-title); the book's own title is free for it. */
  async titleAvailable(clientId: number, title: string, exceptBookId?: number): Promise<boolean> {
    let query = this.#db
      .selectFrom('books')
      .select('id')
      .where('client_id', '=', clientId)
      .where('title_key', '=', titleKey(title));
    if (exceptBookId) query = query.where('id', '<>', exceptBookId);
    return !(await query.executeTakeFirst());
  }

  async create(owner: Owner, raw: BookInput): Promise<BookRow> {
    const input = this.validate(raw);
    const now = Date.now();
    const count = await this.#db
      .selectFrom('books')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', owner.accountId)
      .where('kind', '=', input.kind)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= WORKS_LIMITS.booksPerKindMax) {
      throw new AppError(WORKS_ERROR.bookLimitReached, {
        'zh-CN': `同类作品最多${WORKS_LIMITS.booksPerKindMax}部`,
        'en-US': `At most ${WORKS_LIMITS.booksPerKindMax} books of one kind`,
      });
    }
    if (!(await this.titleAvailable(owner.clientId, input.title))) throw titleTaken();
    try {
      return await inTransaction(this.#db, async (tx) => {
        const book = await tx
          .insertInto('books')
          .values({
            client_id: owner.clientId,
            user_id: owner.userId,
            account_id: owner.accountId,
            kind: input.kind,
            ...storedFields(input),
            sort_order: 0,
            total_words: 0,
            published_words: 0,
            chapter_count: 0,
            published_count: 0,
            pay_point_chapter_id: null,
            regular_schedule: null,
            regular_job_id: null,
            last_published_at: null,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // Novels and screenplays start with the notice volume and a first volume; a short story is one text.
        const volumes =
          input.kind === 'short'
            ? [{ title: '正文', is_notice: 0 }]
            : [
                { title: NOTICE_VOLUME_TITLE, is_notice: 1 },
                { title: DEFAULT_VOLUME_TITLE, is_notice: 0 },
              ];
        let sort = 0;
        for (const v of volumes) {
          const volume = await tx
            .insertInto('volumes')
            .values({
              client_id: owner.clientId,
              book_id: book.id,
              title: v.title,
              sort: sort++,
              is_notice: v.is_notice,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (input.kind === 'short')
            await createShortStoryText(tx, owner.clientId, book.id, volume.id, input.title, now);
        }
        return book as BookRow;
      });
    } catch (error) {
      // Two authors taking the same title at the same moment: the unique index decides.
      if (/unique|duplicate/i.test(String((error as Error).message))) throw titleTaken();
      throw error;
    }
  }

  async update(owner: Owner, bookId: number, raw: Omit<BookInput, 'kind'>): Promise<BookRow> {
    const book = await ownedBook(this.#db, owner, bookId);
    const input = this.validate({ ...raw, kind: book.kind });
    if (!(await this.titleAvailable(owner.clientId, input.title, book.id))) throw titleTaken();
    try {
      await inTransaction(this.#db, async (tx) => {
        const now = Date.now();
        await tx
          .updateTable('books')
          .set({
            ...storedFields(input),
            updated_at: now,
          })
          .where('id', '=', book.id)
          .execute();
        // A short story's one text carries its title (the editor shows it, not as a field): it follows a rename.
        if (book.kind === 'short' && input.title !== book.title) {
          await tx
            .updateTable('chapters')
            .set({ title: input.title, updated_at: now })
            .where('book_id', '=', book.id)
            .where('title', '=', book.title)
            .execute();
        }
      });
    } catch (error) {
      if (/unique|duplicate/i.test(String((error as Error).message))) throw titleTaken();
      throw error;
    }
    return ownedBook(this.#db, owner, bookId);
  }

  async list(
    owner: Owner,
    kind: BookKind,
    sort: BookSort,
    page: number,
    pageSize: number = PAGINATION.defaultPageSize,
  ) {
    let query = this.#db
      .selectFrom('books')
      .selectAll()
      .where('account_id', '=', owner.accountId)
      .where('client_id', '=', owner.clientId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null);
    query =
      sort === 'created'
        ? query.orderBy('created_at', 'desc')
        : sort === 'words'
          ? query.orderBy('total_words', 'desc')
          : sort === 'custom'
            ? query.orderBy('sort_order', 'asc').orderBy('created_at', 'desc')
            : query.orderBy('updated_at', 'desc');
    const rows = (await query
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute()) as BookRow[];
    const total = await this.#db
      .selectFrom('books')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', owner.accountId)
      .where('client_id', '=', owner.clientId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { list: rows.map(bookView), total: Number(total.n), page, page_size: pageSize };
  }

  /** edit-sort: the author's own order of a list; books not named keep their place after these. */
  async editSort(owner: Owner, kind: BookKind, bookIds: number[]): Promise<void> {
    await inTransaction(this.#db, async (tx) => {
      const owned = await tx
        .selectFrom('books')
        .select('id')
        .where('account_id', '=', owner.accountId)
        .where('client_id', '=', owner.clientId)
        .where('kind', '=', kind)
        .where('deleted_at', 'is', null)
        .execute();
      const ids = new Set(owned.map((b) => b.id));
      for (const id of bookIds) {
        if (!ids.has(id)) throw badInput('book_ids', { 'zh-CN': '作品不存在', 'en-US': 'Unknown book in the order' });
      }
      let i = 1;
      for (const id of bookIds) await tx.updateTable('books').set({ sort_order: i++ }).where('id', '=', id).execute();
      for (const { id } of owned) {
        if (!bookIds.includes(id))
          await tx.updateTable('books').set({ sort_order: i++ }).where('id', '=', id).execute();
      }
    });
  }

  /** Why a book cannot be deleted, or null when it can. */
  async deleteRefusal(book: BookRow): Promise<{ 'zh-CN': string; 'en-US': string } | null> {
    const paid = await this.#db
      .selectFrom('chapters')
      .select('id')
      .where('book_id', '=', book.id)
      .where('vip', '=', 1)
      .where('first_published_at', 'is not', null)
      .executeTakeFirst();
    if (paid) {
      return {
        'zh-CN': '作品已有付费章节发布，不能删除',
        'en-US': 'This book has published paid chapters and cannot be deleted',
      };
    }
    const published = await this.#db
      .selectFrom('chapters')
      .select('id')
      .where('book_id', '=', book.id)
      .where('first_published_at', 'is not', null)
      .executeTakeFirst();
    if (published) {
      return {
        'zh-CN': '作品已有章节发布，不能删除',
        'en-US': 'This book has published chapters and cannot be deleted',
      };
    }
    return null;
  }

  async delete(owner: Owner, bookId: number): Promise<void> {
    const book = await ownedBook(this.#db, owner, bookId);
    const refusal = await this.deleteRefusal(book);
    if (refusal) throw new AppError(WORKS_ERROR.bookNotDeletable, refusal, { httpStatus: 409 });
    await inTransaction(this.#db, async (tx) => {
      const now = Date.now();
      const scheduled = await tx
        .selectFrom('chapters')
        .select('schedule_job_id')
        .where('book_id', '=', book.id)
        .where('schedule_job_id', 'is not', null)
        .execute();
      for (const { schedule_job_id } of scheduled) await this.#ctx.jobs.cancel(tx, schedule_job_id!);
      if (book.regular_job_id) await this.#ctx.jobs.cancel(tx, book.regular_job_id);
      // The title is free again; the drafts stay in the database for support to recover.
      await tx
        .updateTable('books')
        .set({ deleted_at: now, title_key: null, regular_job_id: null, updated_at: now })
        .where('id', '=', book.id)
        .execute();
    });
  }

  async payPointInfo(owner: Owner, bookId: number) {
    const book = await ownedBook(this.#db, owner, bookId);
    const chapter = book.pay_point_chapter_id
      ? await this.#db
          .selectFrom('chapters')
          .select(['id', 'title', 'volume_id'])
          .where('id', '=', book.pay_point_chapter_id)
          .executeTakeFirst()
      : undefined;
    const free = await this.#db
      .selectFrom('chapters')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('words').as('words')])
      .where('book_id', '=', book.id)
      .where('deleted_at', 'is', null)
      .where('vip', '=', 0)
      .where('counted', '=', 1)
      .executeTakeFirstOrThrow();
    const lockedBy = await this.#db
      .selectFrom('chapters')
      .select('id')
      .where('book_id', '=', book.id)
      .where('deleted_at', 'is', null)
      .where('status', '<>', 'draft')
      .where('vip', '=', 1)
      .executeTakeFirst();
    return {
      book_id: book.id,
      pay_point_chapter_id: book.pay_point_chapter_id,
      pay_point_chapter_title: chapter?.title ?? null,
      free_chapters: Number(free.n),
      free_words: Number(free.words ?? 0),
      /** Published paid chapters exist: the point may only move where no published chapter changes. */
      has_published_paid: Boolean(lockedBy),
    };
  }

  /**
   * Sets the pay point: this chapter and those after it become paid (vip 1), the ones before it
   * free (vip 0). A published chapter never changes between free and paid: readers have read it
   * for free or paid for it.
   */
  async setPayPoint(owner: Owner, bookId: number, chapterId: number | null) {
    await inTransaction(this.#db, async (tx) => {
      const book = await ownedBook(tx, owner, bookId);
      const order = await readingOrder(tx, book.id);
      if (chapterId !== null) {
        const target = order.find((c) => c.id === chapterId);
        if (!target) throw badInput('chapter_id', { 'zh-CN': '章节不存在', 'en-US': 'Unknown chapter' });
        if (target.is_notice) {
          throw badInput('chapter_id', {
            'zh-CN': '作品相关中的章节不能设为收费点',
            'en-US': 'A chapter of the notice volume cannot be the pay point',
          });
        }
      }
      const next = vipUnder(order, chapterId);
      const flipped = order.find((c) => c.status !== 'draft' && (next.get(c.id) ?? 0) !== c.vip);
      if (flipped) {
        const title = await tx.selectFrom('chapters').select('title').where('id', '=', flipped.id).executeTakeFirst();
        throw new AppError(
          WORKS_ERROR.payPointLocked,
          {
            'zh-CN': `已发布章节「${title?.title ?? ''}」的收费状态不能改变，请选择其他章节`,
            'en-US': `The published chapter "${title?.title ?? ''}" cannot change between free and paid; choose another chapter`,
          },
          { httpStatus: 409 },
        );
      }
      await tx
        .updateTable('books')
        .set({ pay_point_chapter_id: chapterId, pay_point_in_bin: null, updated_at: Date.now() })
        .where('id', '=', book.id)
        .execute();
      await applyVip(tx, { id: book.id, pay_point_chapter_id: chapterId });
    });
    return this.payPointInfo(owner, bookId);
  }

  /**
   * Makes a rendered cover the book's cover (the cover maker, issue 17, which stores the image and
   * keeps the template and settings it was made from). In the caller's transaction when given.
   */
  async setCover(owner: Owner, bookId: number, cover: string, tx: Executor = this.#db) {
    const book = await ownedBook(tx, owner, bookId);
    await tx.updateTable('books').set({ cover, updated_at: Date.now() }).where('id', '=', book.id).execute();
    return bookView({ ...book, cover });
  }

  /** Re-encodes an uploaded cover (any common image) to a 600×800 JPEG and stores it. */
  async uploadCover(owner: Owner, data: Buffer): Promise<{ url: string; width: number; height: number }> {
    if (data.length === 0 || data.length > WORKS_LIMITS.coverMaxBytes) {
      throw badInput('file', { 'zh-CN': '封面图片需小于5MB', 'en-US': 'The cover image must be under 5 MB' });
    }
    let jpeg: Buffer;
    try {
      jpeg = await sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(600, 800, { fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch {
      throw badInput('file', {
        'zh-CN': '无法识别的图片，请上传 JPG、PNG 或 WebP 图片',
        'en-US': 'This image cannot be read; please upload a JPG, PNG or WebP image',
      });
    }
    const key = `covers/${owner.clientId}/${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.jpg`;
    const stored = await this.#ctx.storage.put(key, jpeg, 'image/jpeg');
    return { url: stored.url, width: 600, height: 800 };
  }
}

/** A short story is edited as one text: its single chapter exists from the start. */
async function createShortStoryText(
  tx: Executor,
  clientId: number,
  bookId: number,
  volumeId: number,
  title: string,
  now: number,
): Promise<void> {
  const chapter = await tx
    .insertInto('chapters')
    .values({
      client_id: clientId,
      book_id: bookId,
      volume_id: volumeId,
      title,
      status: 'draft',
      sort: 1,
      counted: 1,
      words: 0,
      published_words: 0,
      published_title: null,
      vip: 0,
      revision: 0,
      text_hash: null,
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
      body: '',
      author_say: '',
      last_save_key: null,
      last_save_revision: null,
      snapshot_at: 0,
    })
    .execute();
  await tx.updateTable('books').set({ chapter_count: 1 }).where('id', '=', bookId).execute();
}

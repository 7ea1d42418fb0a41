import { CREATIVE_ERROR, ILLUSTRATION_LIMITS, shanghaiDate, shanghaiDayStart } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { AppError, badInput, notFound } from '../../platform/http/errors.ts';
import { sensitiveWordIn } from '../works/text-check.ts';
import {
  type BookRow,
  type ChapterRow,
  type Owner,
  ownedBook,
  ownedChapter,
  readingOrder,
  touchPublishedChapter,
} from '../works/works.repository.ts';
import { type ImageProvider, ImageProviderError, imageProviderFrom } from './image-ai.ts';
import { acceptImage, storedKeyOf, storeImage } from './images.ts';
import './creative.tables.ts';

/**
 * Interactive images: illustrations an author attaches to the paragraphs of their chapters, and AI
 * pictures generated for a paragraph. A paragraph is a non-empty line of the chapter's text — the
 * live text once the chapter is published (what readers see), else the working text. Saving a
 * published chapter's illustrations puts it back in the reading sites' change feed.
 */

export interface IllustrationInput {
  paragraph_index: number;
  image_url: string;
  caption: string;
  picture_id?: number | null;
}

const illustrationPrefix = (owner: Owner) => `illustrations/${owner.clientId}/${owner.accountId}/`;

export function paragraphsOf(text: string): string[] {
  return text
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
}

const unavailable = () =>
  new AppError(
    CREATIVE_ERROR.aiImageUnavailable,
    {
      'zh-CN': 'AI配图暂未开放：平台还没有配置图片生成服务，您可以上传自己的图片',
      'en-US':
        'AI pictures are not available: no image-generation service is configured. You can upload your own images',
    },
    { httpStatus: 403 },
  );

export class IllustrationsService {
  readonly #ctx: AppContext;
  readonly #provider: ImageProvider | null;

  constructor(ctx: AppContext, provider: ImageProvider | null = imageProviderFrom(ctx.config.env)) {
    this.#ctx = ctx;
    this.#provider = provider;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** The author's books (novels and short stories first by their latest change). */
  async books(owner: Owner) {
    const rows = await this.#db
      .selectFrom('books')
      .select(['id', 'title', 'kind', 'chapter_count'])
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .where('deleted_at', 'is', null)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((b) => ({ book_id: b.id, title: b.title, kind: b.kind, chapter_count: b.chapter_count }));
  }

  /** A book's chapters in reading order with how many illustrations each has. */
  async chapterList(owner: Owner, bookId: number) {
    const book = await ownedBook(this.#db, owner, bookId);
    const order = await readingOrder(this.#db, book.id);
    const ids = order.map((c) => c.id);
    const titles = ids.length
      ? await this.#db.selectFrom('chapters').select(['id', 'title', 'words']).where('id', 'in', ids).execute()
      : [];
    const counts = ids.length
      ? await this.#db
          .selectFrom('chapter_illustrations')
          .select((eb) => ['chapter_id', eb.fn.countAll<number>().as('n')])
          .where('chapter_id', 'in', ids)
          .groupBy('chapter_id')
          .execute()
      : [];
    const titleOf = new Map(titles.map((t) => [t.id, t]));
    const countOf = new Map(counts.map((c) => [c.chapter_id, Number(c.n)]));
    return {
      book_id: book.id,
      book_title: book.title,
      list: order.map((c) => ({
        chapter_id: c.id,
        title: titleOf.get(c.id)?.title ?? '',
        words: titleOf.get(c.id)?.words ?? 0,
        status: c.status,
        illustration_count: countOf.get(c.id) ?? 0,
      })),
    };
  }

  async #paragraphs(chapter: ChapterRow): Promise<string[]> {
    const live = chapter.status !== 'draft';
    const row = live
      ? await this.#db.selectFrom('chapter_live').select('body').where('chapter_id', '=', chapter.id).executeTakeFirst()
      : await this.#db
          .selectFrom('chapter_texts')
          .select('body')
          .where('chapter_id', '=', chapter.id)
          .executeTakeFirst();
    return paragraphsOf(row?.body ?? '');
  }

  /**
   * The chapter's illustrations. One whose paragraph no longer exists (the text was shortened and
   * published again) is shown at the last paragraph, so the author can still see, move or remove it.
   */
  async #illustrations(chapterId: number, paragraphCount: number) {
    const rows = await this.#db
      .selectFrom('chapter_illustrations')
      .selectAll()
      .where('chapter_id', '=', chapterId)
      .orderBy('sort')
      .execute();
    return rows.map((r) => ({
      illustration_id: r.id,
      paragraph_index: Math.min(r.paragraph_index, Math.max(0, paragraphCount - 1)),
      image_url: r.image_url,
      caption: r.caption,
      picture_id: r.picture_id,
    }));
  }

  /** A chapter's paragraphs and illustrations (interact-pic chapter info). */
  async chapterInfo(owner: Owner, chapterId: number) {
    const { chapter, book } = await ownedChapter(this.#db, owner, chapterId);
    const paragraphs = await this.#paragraphs(chapter);
    return {
      book_id: book.id,
      book_title: book.title,
      chapter_id: chapter.id,
      title: chapter.title,
      status: chapter.status,
      paragraphs,
      illustrations: await this.#illustrations(chapter.id, paragraphs.length),
      limits: ILLUSTRATION_LIMITS,
    };
  }

  /**
   * Replaces the chapter's illustrations with the list given, in its order: attaching, captioning,
   * reordering and removing are all one save. Every image must be the author's own upload or AI picture.
   */
  async save(owner: Owner, chapterId: number, items: IllustrationInput[]) {
    const { chapter, book } = await ownedChapter(this.#db, owner, chapterId);
    if (items.length > ILLUSTRATION_LIMITS.perChapter) {
      throw badInput('illustrations', {
        'zh-CN': `每章最多${ILLUSTRATION_LIMITS.perChapter}张插图`,
        'en-US': `At most ${ILLUSTRATION_LIMITS.perChapter} illustrations a chapter`,
      });
    }
    const paragraphs = await this.#paragraphs(chapter);
    const pictureIds = items.map((i) => i.picture_id).filter((id): id is number => typeof id === 'number');
    const pictures = pictureIds.length
      ? await this.#db
          .selectFrom('ai_pictures')
          .select(['id', 'image_url'])
          .where('id', 'in', pictureIds)
          .where('account_id', '=', owner.accountId)
          .where('chapter_id', '=', chapter.id)
          .execute()
      : [];
    const pictureUrl = new Map(pictures.map((p) => [p.id, p.image_url]));
    const clean = items.map((item, i) => {
      const field = `illustrations.${i}`;
      if (item.paragraph_index >= paragraphs.length) {
        throw badInput(`${field}.paragraph_index`, {
          'zh-CN': '段落不存在，请刷新后重试',
          'en-US': 'That paragraph does not exist; please reload and try again',
        });
      }
      const own =
        item.picture_id != null
          ? pictureUrl.get(item.picture_id) === item.image_url
          : storedKeyOf(this.#ctx, item.image_url, illustrationPrefix(owner)) !== null;
      if (!own) {
        throw badInput(`${field}.image_url`, {
          'zh-CN': '图片无效，请重新上传',
          'en-US': 'The image is not valid; please upload it again',
        });
      }
      const caption = item.caption.replace(/\s+/g, ' ').trim();
      const word = sensitiveWordIn(caption);
      if (word) {
        throw badInput(`${field}.caption`, {
          'zh-CN': `图片说明含有敏感词「${word}」，请修改`,
          'en-US': `The caption contains the sensitive word "${word}"; please change it`,
        });
      }
      return { ...item, caption, picture_id: item.picture_id ?? null };
    });
    const now = Date.now();
    await inTransaction(this.#db, async (tx) => {
      await tx.deleteFrom('chapter_illustrations').where('chapter_id', '=', chapter.id).execute();
      for (const [sort, item] of clean.entries()) {
        await tx
          .insertInto('chapter_illustrations')
          .values({
            client_id: owner.clientId,
            account_id: owner.accountId,
            book_id: book.id,
            chapter_id: chapter.id,
            paragraph_index: item.paragraph_index,
            sort,
            image_url: item.image_url,
            caption: item.caption,
            picture_id: item.picture_id,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      await touchPublishedChapter(tx, chapter.id);
    });
    return this.chapterInfo(owner, chapter.id);
  }

  /** An illustration the author uploads: checked, re-encoded (≤ 1200 px wide), stored. */
  async upload(owner: Owner, data: Buffer) {
    const { jpeg, width, height } = await acceptImage(data, {
      field: 'file',
      maxBytes: ILLUSTRATION_LIMITS.imageMaxBytes,
      minSide: ILLUSTRATION_LIMITS.minSide,
      maxSide: ILLUSTRATION_LIMITS.maxSide,
      fit: { maxWidth: ILLUSTRATION_LIMITS.storedMaxWidth },
    });
    return { url: await storeImage(this.#ctx, illustrationPrefix(owner), jpeg), width, height };
  }

  /** Pictures this pen name made today (Asia/Shanghai). */
  async #madeToday(owner: Owner, now: number): Promise<number> {
    const row = await this.#db
      .selectFrom('ai_pictures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', owner.accountId)
      .where('created_at', '>=', shanghaiDayStart(now))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Today's AI pictures used: made, or reserved by a request still being made. */
  async #usedToday(owner: Owner, now = Date.now()): Promise<number> {
    const [made, day] = await Promise.all([
      this.#madeToday(owner, now),
      this.#db
        .selectFrom('ai_picture_days')
        .select('used')
        .where('account_id', '=', owner.accountId)
        .where('day', '=', shanghaiDate(now))
        .executeTakeFirst(),
    ]);
    return Math.max(made, Number(day?.used ?? 0));
  }

  /**
   * Takes one of today's AI pictures for this pen name before the provider is asked, or refuses at the
   * limit: the day's row is raised by one conditional update (`used < limit`), which the database applies
   * one request at a time, so parallel requests cannot take the last picture twice. Returns the day,
   * for `#release` when making the picture fails.
   */
  async #reserve(owner: Owner): Promise<string> {
    const now = Date.now();
    const day = shanghaiDate(now);
    const made = await this.#madeToday(owner, now);
    await this.#db
      .insertInto('ai_picture_days')
      .values({ client_id: owner.clientId, account_id: owner.accountId, day, used: made })
      .onConflict((oc) => oc.columns(['account_id', 'day']).doNothing())
      .execute();
    // Pictures that were made without a reservation (before reservations existed) count too.
    await this.#db
      .updateTable('ai_picture_days')
      .set({ used: made })
      .where('account_id', '=', owner.accountId)
      .where('day', '=', day)
      .where('used', '<', made)
      .execute();
    const taken = await this.#db
      .updateTable('ai_picture_days')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('account_id', '=', owner.accountId)
      .where('day', '=', day)
      .where('used', '<', ILLUSTRATION_LIMITS.aiDailyLimit)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) {
      throw new AppError(
        CREATIVE_ERROR.aiImageDailyLimit,
        {
          'zh-CN': `今天的AI配图次数（${ILLUSTRATION_LIMITS.aiDailyLimit}次）已用完，请明天再试`,
          'en-US': `Today's AI pictures (${ILLUSTRATION_LIMITS.aiDailyLimit}) are used up; please try again tomorrow`,
        },
        { httpStatus: 429 },
      );
    }
    return day;
  }

  /** Gives back a reserved picture whose making failed (the author did not get one). */
  async #release(owner: Owner, day: string): Promise<void> {
    await this.#db
      .updateTable('ai_picture_days')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('account_id', '=', owner.accountId)
      .where('day', '=', day)
      .where('used', '>', 0)
      .execute();
  }

  /** Whether AI pictures can be made here, and how many are left today (interact-pic AI config). */
  async aiConfig(owner: Owner) {
    const used = await this.#usedToday(owner);
    return {
      available: this.#provider !== null,
      provider: this.#provider?.name ?? null,
      model: this.#provider?.model ?? null,
      daily_limit: ILLUSTRATION_LIMITS.aiDailyLimit,
      used_today: used,
      left_today: Math.max(0, ILLUSTRATION_LIMITS.aiDailyLimit - used),
    };
  }

  /** The prompt for a paragraph: the picture of what it describes, in the book's setting. */
  promptFor(book: Pick<BookRow, 'title'>, chapter: Pick<ChapterRow, 'title'>, paragraph: string): string {
    return `为网络小说《${book.title}》的章节「${chapter.title}」绘制一幅插图，描绘这一段的画面：${[...paragraph].slice(0, 300).join('')}。画面中不要出现文字。`;
  }

  async #generate(
    owner: Owner,
    target: { book: BookRow; chapter: ChapterRow; paragraphIndex: number; prompt: string },
  ) {
    const provider = this.#provider;
    if (!provider) throw unavailable();
    const day = await this.#reserve(owner);
    try {
      return await this.#make(owner, provider, target);
    } catch (error) {
      await this.#release(owner, day);
      throw error;
    }
  }

  async #make(
    owner: Owner,
    provider: ImageProvider,
    target: { book: BookRow; chapter: ChapterRow; paragraphIndex: number; prompt: string },
  ) {
    let bytes: Buffer;
    try {
      bytes = await provider.generate({ prompt: target.prompt });
    } catch (e) {
      if (!(e instanceof ImageProviderError)) throw e;
      throw new AppError(
        CREATIVE_ERROR.aiImageFailed,
        { 'zh-CN': 'AI配图生成失败，请重试', 'en-US': 'The AI picture could not be made; please try again' },
        { httpStatus: 502 },
      );
    }
    const { jpeg } = await acceptImage(bytes, {
      field: 'picture',
      maxBytes: 20 * 1024 * 1024,
      minSide: 64,
      maxSide: ILLUSTRATION_LIMITS.maxSide,
      fit: { maxWidth: ILLUSTRATION_LIMITS.storedMaxWidth },
    }).catch(() => {
      throw new AppError(
        CREATIVE_ERROR.aiImageFailed,
        { 'zh-CN': 'AI配图生成失败，请重试', 'en-US': 'The AI picture could not be made; please try again' },
        { httpStatus: 502 },
      );
    });
    const url = await storeImage(this.#ctx, illustrationPrefix(owner), jpeg);
    const row = await this.#db
      .insertInto('ai_pictures')
      .values({
        client_id: owner.clientId,
        account_id: owner.accountId,
        book_id: target.book.id,
        chapter_id: target.chapter.id,
        paragraph_index: target.paragraphIndex,
        prompt: target.prompt,
        image_url: url,
        provider: provider.name,
        model: provider.model,
        created_at: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return pictureView(row);
  }

  /** AI pic create: a picture for a paragraph, from the author's prompt or one built from the paragraph. */
  async aiCreate(owner: Owner, chapterId: number, paragraphIndex: number, prompt?: string) {
    if (!this.#provider) throw unavailable();
    const { chapter, book } = await ownedChapter(this.#db, owner, chapterId);
    const paragraphs = await this.#paragraphs(chapter);
    const paragraph = paragraphs[paragraphIndex];
    if (paragraph === undefined) {
      throw badInput('paragraph_index', {
        'zh-CN': '段落不存在，请刷新后重试',
        'en-US': 'That paragraph does not exist; please reload and try again',
      });
    }
    const text = prompt?.trim() || this.promptFor(book, chapter, paragraph);
    const word = sensitiveWordIn(text);
    if (word) {
      throw badInput('prompt', {
        'zh-CN': `描述含有敏感词「${word}」，请修改`,
        'en-US': `The description contains the sensitive word "${word}"; please change it`,
      });
    }
    return this.#generate(owner, { book, chapter, paragraphIndex, prompt: text });
  }

  /** AI pic change: another picture from the same prompt (the earlier one stays in the history). */
  async aiChange(owner: Owner, pictureId: number) {
    if (!this.#provider) throw unavailable();
    const picture = await this.#db
      .selectFrom('ai_pictures')
      .selectAll()
      .where('id', '=', pictureId)
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .executeTakeFirst();
    if (!picture) throw notFound({ 'zh-CN': '图片不存在', 'en-US': 'The picture does not exist' });
    const { chapter, book } = await ownedChapter(this.#db, owner, picture.chapter_id);
    return this.#generate(owner, { book, chapter, paragraphIndex: picture.paragraph_index, prompt: picture.prompt });
  }

  /** AI pic history: the pictures generated for a paragraph, newest first. */
  async aiHistory(owner: Owner, chapterId: number, paragraphIndex: number) {
    const { chapter } = await ownedChapter(this.#db, owner, chapterId);
    const rows = await this.#db
      .selectFrom('ai_pictures')
      .selectAll()
      .where('chapter_id', '=', chapter.id)
      .where('account_id', '=', owner.accountId)
      .where('paragraph_index', '=', paragraphIndex)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return { list: rows.map(pictureView) };
  }
}

function pictureView(p: {
  id: number;
  paragraph_index: number;
  prompt: string;
  image_url: string;
  model: string;
  created_at: number;
}) {
  return {
    picture_id: p.id,
    paragraph_index: p.paragraph_index,
    prompt: p.prompt,
    image_url: p.image_url,
    model: p.model,
    created_at: p.created_at,
  };
}

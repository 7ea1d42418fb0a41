import {
  type BookKind,
  type BrandSettings,
  countWords,
  ErrorCode,
  isAllowedText,
  signThresholdWords,
  WORKS_ERROR,
} from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { authOf } from '../../platform/auth/guards.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError, badInput, rateLimited } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { type Language, languageOf } from '../../platform/http/language.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { type AiProvider, AiProviderError, createAiProvider } from '../../platform/providers/ai/index.ts';
import type { AiSourceArticle } from '../../platform/providers/ai/provider.ts';
import { addGlobalDataContributor } from '../auth/accounts.service.ts';
import { type Owner, ownedBook, ownedChapter } from './works.repository.ts';
import '../staff-people/people.tables.ts';
import './legacy.tables.ts';

/**
 * Works calls the rest of the product makes: the global book list (and global-data's book_list),
 * the legacy author-book calls (close-words-toast, jump-book-detail, get-new-editors) and the
 * editor's toolbox and AI inspiration. apply-direct-sign belongs to contracts.
 */

const author = { config: { auth: 'author' as const } };
const admin = { config: { auth: 'admin' as const } };
const id = z.coerce.number().int().positive();
const bookQuery = z.object({ book_id: id });

/** The toast of close-words-toast: the book reached the brand's signing threshold (applySignCondition). */
export const SIGN_WORDS_TOAST = 'sign_words';

function ownerOf(request: FastifyRequest): Owner {
  const auth = authOf(request);
  return { clientId: request.brand.clientId, accountId: auth.accountId, userId: auth.userId };
}

type BookStatus = 'unpublished' | 'serial' | 'finished';

interface BookListRow {
  id: number;
  title: string;
  kind: BookKind;
  finished: number;
  published_count: number;
  total_words: number;
  published_words: number;
  closed: number | null;
}

/** The caller's books in its brand (newest update first), with whether the signing-threshold toast shows. */
async function bookListOf(db: Db, brand: BrandSettings, clientId: number, accountId: number) {
  const rows = (await db
    .selectFrom('books')
    .leftJoin('book_toasts_closed as closed', (join) =>
      join
        .onRef('closed.book_id', '=', 'books.id')
        .on('closed.account_id', '=', accountId)
        .on('closed.toast', '=', SIGN_WORDS_TOAST),
    )
    .select([
      'books.id',
      'books.title',
      'books.kind',
      'books.finished',
      'books.published_count',
      'books.total_words',
      'books.published_words',
      'closed.id as closed',
    ])
    .where('books.client_id', '=', clientId)
    .where('books.account_id', '=', accountId)
    .where('books.deleted_at', 'is', null)
    .orderBy('books.updated_at', 'desc')
    .orderBy('books.id', 'desc')
    .execute()) as BookListRow[];
  return rows.map((b) => ({
    id: b.id,
    title: b.title,
    kind: b.kind,
    status: (b.published_count === 0 ? 'unpublished' : b.finished ? 'finished' : 'serial') as BookStatus,
    words: b.total_words,
    show_words_toast: b.closed === null && reachedSignThreshold(b, brand),
  }));
}

type SignBrand = Pick<BrandSettings, 'applySignCondition' | 'shortStorySignCondition'>;

function reachedSignThreshold(book: { kind: BookKind; published_words: number }, brand: SignBrand): boolean {
  if (book.kind === 'screenplay') return false;
  const threshold = signThresholdWords(book.kind, brand);
  return threshold > 0 && book.published_words >= threshold;
}

/** Whether the "your book reached the signing threshold" toast shows for a book (stage page, book list). */
export async function showWordsToast(
  db: Db,
  brand: SignBrand,
  book: { id: number; kind: BookKind; published_words: number },
  accountId: number,
): Promise<boolean> {
  if (!reachedSignThreshold(book, brand)) return false;
  const closed = await db
    .selectFrom('book_toasts_closed')
    .select('id')
    .where('book_id', '=', book.id)
    .where('account_id', '=', accountId)
    .where('toast', '=', SIGN_WORDS_TOAST)
    .executeTakeFirst();
  return !closed;
}

/** GET /api/author/global-data: book_list keyed by book id (§3 "book_list (by id)"). */
async function globalBookList(ctx: AppContext, auth: { clientId: number; accountId: number }) {
  const list = await bookListOf(ctx.db, ctx.brands.get(auth.clientId), auth.clientId, auth.accountId);
  return { book_list: Object.fromEntries(list.map((b) => [String(b.id), b])) };
}

// ---------------------------------------------------------------------------------------------
// Toolbox

const NAME_SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
  '欧阳',
  '上官',
  '司马',
  '慕容',
  '南宫',
  '东方',
  '诸葛',
  '令狐',
];
const NAME_CHARS = {
  male: [...'子轩浩然宇辰睿泽铭志远俊杰文博天佑承安景行云飞墨言清风长青星河凌霄致远明哲书恒君昊'],
  female: [...'诗涵语嫣若曦梦琪雨桐欣怡紫萱婉清思雨晓月灵韵素心如烟初夏锦瑟映雪可馨芷若念慈'],
} as const;

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)];
}

/** Names for characters: a surname (given or picked) and one or two given-name characters of the style. */
export function generateNames(gender: 'male' | 'female' | 'any', count: number, surname?: string): string[] {
  const names = new Set<string>();
  for (let tries = 0; names.size < count && tries < count * 20; tries++) {
    const style = gender === 'any' ? pick(['male', 'female'] as const) : gender;
    const chars = NAME_CHARS[style];
    const given = Math.random() < 0.6 ? pick(chars) + pick(chars) : pick(chars);
    names.add((surname ?? pick(NAME_SURNAMES)) + given);
  }
  return [...names];
}

type ToolKey = 'text-correct' | 'word-count' | 'name-generator' | 'ai-inspiration';

const TOOLS: Record<ToolKey, { name: Record<Language, string>; description: Record<Language, string>; api: string }> = {
  'text-correct': {
    name: { 'zh-CN': '错别字检查', 'en-US': 'Typo check' },
    description: {
      'zh-CN': '检查本章的错别字、敏感词、重复内容和过短章节，可忽略误报的词',
      'en-US':
        'Checks the chapter for typos, sensitive words, repeated text and very short chapters; false alarms can be excluded',
    },
    api: '/api/pc/v1/text-correct/check',
  },
  'word-count': {
    name: { 'zh-CN': '字数统计', 'en-US': 'Word count' },
    description: {
      'zh-CN': '每个汉字算一个字，连续的字母或数字算一个字，标点和空格不计',
      'en-US':
        'Each Chinese character is one word, each run of letters or digits is one word; punctuation and spaces do not count',
    },
    api: '/api/pc/v1/book-chapter/toolbox/word-count',
  },
  'name-generator': {
    name: { 'zh-CN': '起名工具', 'en-US': 'Name generator' },
    description: {
      'zh-CN': '按性别和姓氏生成人物姓名',
      'en-US': 'Character names by gender and surname',
    },
    api: '/api/pc/v1/book-chapter/toolbox/names',
  },
  'ai-inspiration': {
    name: { 'zh-CN': 'AI灵感', 'en-US': 'AI inspiration' },
    description: {
      'zh-CN': '根据当前章节给出接下来情节的写作灵感',
      'en-US': 'Ideas for what could happen next, from the current chapter',
    },
    api: '/api/pc/v1/book-chapter/ai-inspiration',
  },
};

/** The tools of the chapter editor in a brand: AI inspiration only where the brand has the AI assistant. */
export function toolsOf(brand: BrandSettings): ToolKey[] {
  const tools: ToolKey[] = ['text-correct', 'word-count', 'name-generator'];
  if (brand.permissions.includes('ai-assistant')) tools.push('ai-inspiration');
  return tools;
}

// ---------------------------------------------------------------------------------------------
// AI inspiration

const CRAFT: Record<Language, Array<{ key: string; title: string; prompt: string }>> = {
  'zh-CN': [
    {
      key: 'conflict',
      title: '冲突升级',
      prompt: '让主角想要的东西在下一章离他更远一步：谁会阻拦？他要付出什么代价？',
    },
    {
      key: 'twist',
      title: '意外转折',
      prompt: '从本章结尾出发，安排一个读者没想到、回看前文却合情合理的变化。',
    },
    { key: 'choice', title: '人物抉择', prompt: '让人物面对两个都不完美的选择，在下一章开头做出决定，并承担后果。' },
    {
      key: 'senses',
      title: '感官细节',
      prompt: '挑本章的一个场景，补上声音、气味或触感中的一种，让画面更具体。',
    },
    {
      key: 'dialogue',
      title: '对话推进',
      prompt: '写一段对话，让双方各藏一句没说出口的话，用动作代替解释。',
    },
    {
      key: 'foreshadow',
      title: '埋下伏笔',
      prompt: '在下一章放一个不起眼的细节，几章之后再让它发挥作用。',
    },
    {
      key: 'hook',
      title: '章末悬念',
      prompt: '用一个没有解决的问题、一个突然出现的人或一条消息结束下一章。',
    },
  ],
  'en-US': [
    {
      key: 'conflict',
      title: 'Raise the conflict',
      prompt:
        'Move what the protagonist wants one step further away in the next chapter: who stands in the way, and what will it cost?',
    },
    {
      key: 'twist',
      title: 'A twist',
      prompt:
        'Starting from how this chapter ends, plan a change readers do not expect but find fair when they look back.',
    },
    {
      key: 'choice',
      title: 'A hard choice',
      prompt:
        'Give a character two imperfect options; let them choose at the start of the next chapter and bear the consequences.',
    },
    {
      key: 'senses',
      title: 'Sensory detail',
      prompt: 'Pick one scene of this chapter and add a sound, a smell or a touch to make it concrete.',
    },
    {
      key: 'dialogue',
      title: 'Dialogue that moves',
      prompt: 'Write a dialogue in which each side holds back one sentence; let actions do the explaining.',
    },
    {
      key: 'foreshadow',
      title: 'Foreshadowing',
      prompt: 'Place an inconspicuous detail in the next chapter and let it matter a few chapters later.',
    },
    {
      key: 'hook',
      title: 'End on a hook',
      prompt: 'End the next chapter on an open question, a sudden arrival or a piece of news.',
    },
  ],
};

const INSPIRATION_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000 };

/** The chapter's last paragraph (up to 80 characters from its end): what the next pages continue. */
function endingOf(body: string): string {
  const paragraphs = body.split('\n').filter((p) => p.trim());
  const last = paragraphs.at(-1)?.trim() ?? '';
  const chars = [...last];
  return chars.length > 80 ? `…${chars.slice(-80).join('')}` : last;
}

/** Craft prompts filled with the chapter's own title and ending: the material an inspiration is built from. */
export function inspirationSources(
  language: Language,
  chapter: { id: number; title: string; body: string },
  book: { id: number; title: string; intro: string },
): AiSourceArticle[] {
  const ending = endingOf(chapter.body);
  const zh = language === 'zh-CN';
  const context = ending
    ? zh
      ? `《${book.title}》${chapter.title ? `「${chapter.title}」` : '本章'}结尾：“${ending}”`
      : `${book.title}, ${chapter.title ? `“${chapter.title}”` : 'this chapter'} ends: “${ending}”`
    : zh
      ? `本章还没有正文。作品简介：${book.intro}`
      : `This chapter has no text yet. The book's introduction: ${book.intro}`;
  return CRAFT[language].map((c, i) => ({
    ids: `inspiration-${c.key}`,
    title: c.title,
    url: `/front/book-upload?bookId=${book.id}&chapterId=${chapter.id}`,
    passages: [context, `${c.title}：${c.prompt}`],
    score: CRAFT[language].length - i,
  }));
}

/** Works calls outside the book pages; registered by worksRoutes. */
export async function worksLegacyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const provider: AiProvider = createAiProvider(ctx.config.env);
  addGlobalDataContributor(globalBookList);

  // §7 "global book list (data.list)": the caller's books in its brand.
  routeAliases(app, 'GET', ['/api/pc/v1/global/book-list'], author, async (request) => {
    const owner = ownerOf(request);
    return ok({ list: await bookListOf(ctx.db, request.brand, owner.clientId, owner.accountId) });
  });

  // ---------------------------------------------------------------------------------------------
  // Legacy author-book calls

  routeAliases(app, 'POST', ['/api/author-book/close-words-toast'], author, async (request) => {
    const body = parseInput(bookQuery, request.body, request);
    const owner = ownerOf(request);
    const book = await ownedBook(ctx.db, owner, body.book_id);
    await ctx.db
      .insertInto('book_toasts_closed')
      .values({
        client_id: owner.clientId,
        book_id: book.id,
        account_id: owner.accountId,
        toast: SIGN_WORDS_TOAST,
        closed_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['book_id', 'account_id', 'toast']).doNothing())
      .execute();
    return ok({ book_id: book.id, show_words_toast: false });
  });

  routeAliases(app, 'GET', ['/api/author-book/words-toast'], author, async (request) => {
    const q = parseInput(bookQuery, request.query, request);
    const owner = ownerOf(request);
    const book = await ownedBook(ctx.db, owner, q.book_id);
    return ok({
      book_id: book.id,
      show_words_toast: await showWordsToast(ctx.db, request.brand, book, owner.accountId),
      sign_condition_text:
        book.kind === 'short' ? String(request.brand.shortStorySignCondition) : request.brand.applySignCondition,
    });
  });

  routeAliases(app, 'GET', ['/api/author-book/jump-book-detail'], author, async (request) => {
    const q = parseInput(bookQuery, request.query, request);
    const book = await ownedBook(ctx.db, ownerOf(request), q.book_id);
    if (book.published_count === 0) {
      throw new AppError(
        WORKS_ERROR.bookNotPublished,
        {
          'zh-CN': '作品还没有发布章节，发布后才能在阅读站查看',
          'en-US': 'The book has no published chapter yet; it can be read on the reading site once one is published',
        },
        { httpStatus: 409 },
      );
    }
    return ok({ book_id: book.id, url: `https://${request.brand.domains.reading}/book/${book.id}` });
  });

  routeAliases(app, 'GET', ['/api/author-book/get-new-editors'], author, async (request) => {
    const q = parseInput(bookQuery, request.query, request);
    const owner = ownerOf(request);
    const book = await ownedBook(ctx.db, owner, q.book_id);
    let rows = await ctx.db
      .selectFrom('book_editors')
      .innerJoin('accounts', 'accounts.id', 'book_editors.editor_account_id')
      .select(['accounts.id', 'accounts.pen_name', 'accounts.avatar', 'book_editors.assigned_at'])
      .where('book_editors.book_id', '=', book.id)
      .where('book_editors.client_id', '=', owner.clientId)
      .where('accounts.client_id', '=', owner.clientId)
      .where('accounts.role', '=', 'editor')
      .orderBy('book_editors.assigned_at')
      .orderBy('book_editors.id')
      .execute();
    // A book without an editor of its own is looked after by its author's (assigned in the console).
    if (rows.length === 0) {
      rows = await ctx.db
        .selectFrom('author_editors')
        .innerJoin('accounts', 'accounts.id', 'author_editors.editor_account_id')
        .select(['accounts.id', 'accounts.pen_name', 'accounts.avatar', 'author_editors.assigned_at'])
        .where('author_editors.account_id', '=', book.account_id)
        .where('author_editors.client_id', '=', owner.clientId)
        .where('accounts.client_id', '=', owner.clientId)
        .where('accounts.role', '=', 'editor')
        .orderBy('author_editors.assigned_at')
        .orderBy('author_editors.id')
        .execute();
    }
    return ok({
      book_id: book.id,
      list: rows.map((r) => ({
        editor_id: r.id,
        name: r.pen_name,
        title: request.brand.editorTitle,
        avatar: r.avatar ?? '',
        assigned_at: r.assigned_at,
      })),
    });
  });

  // Admin: who edits a book (editors are accounts of the brand with role 'editor'); replaces the list.
  routeAliases(app, 'POST', ['/api/pc/v1/admin/book/editors'], admin, async (request) => {
    const body = parseInput(z.object({ book_id: id, editor_ids: z.array(id).max(10) }), request.body, request);
    const clientId = staffOf(request).clientId;
    const book = await ctx.db
      .selectFrom('books')
      .select(['id', 'title'])
      .where('id', '=', body.book_id)
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!book) throw badInput('book_id', { 'zh-CN': '作品不存在或已删除', 'en-US': 'The book does not exist' });
    const ids = [...new Set(body.editor_ids)];
    const editors = ids.length
      ? await ctx.db
          .selectFrom('accounts')
          .select('id')
          .where('id', 'in', ids)
          .where('client_id', '=', clientId)
          .where('role', '=', 'editor')
          .execute()
      : [];
    const known = new Set(editors.map((r) => r.id));
    const missing = ids.findIndex((e) => !known.has(e));
    if (missing >= 0) {
      throw badInput(`editor_ids.${missing}`, {
        'zh-CN': '该账号不是本站的编辑',
        'en-US': 'This account is not an editor of this brand',
      });
    }
    const now = Date.now();
    await inTransaction(ctx.db, async (tx) => {
      const before = await tx
        .selectFrom('book_editors')
        .select('editor_account_id')
        .where('book_id', '=', book.id)
        .orderBy('id')
        .execute();
      await tx.deleteFrom('book_editors').where('book_id', '=', book.id).execute();
      for (const editorId of ids) {
        await tx
          .insertInto('book_editors')
          .values({ client_id: clientId, book_id: book.id, editor_account_id: editorId, assigned_at: now })
          .execute();
      }
      await recordAudit(tx, request, {
        action: 'editor.set_book_editors',
        targetType: 'book',
        targetId: book.id,
        summary: `设置《${book.title}》的编辑`,
        before: { editor_ids: before.map((r) => r.editor_account_id) },
        after: { editor_ids: ids },
      });
    });
    return ok({ book_id: book.id, editor_ids: ids });
  });

  // ---------------------------------------------------------------------------------------------
  // The chapter editor's toolbox

  routeAliases(app, 'GET', ['/api/pc/v1/book-chapter/toolbox'], author, async (request) => {
    const language = languageOf(request);
    return ok({
      list: toolsOf(request.brand).map((key) => ({
        key,
        name: TOOLS[key].name[language],
        description: TOOLS[key].description[language],
        api: TOOLS[key].api,
      })),
    });
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/toolbox/word-count'], author, async (request) => {
    const body = parseInput(z.object({ content: z.string().max(1_000_000) }), request.body, request);
    return ok({ words: countWords(body.content), characters: [...body.content].length });
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book-chapter/toolbox/names'], author, async (request) => {
    const q = parseInput(
      z.object({
        gender: z.enum(['male', 'female', 'any']).default('any'),
        count: z.coerce.number().int().min(1).max(20).default(10),
        surname: z.string().max(10).optional(),
      }),
      request.query,
      request,
    );
    const surname = q.surname?.trim() || undefined;
    if (surname && (!isAllowedText(surname) || !/^\p{Script=Han}{1,2}$/u.test(surname))) {
      throw badInput('surname', {
        'zh-CN': '姓氏须为一到两个汉字',
        'en-US': 'The surname must be one or two Chinese characters',
      });
    }
    return ok({ list: generateNames(q.gender, q.count, surname) });
  });

  routeAliases(app, 'POST', ['/api/pc/v1/book-chapter/ai-inspiration'], author, async (request) => {
    const body = parseInput(
      z.object({ chapter_id: id, answer_index: z.number().int().min(0).max(20).default(0) }),
      request.body,
      request,
    );
    const language = languageOf(request);
    if (!request.brand.permissions.includes('ai-assistant')) {
      throw new AppError(
        ErrorCode.aiRefused,
        { 'zh-CN': 'AI灵感暂未开放', 'en-US': 'AI inspiration is not available here' },
        { httpStatus: 403 },
      );
    }
    const owner = ownerOf(request);
    const { chapter, book } = await ownedChapter(ctx.db, owner, body.chapter_id);
    const decision = await ctx.rateLimiter.hit(
      `ai-inspiration:${owner.clientId}:${owner.accountId}`,
      INSPIRATION_LIMIT.limit,
      INSPIRATION_LIMIT.windowMs,
    );
    if (!decision.allowed) {
      throw rateLimited(decision.retryAfterMs, { 'zh-CN': '获取灵感太频繁', 'en-US': 'Too many inspiration requests' });
    }
    const text = await ctx.db
      .selectFrom('chapter_texts')
      .select('body')
      .where('chapter_id', '=', chapter.id)
      .executeTakeFirst();
    const sources = inspirationSources(
      language,
      { id: chapter.id, title: chapter.title, body: text?.body ?? '' },
      { id: book.id, title: book.title, intro: book.intro },
    );
    try {
      const answer = await provider.answer({
        question:
          language === 'zh-CN'
            ? `请为《${book.title}》的章节「${chapter.title}」提供接下来情节的写作灵感`
            : `Please give writing ideas for what comes after the chapter “${chapter.title}” of ${book.title}`,
        answerIndex: body.answer_index % sources.length,
        sources,
        language,
        platformName: request.brand.platformName,
        helpHomeUrl: '/front/help-center/home',
        purpose: 'inspiration',
        signal: AbortSignal.timeout(30_000),
      });
      const card = sources.find((s) => s.ids === answer.sources[0]?.ids);
      return ok({
        chapter_id: chapter.id,
        answer_index: body.answer_index,
        title: card?.title ?? '',
        text: answer.text,
        provider: provider.name,
        // '换一换' cycles through the prompts.
        has_more: true,
      });
    } catch (error) {
      ctx.log.warn(
        { provider: provider.name, reason: error instanceof AiProviderError ? error.message : 'unexpected' },
        'AI inspiration failed',
      );
      throw new AppError(
        ErrorCode.internal,
        {
          'zh-CN': 'AI灵感暂时无法获取，请稍后再试',
          'en-US': 'AI inspiration is unavailable right now; please try again later',
        },
        { httpStatus: 502 },
      );
    }
  });
}

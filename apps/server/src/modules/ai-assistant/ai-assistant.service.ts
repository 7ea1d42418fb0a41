import {
  AI_ASSISTANT,
  type BrandSettings,
  ErrorCode,
  maskBankCard,
  maskIdCard,
  maskPhone,
} from '@author-centre/shared';
import type { AuthContext } from '../../platform/auth/sessions.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict, type Localized, notFound } from '../../platform/http/errors.ts';
import type { Language } from '../../platform/http/language.ts';
import { type AiProvider, AiProviderError, createAiProvider } from '../../platform/providers/ai/index.ts';
import { isEnglishQuestion } from '../help/help.retrieval.ts';
import { HELP_HOME_PATH, helpServiceOf } from '../help/help.service.ts';
import * as repo from './ai-assistant.repository.ts';
import type { AiAnswerMark, AiChatOutcome } from './ai-assistant.tables.ts';

/** The layout permission (brand settings `permissions`) that turns the assistant on for a brand. */
export const AI_ASSISTANT_PERMISSION = 'ai-assistant';

/**
 * Per account: a burst limit that stops scripted flooding without bothering a person reading
 * answers, and a daily budget (a paid chat API costs money per question).
 */
export const AI_RATE_LIMITS = [
  { key: 'm', limit: 10, windowMs: 60_000 },
  { key: 'd', limit: 200, windowMs: 24 * 60 * 60 * 1000 },
] as const;

/** How many different answers '换一换' can ask for. */
export const MAX_ANSWER_INDEX = 9;

/**
 * The default questions of the drawer's intro (profile `ai_assistant_questions`): what new authors
 * ask most, each answered by the help centre (a test keeps it so).
 */
export const DEFAULT_QUESTIONS = [
  '长篇小说写多少字可以申请签约？',
  '稿酬什么时候发放到银行卡？',
  '签约后作品什么时候能上架？',
  '怎么设置定时发布章节？',
] as const;

/** Topics the assistant declines, with the reason it gives (40003083: shown as is, no retry). */
const REFUSED_TOPICS: Array<{ pattern: RegExp; message: Localized }> = [
  {
    pattern:
      /代写|续写|(帮|替|给)我(写|编|创作|生成|改写|润色|想)(一|个|篇|章|段|本|下|点|些)?|写(一|个)?(章|篇|段)(小说|故事|正文)?给我/,
    message: {
      'zh-CN': 'AI助理只解答作者中心的使用和规则问题，不能代写、续写或润色作品内容。',
      'en-US':
        'The AI assistant only answers questions about the author centre and its rules; it does not write, continue or polish your work.',
    },
  },
  {
    pattern: /(别人|他人|其他作者|其他人|某某).{0,8}(手机|电话|身份证|银行卡|住址|地址|收入|稿酬|真名|真实姓名)/,
    message: {
      'zh-CN': 'AI助理不能查询其他作者的个人信息或收入。',
      'en-US': "The AI assistant cannot look up other authors' personal information or income.",
    },
  },
];

/** A bare greeting gets the assistant's introduction rather than "nothing found". */
const GREETING = /^(你好|您好|hi|hello|hey|嗨|哈喽|在吗|在不在|有人吗)[呀啊吗呢！!。.？?~～\s]*$/i;
const INTRODUCTION: Localized = {
  'zh-CN':
    '您好！我是AI助理，会根据帮助中心的内容解答作者中心的使用和规则问题，比如申请签约、稿酬结算、作品上架、章节发布和请假。请直接输入您的问题。',
  'en-US':
    'Hello! I am the AI assistant. I answer questions about using the author centre and its rules from the help centre: applying for signing, royalty settlement, getting on shelf, publishing chapters, leave. Please type your question.',
};

const FAILED: Localized = { 'zh-CN': '答案生成失败，请重试', 'en-US': 'Failed to generate an answer, please retry' };
/** Said with 504 when the provider takes longer than AI_ANSWER_TIMEOUT_MS (help article 9-162 quotes it). */
export const AI_TIMED_OUT: Localized = {
  'zh-CN': 'AI助理响应超时，请稍后再试',
  'en-US': 'The assistant took too long to answer; please try again later',
};

/**
 * How long the provider may take: AI_ANSWER_TIMEOUT_MS, at most (and by default) 2 s under the
 * browser's own timeout, so the author always gets this answer rather than a network error.
 */
export function aiAnswerTimeoutMs(env: Record<string, string | undefined>): number {
  const most = AI_ASSISTANT.requestTimeoutMs - 2000;
  const ms = Number(env.AI_ANSWER_TIMEOUT_MS);
  return Number.isFinite(ms) && ms >= 100 ? Math.min(ms, most) : most;
}

/**
 * Authors sometimes paste a phone, ID or bank card number into a question. It is never needed to
 * answer, so it is masked before the question is stored or sent to a chat API.
 */
export function redactPersonalNumbers(text: string): string {
  return text
    .replace(/(?<!\d)\d{17}[\dXx](?![\dXx])/g, (m) => maskIdCard(m))
    .replace(/(?<!\d)[1-9]\d{15,18}(?!\d)/g, (m) => maskBankCard(m))
    .replace(/(?<!\d)1[3-9]\d{9}(?!\d)/g, (m) => maskPhone(m));
}

/**
 * The question without case, width, spacing and punctuation ('稿费 几号到账？' = '稿费几号到账'), so the
 * console's "what to write next" list counts one question asked in several spellings once.
 */
export function questionKey(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '')
    .slice(0, 200);
}

export interface AskInput {
  question: string;
  answerIndex: number;
}

export interface AskReply {
  /** The answer (§7: `data.message`). */
  message: string;
  /** The stored question-and-answer, for the useful/useless mark. */
  id: number;
  answer_index: number;
  sources: Array<{ ids: string; title: string; url: string }>;
  grounded: boolean;
  has_more: boolean;
}

function refusal(message: Localized, httpStatus = 403, retryAfterMs?: number): AppError {
  return new AppError(ErrorCode.aiRefused, message, { httpStatus, retryAfterMs });
}

function waitText(ms: number): Localized {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return { 'zh-CN': `${seconds}秒`, 'en-US': `${seconds} seconds` };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return { 'zh-CN': `${minutes}分钟`, 'en-US': `${minutes} minutes` };
  const hours = Math.ceil(minutes / 60);
  return { 'zh-CN': `${hours}小时`, 'en-US': `${hours} hours` };
}

export class AiAssistantService {
  readonly #ctx: AppContext;
  readonly provider: AiProvider;

  constructor(ctx: AppContext, provider: AiProvider = createAiProvider(ctx.config.env)) {
    this.#ctx = ctx;
    this.provider = provider;
  }

  enabledFor(brand: BrandSettings): boolean {
    return brand.permissions.includes(AI_ASSISTANT_PERMISSION);
  }

  async ask(brand: BrandSettings, auth: AuthContext, pageLanguage: Language, asked: AskInput): Promise<AskReply> {
    const started = Date.now();
    const input = { ...asked, question: redactPersonalNumbers(asked.question) };
    // Answered in the language asked (issue 18): an English question on a Chinese page gets an
    // English answer, a Chinese one a Chinese answer; anything else follows the page.
    const language: Language = /\p{Script=Han}/u.test(input.question)
      ? 'zh-CN'
      : isEnglishQuestion(input.question)
        ? 'en-US'
        : pageLanguage;
    const { db, rateLimiter } = this.#ctx;
    const store = (
      outcome: AiChatOutcome,
      answer: string,
      extra: { sources?: string[]; errorCode?: number; retrieved?: number } = {},
    ) =>
      repo.insertChat(db, {
        client_id: brand.clientId,
        account_id: auth.accountId,
        question: input.question,
        answer,
        answer_index: input.answerIndex,
        provider: this.provider.name,
        sources: JSON.stringify(extra.sources ?? []),
        outcome,
        error_code: extra.errorCode ?? null,
        mark: null,
        marked_at: null,
        duration_ms: Date.now() - started,
        created_at: started,
        retrieved: extra.retrieved ?? null,
        question_key: questionKey(input.question),
      });
    const refuse = async (error: AppError) => {
      await store('refused', typeof error.title === 'string' ? error.title : error.title[language], {
        errorCode: error.code,
      });
      return error;
    };

    if (!this.enabledFor(brand)) {
      throw refusal({ 'zh-CN': 'AI助理暂未开放', 'en-US': 'The AI assistant is not available here' });
    }
    for (const rule of AI_RATE_LIMITS) {
      const decision = await rateLimiter.hit(
        `ai-chat:${rule.key}:${brand.clientId}:${auth.accountId}`,
        rule.limit,
        rule.windowMs,
      );
      if (!decision.allowed) {
        const wait = waitText(decision.retryAfterMs);
        throw await refuse(
          refusal(
            {
              'zh-CN': `您提问太频繁了，请${wait['zh-CN']}后再试`,
              'en-US': `You are asking too often; please try again in ${wait['en-US']}`,
            },
            429,
            decision.retryAfterMs,
          ),
        );
      }
    }
    const refused = REFUSED_TOPICS.find((t) => t.pattern.test(input.question));
    if (refused) throw await refuse(refusal(refused.message));

    if (GREETING.test(input.question)) {
      const text = INTRODUCTION[language];
      const id = await store('no_match', text);
      return {
        message: text,
        id,
        answer_index: input.answerIndex,
        sources: [{ ids: '', title: language === 'zh-CN' ? '帮助中心' : 'Help centre', url: HELP_HOME_PATH }],
        grounded: false,
        has_more: false,
      };
    }

    const sources = await helpServiceOf(this.#ctx).sourcesFor(brand.clientId, input.question);
    const signal = AbortSignal.timeout(aiAnswerTimeoutMs(this.#ctx.config.env));
    try {
      const answer = await this.provider.answer({
        question: input.question,
        answerIndex: input.answerIndex,
        sources,
        language,
        platformName: brand.platformName,
        helpHomeUrl: HELP_HOME_PATH,
        signal,
      });
      const id = await store(answer.grounded ? 'answered' : 'no_match', answer.text, {
        sources: answer.sources.map((s) => s.ids).filter(Boolean),
        retrieved: sources.length,
      });
      return {
        message: answer.text,
        id,
        answer_index: input.answerIndex,
        sources: answer.sources,
        grounded: answer.grounded,
        has_more: answer.hasMore,
      };
    } catch (error) {
      const reason = error instanceof AiProviderError ? error.message : 'unexpected provider error';
      this.#ctx.log.warn({ provider: this.provider.name, reason }, 'AI assistant answer failed');
      if (signal.aborted) {
        // The provider did not answer in time: the author is told so, not left waiting.
        await store('failed', AI_TIMED_OUT[language], { errorCode: ErrorCode.internal, retrieved: sources.length });
        throw new AppError(ErrorCode.internal, AI_TIMED_OUT, { httpStatus: 504 });
      }
      await store('failed', FAILED[language], { errorCode: ErrorCode.internal, retrieved: sources.length });
      throw new AppError(ErrorCode.internal, FAILED, { httpStatus: 502 });
    }
  }

  async mark(
    brand: BrandSettings,
    auth: AuthContext,
    id: number,
    mark: AiAnswerMark,
  ): Promise<{ id: number; use: AiAnswerMark }> {
    const { db } = this.#ctx;
    if (await repo.markOnce(db, brand.clientId, auth.accountId, id, mark, Date.now())) return { id, use: mark };
    const row = await repo.chatOf(db, brand.clientId, auth.accountId, id);
    if (!row || row.outcome === 'refused' || row.outcome === 'failed') {
      throw notFound({ 'zh-CN': '这条回答不存在', 'en-US': 'This answer does not exist' });
    }
    throw conflict({ 'zh-CN': '这条回答已经评价过了', 'en-US': 'This answer has already been rated' });
  }

  /** The console's questions log: each question, the answer given with its articles, mark, time and pen name. */
  async chats(clientId: number, filter: repo.ChatFilter) {
    const { db } = this.#ctx;
    const [page, counts, index] = await Promise.all([
      repo.listChats(db, clientId, filter),
      repo.markCounts(db, clientId),
      helpServiceOf(this.#ctx).index(clientId),
    ]);
    return {
      ...page,
      counts,
      list: page.list.map(({ retrieved, ...r }) => {
        const ids = JSON.parse(r.sources) as string[];
        return {
          ...r,
          sources: ids,
          // The articles the answer rested on, as they are titled now (null: since deleted or hidden).
          source_articles: ids.map((id) => ({ ids: id, title: index.article(id)?.title ?? null })),
          nothing_found: retrieved === 0,
        };
      }),
    };
  }

  /**
   * "What to write next": questions the help centre had nothing for, grouped, with counts; and for
   * each, the article that answers it now if one was written since (so the list shows what is done).
   */
  async nothingFound(clientId: number, filter: repo.NothingFoundFilter) {
    const help = helpServiceOf(this.#ctx);
    const page = await repo.listNothingFound(this.#ctx.db, clientId, filter);
    const list = [];
    for (const row of page.list) {
      const [now] = await help.sourcesFor(clientId, row.question, 1);
      list.push({
        question_key: row.question_key,
        question: row.question,
        asks: Number(row.asks),
        authors: Number(row.authors),
        first_asked_at: Number(row.first_asked_at),
        last_asked_at: Number(row.last_asked_at),
        found_now: now ? { ids: now.ids, title: now.title, url: now.url } : null,
      });
    }
    return { ...page, list };
  }
}

const services = new WeakMap<AppContext, AiAssistantService>();

export function aiAssistantServiceOf(ctx: AppContext): AiAssistantService {
  let service = services.get(ctx);
  if (!service) {
    service = new AiAssistantService(ctx);
    services.set(ctx, service);
  }
  return service;
}

/**
 * The profile's AI assistant fields (§3: `ai_assistant_auth`, `ai_assistant_questions`), for
 * GET /api/author/profile: 1 when the brand has the assistant (its layout permission) and someone
 * is logged in; the intro's default questions.
 */
export async function aiAssistantProfileFields(
  ctx: AppContext,
  auth: Pick<AuthContext, 'clientId' | 'accountId'> | null,
): Promise<{ ai_assistant_auth: 0 | 1; ai_assistant_questions: string[] }> {
  if (!auth) return { ai_assistant_auth: 0, ai_assistant_questions: [] };
  const brand = ctx.brands.get(auth.clientId);
  const enabled = brand.permissions.includes(AI_ASSISTANT_PERMISSION);
  return { ai_assistant_auth: enabled ? 1 : 0, ai_assistant_questions: enabled ? [...DEFAULT_QUESTIONS] : [] };
}

import { type AiAnswer, type AiAnswerRequest, type AiProvider, AiProviderError } from './provider.ts';

/** Waits `ms`, or fails as soon as the caller gives up (its signal aborts). */
function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done, fail) => {
    const abort = () => {
      clearTimeout(timer);
      fail(new AiProviderError(`no answer: ${signal?.reason?.name ?? 'aborted'}`));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      done();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

const TEXT = {
  'zh-CN': {
    seeArticle: (title: string) => `详细说明见帮助中心《${title}》。`,
    noMatch:
      '抱歉，帮助中心里没有找到和这个问题相关的内容，我不能凭猜测回答您。我可以解答作者中心的使用和规则问题，比如申请签约、稿酬结算、作品上架、章节发布和请假。您可以换个说法再问，或者到帮助中心浏览全部问题。',
    noMore:
      '关于这个问题，帮助中心里相关的内容已经都给您看过了，暂时没有更多答案。您可以换个说法再问，或者到帮助中心浏览全部问题。',
    helpHome: '帮助中心',
  },
  'en-US': {
    seeArticle: (title: string) => `Full details in the help centre article “${title}”.`,
    noMatch:
      'Sorry, the help centre has nothing on this question, and I will not guess. I can answer questions about using the author centre and its rules: applying for signing, royalty settlement, getting on shelf, publishing chapters, leave. Try asking in other words, or browse all questions in the help centre.',
    noMore:
      'That is everything the help centre has on this question; there is no other answer for now. Try asking in other words, or browse all questions in the help centre.',
    helpHome: 'Help centre',
  },
} as const;

/**
 * The offline default: the answer for slot n is the fitting passages of the n-th best article,
 * quoted as the help centre states them, with a link to the article. It composes, it never writes
 * facts of its own.
 */
export class EmbeddedAiProvider implements AiProvider {
  readonly name = 'embedded';
  readonly #delayMs: number;

  /** `delayMs` (AI_DELAY_MS) holds every answer that long, as a slow chat API would: for the fault suite. */
  constructor(options: { delayMs?: number } = {}) {
    this.#delayMs = options.delayMs ?? 0;
  }

  async answer(request: AiAnswerRequest): Promise<AiAnswer> {
    if (this.#delayMs > 0) await delay(this.#delayMs, request.signal);
    const text = TEXT[request.language];
    const source = request.sources[request.answerIndex];
    if (!source) {
      return {
        text: request.sources.length === 0 ? text.noMatch : text.noMore,
        sources: [{ ids: '', title: text.helpHome, url: request.helpHomeUrl }],
        grounded: false,
        hasMore: false,
      };
    }
    const body = source.passages.join('\n\n');
    return {
      // An inspiration's sources are prompts, not help-centre articles: nothing to refer to.
      text: request.purpose === 'inspiration' ? body : `${body}\n\n${text.seeArticle(source.title)}`,
      sources: [{ ids: source.ids, title: source.title, url: source.url }],
      grounded: true,
      hasMore: request.answerIndex + 1 < request.sources.length,
    };
  }
}

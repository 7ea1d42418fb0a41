import { EmbeddedAiProvider } from './embedded.ts';
import { type AiAnswer, type AiAnswerRequest, type AiProvider, AiProviderError } from './provider.ts';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as a bearer token; local servers often need none. */
  apiKey?: string;
  model: string;
  /** Below the browser's 60 s, so the author gets our error rather than a network timeout. */
  timeoutMs: number;
}

/** How many articles the model sees: the one for the requested slot first, then the next best. */
const CONTEXT_ARTICLES = 3;

const SYSTEM_PROMPT = {
  'zh-CN': (platform: string) =>
    `你是「${platform}」作者中心的AI助理，回答网络小说作者关于作者中心使用和规则的问题。
只能依据用户消息中「资料」部分的帮助中心内容作答，不得编造资料中没有的数字、日期、条件或流程。
如果资料不足以回答，就直接说明帮助中心没有相关说明，并建议作者到帮助中心查看或联系责任编辑。
用简体中文回答，语气友好、简洁，不超过300字，不要使用Markdown标题或链接；在结尾用《文章标题》注明依据的文章。`,
  'en-US': (platform: string) =>
    `You are the AI assistant of the ${platform} author centre, answering web-fiction authors' questions about using the author centre and its rules.
Answer only from the help-centre material in the "Material" part of the user's message; never invent numbers, dates, conditions or steps it does not state.
If the material does not answer the question, say the help centre has no explanation for it and suggest the help centre or the author's editor.
Answer in English, friendly and brief (under 150 words), without Markdown headings or links; end by naming the article(s) you relied on in “quotes”.`,
} as const;

/** book-chapter/ai-inspiration: prompts for the author's next pages, from the chapter's details given as material. */
const INSPIRATION_PROMPT = {
  'zh-CN': (platform: string) =>
    `你是「${platform}」作者中心的写作灵感助手。资料里是作者当前章节的信息（标题、结尾段落）和一条写作技巧提示。
结合这一章的内容，按照提示给出两到三条具体的写作灵感，帮助作者构思接下来的情节；只提建议，不要替作者写正文，不要编造资料里没有的人物设定。
用简体中文，简洁，不超过200字，不要使用Markdown标题或链接。`,
  'en-US': (platform: string) =>
    `You are the writing-inspiration helper of the ${platform} author centre. The material holds the author's current chapter (title, closing paragraph) and one craft prompt.
Following the prompt and the chapter, give two or three concrete ideas for what could happen next; suggest only, do not write the author's prose, and do not invent character facts the material does not give.
Answer in English, briefly (under 120 words), without Markdown headings or links.`,
} as const;

/**
 * Any OpenAI-compatible chat completions API, grounded in the help centre: the model is given the
 * fitting passages and told to answer from them only. With nothing retrieved it is not asked at
 * all (it could only guess); the author gets the same plain answer as from the embedded default.
 */
export class OpenAiCompatibleProvider implements AiProvider {
  readonly name = 'openai';
  readonly #options: OpenAiCompatibleOptions;
  readonly #fallback = new EmbeddedAiProvider();

  constructor(options: OpenAiCompatibleOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  }

  async answer(request: AiAnswerRequest): Promise<AiAnswer> {
    if (request.answerIndex >= request.sources.length) return this.#fallback.answer(request);
    const context = [
      ...request.sources.slice(request.answerIndex),
      ...request.sources.slice(0, request.answerIndex),
    ].slice(0, CONTEXT_ARTICLES);
    const material = context.map((s, i) => `[${i + 1}]《${s.title}》\n${s.passages.join('\n')}`).join('\n\n');
    const user =
      request.language === 'zh-CN'
        ? `资料：\n${material}\n\n作者的问题：${request.question}${request.answerIndex > 0 ? '\n（作者想换一个角度的回答，请优先依据资料[1]。）' : ''}`
        : `Material:\n${material}\n\nThe author's question: ${request.question}${request.answerIndex > 0 ? '\n(The author asked for a different answer: rely on material [1] first.)' : ''}`;

    const signals = [AbortSignal.timeout(this.#options.timeoutMs), ...(request.signal ? [request.signal] : [])];
    let response: Response;
    try {
      response = await fetch(`${this.#options.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.#options.apiKey ? { authorization: `Bearer ${this.#options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.#options.model,
          messages: [
            {
              role: 'system',
              content: (request.purpose === 'inspiration' ? INSPIRATION_PROMPT : SYSTEM_PROMPT)[request.language](
                request.platformName,
              ),
            },
            { role: 'user', content: user },
          ],
          temperature: request.answerIndex > 0 ? 0.7 : 0.2,
          max_tokens: 800,
          stream: false,
        }),
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      throw new AiProviderError(`chat API unreachable: ${(error as Error).name}`);
    }
    if (!response.ok) throw new AiProviderError(`chat API answered HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as {
      choices?: Array<{ message?: { content?: unknown } }>;
    } | null;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') throw new AiProviderError('chat API gave no answer');
    return {
      text: content.trim(),
      sources: context.map((s) => ({ ids: s.ids, title: s.title, url: s.url })),
      grounded: true,
      hasMore: request.answerIndex + 1 < request.sources.length,
    };
  }
}

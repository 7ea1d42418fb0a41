/**
 * The AI assistant's answer provider. Retrieval (which help-centre articles fit a question) is done
 * by the caller; a provider turns the question and those passages into an answer:
 *
 * - `embedded` (default, offline): quotes the best-fitting passage of the article for the requested
 *   answer slot and links the article. Never says anything the help centre does not say.
 * - `openai`: any OpenAI-compatible chat completions API, given the passages as its only context.
 */

export interface AiSourceArticle {
  /** The article's address in the help centre, '<category>-<question>' (e.g. '1-12'). */
  ids: string;
  title: string;
  /** Path of the article's page in the web app. */
  url: string;
  /** The article's paragraphs that best fit the question, in the article's order. */
  passages: string[];
  score: number;
}

export interface AiAnswerRequest {
  question: string;
  /** 0 for the first answer; each '换一换' asks for the next (1, 2, …). */
  answerIndex: number;
  /** Articles that fit the question, best first (may be empty). */
  sources: AiSourceArticle[];
  language: 'zh-CN' | 'en-US';
  /** The brand's platform name, for the assistant to speak in its name. */
  platformName: string;
  /** Path of the help centre's home page, where an unanswered author is sent. */
  helpHomeUrl: string;
  /**
   * 'help' (default): a question about the author centre, sources are help-centre articles.
   * 'inspiration': writing prompts for a chapter (book-chapter/ai-inspiration); sources are craft
   * prompts already filled with the chapter's own details, the answer is built from them only.
   */
  purpose?: 'help' | 'inspiration';
  signal?: AbortSignal;
}

export interface AiAnswer {
  text: string;
  /** The articles the answer rests on (linked under it). */
  sources: Array<Pick<AiSourceArticle, 'ids' | 'title' | 'url'>>;
  /** False when the help centre had nothing for the question (the answer says so). */
  grounded: boolean;
  /** Whether another '换一换' can give a different grounded answer. */
  hasMore: boolean;
}

export interface AiProvider {
  readonly name: string;
  answer(request: AiAnswerRequest): Promise<AiAnswer>;
}

/** A failure of the provider itself (network, timeout, bad reply); the author may retry. */
export class AiProviderError extends Error {}

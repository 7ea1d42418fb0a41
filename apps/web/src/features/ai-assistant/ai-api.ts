import { AI_ASSISTANT } from '@author-centre/shared/constants';
import { apiGet, apiPost } from '../../platform/api.ts';
import type { AnswerSource, AnswerUse } from './chat-machine.ts';

export const AI_CHAT_PATH = '/api/pc/v1/book-chapter/ai-chat';
export const AI_CHAT_STREAM_PATH = '/api/pc/v1/book-chapter/ai-chat-stream';
export const AI_MARK_PATH = '/api/pc/v1/book-chapter/ai-chat-mark';
export const AI_CONFIG_PATH = '/api/pc/v1/global/ai-config';

/** §7 ai-chat: the answer is `data.message`; ours also carries the stored id, the sources and '换一换' hints. */
export interface AiChatReply {
  message: string;
  id: number;
  answer_index: number;
  sources: AnswerSource[];
  grounded: boolean;
  has_more: boolean;
}

/** Whether the assistant is on for the logged-in author (the profile's two fields) and its limits. */
export interface AiConfig {
  ai_assistant_auth: number;
  ai_assistant_questions: string[];
  /** 1 when the streaming answer path is on; it is switched off (§4). */
  stream: number;
  question_max_length: number;
  timeout_ms: number;
}

export function fetchAiConfig(signal?: AbortSignal): Promise<AiConfig> {
  return apiGet<AiConfig>(AI_CONFIG_PATH, undefined, { signal, silent: true });
}

/** Asks; the caller shows every failure in the chat itself (silent: no toast). */
export function askAi(question: string, answerIndex: number): Promise<AiChatReply> {
  return apiPost<AiChatReply>(
    AI_CHAT_PATH,
    { message: [{ role: 'user', content: question }], answer_index: answerIndex },
    { timeout: AI_ASSISTANT.requestTimeoutMs, silent: true },
  );
}

export function askAiStream(question: string): Promise<unknown> {
  return apiPost(
    AI_CHAT_STREAM_PATH,
    { message: [{ role: 'user', content: question }] },
    {
      timeout: AI_ASSISTANT.requestTimeoutMs,
      silent: true,
    },
  );
}

export function markAnswer(id: number, use: AnswerUse): Promise<{ id: number; use: AnswerUse }> {
  return apiPost(AI_MARK_PATH, { id, use }, { silent: true });
}

/** The stream path needs readable response bodies; browsers without them use the normal call (§4). */
export function supportsStreaming(): boolean {
  return typeof ReadableStream !== 'undefined' && typeof TextDecoderStream !== 'undefined';
}

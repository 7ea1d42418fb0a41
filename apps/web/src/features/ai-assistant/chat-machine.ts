/**
 * The AI chat of spec §4 as a pure reducer: asking, answering, '换一换', retry, marks, paging,
 * clearing and what survives a reload. The drawer renders this state; the hook around it only sends
 * the calls and runs the typewriter.
 *
 * Messages follow §3: { role, content, answers: [{content, use}], answersIndex, isAnsweringRight,
 * isNeedRetry }. An assistant message holds every answer to its question ('换一换' adds one);
 * `content` is the answer on show.
 */
import { AI_ASSISTANT } from '@author-centre/shared/constants';

/** Shown while an answer is on its way (§4). */
export const ANSWERING_PLACEHOLDER = '努力加载中，请您稍等…';
/** A failure the author may retry (§8). */
export const ANSWER_FAILED = '答案生成失败，请重试';
/** The stream path (§4): streaming is switched off. */
export const STREAM_MAINTENANCE = '功能维护中';

export type AnswerUse = 'use' | 'useless';

export interface AnswerSource {
  ids: string;
  title: string;
  url: string;
}

export interface ChatAnswer {
  content: string;
  use?: AnswerUse;
  /** The server's id of this question-and-answer (for the useful/useless mark). */
  id?: number;
  sources?: AnswerSource[];
  /** Whether the server has another answer for '换一换'. */
  hasMore?: boolean;
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  answers?: ChatAnswer[];
  answersIndex?: number;
  isAnsweringRight?: boolean;
  isNeedRetry?: boolean;
}

/** Which answer is on its way or being printed: message index and answer index. */
export interface AnswerRef {
  message: number;
  answer: number;
}

export interface ChatState {
  messages: ChatMessage[];
  /** A question is with the server (§4 'answering'). */
  answering: AnswerRef | null;
  /** The typewriter is printing this answer. */
  printing: AnswerRef | null;
}

export type ChatAction =
  | { type: 'ask'; question: string }
  | { type: 'another'; message: number }
  | { type: 'retry'; message: number }
  | {
      type: 'answered';
      content: string;
      id?: number;
      sources?: AnswerSource[];
      hasMore?: boolean;
    }
  | { type: 'failed'; kind: 'refused' | 'error' | 'stream'; text?: string }
  | { type: 'printed' }
  | { type: 'page'; message: number; to: number }
  | { type: 'mark'; message: number; answer: number; use: AnswerUse }
  | { type: 'unmark'; message: number; answer: number }
  | { type: 'clear' }
  | { type: 'restore'; messages: ChatMessage[] };

export const initialChatState: ChatState = { messages: [], answering: null, printing: null };

/** While answering or printing, every action is disabled (§4). */
export function isBusy(state: ChatState): boolean {
  return state.answering !== null || state.printing !== null;
}

/** The question an assistant message answers. */
export function questionOf(state: ChatState, message: number): string | null {
  const before = state.messages[message - 1];
  return before?.role === 'user' ? before.content : null;
}

export function currentAnswer(message: ChatMessage): ChatAnswer | undefined {
  return message.answers?.[message.answersIndex ?? 0];
}

/** '换一换' is offered on a settled, successful answer. */
export function canAskAnother(state: ChatState, message: number): boolean {
  const m = state.messages[message];
  return !isBusy(state) && m?.role === 'assistant' && m.isAnsweringRight === true;
}

/** Retry only on the last answer (of the last message) when the failure allows it (§4). */
export function canRetry(state: ChatState, message: number): boolean {
  const m = state.messages[message];
  if (m?.role !== 'assistant' || isBusy(state) || !m.isNeedRetry) return false;
  return message === state.messages.length - 1 && (m.answersIndex ?? 0) === (m.answers?.length ?? 1) - 1;
}

/** Useful/useless once per answer, only on a real answer (both then disabled). */
export function canMark(state: ChatState, message: number, answer: number): boolean {
  const a = state.messages[message]?.answers?.[answer];
  return !isBusy(state) && a !== undefined && a.use === undefined && a.id !== undefined;
}

function replaceMessage(state: ChatState, index: number, next: ChatMessage): ChatMessage[] {
  return state.messages.map((m, i) => (i === index ? next : m));
}

function startAnswer(state: ChatState, index: number, message: ChatMessage, answers: ChatAnswer[]): ChatState {
  const answer = answers.length - 1;
  return {
    ...state,
    messages: replaceMessage(state, index, {
      ...message,
      content: ANSWERING_PLACEHOLDER,
      answers,
      answersIndex: answer,
      isAnsweringRight: false,
      isNeedRetry: false,
    }),
    answering: { message: index, answer },
  };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'ask': {
      const question = action.question.trim();
      if (isBusy(state) || !question) return state;
      const messages: ChatMessage[] = [
        ...state.messages,
        { role: 'user', content: question },
        {
          role: 'assistant',
          content: ANSWERING_PLACEHOLDER,
          answers: [{ content: ANSWERING_PLACEHOLDER }],
          answersIndex: 0,
          isAnsweringRight: false,
          isNeedRetry: false,
        },
      ];
      return { ...state, messages, answering: { message: messages.length - 1, answer: 0 } };
    }
    case 'another': {
      if (!canAskAnother(state, action.message)) return state;
      const m = state.messages[action.message];
      return startAnswer(state, action.message, m, [...(m.answers ?? []), { content: ANSWERING_PLACEHOLDER }]);
    }
    case 'retry': {
      if (!canRetry(state, action.message)) return state;
      const m = state.messages[action.message];
      const answers = [...(m.answers ?? [])];
      answers[answers.length - 1] = { content: ANSWERING_PLACEHOLDER };
      return startAnswer(state, action.message, m, answers);
    }
    case 'answered': {
      const at = state.answering;
      if (!at) return state;
      const m = state.messages[at.message];
      const answers = [...(m.answers ?? [])];
      answers[at.answer] = { content: action.content, id: action.id, sources: action.sources, hasMore: action.hasMore };
      return {
        messages: replaceMessage(state, at.message, {
          ...m,
          content: action.content,
          answers,
          answersIndex: at.answer,
          isAnsweringRight: true,
          isNeedRetry: false,
        }),
        answering: null,
        printing: at,
      };
    }
    case 'failed': {
      const at = state.answering;
      if (!at) return state;
      const m = state.messages[at.message];
      const text =
        action.kind === 'refused'
          ? action.text || ANSWER_FAILED
          : action.kind === 'stream'
            ? STREAM_MAINTENANCE
            : ANSWER_FAILED;
      const answers = [...(m.answers ?? [])];
      answers[at.answer] = { content: text };
      return {
        ...state,
        messages: replaceMessage(state, at.message, {
          ...m,
          content: text,
          answers,
          answersIndex: at.answer,
          isAnsweringRight: false,
          // 40003083 and the stream path show their message without retry (§4, §8).
          isNeedRetry: action.kind === 'error',
        }),
        answering: null,
      };
    }
    case 'printed':
      return state.printing ? { ...state, printing: null } : state;
    case 'page': {
      const m = state.messages[action.message];
      if (isBusy(state) || !m?.answers) return state;
      // No wrapping: the pager stops at the first and the last answer.
      const to = Math.min(Math.max(action.to, 0), m.answers.length - 1);
      if (to === (m.answersIndex ?? 0)) return state;
      return {
        ...state,
        messages: replaceMessage(state, action.message, { ...m, answersIndex: to, content: m.answers[to].content }),
      };
    }
    case 'mark': {
      if (!canMark(state, action.message, action.answer)) return state;
      const m = state.messages[action.message];
      const answers = (m.answers ?? []).map((a, i) => (i === action.answer ? { ...a, use: action.use } : a));
      return { ...state, messages: replaceMessage(state, action.message, { ...m, answers }) };
    }
    case 'unmark': {
      const m = state.messages[action.message];
      if (!m?.answers?.[action.answer]) return state;
      const answers = m.answers.map((a, i) => (i === action.answer ? { ...a, use: undefined } : a));
      return { ...state, messages: replaceMessage(state, action.message, { ...m, answers }) };
    }
    case 'clear':
      return isBusy(state) ? state : initialChatState;
    case 'restore':
      return { messages: action.messages, answering: null, printing: null };
  }
}

/**
 * What is kept in localStorage: the last 60 messages (§9), never starting with an answer whose
 * question was cut off. An answer still on its way is not kept (a reload drops it anyway).
 */
export function historyToStore(state: ChatState, limit: number = AI_ASSISTANT.historyMessages): ChatMessage[] {
  let messages = state.messages;
  if (state.answering) {
    messages = messages.filter((_, i) => i !== state.answering!.message && i !== state.answering!.message - 1);
  }
  return capHistory(messages, limit);
}

export function capHistory(messages: ChatMessage[], limit: number = AI_ASSISTANT.historyMessages): ChatMessage[] {
  let kept = messages.slice(-limit);
  while (kept.length && kept[0].role === 'assistant') kept = kept.slice(1);
  return kept;
}

function isMessage(value: unknown): value is ChatMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as ChatMessage;
  return (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string';
}

/**
 * The history as restored on reload (§4): assistant messages not marked correct are dropped with
 * the question before them; anything unreadable is ignored.
 */
export function historyFromStore(raw: string | null, limit: number = AI_ASSISTANT.historyMessages): ChatMessage[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const messages = parsed.filter(isMessage);
  const kept: ChatMessage[] = [];
  for (const m of messages) {
    if (m.role === 'user') {
      kept.push(m);
      continue;
    }
    if (m.isAnsweringRight === true) {
      const answers = (m.answers ?? []).filter(
        (a) => a && typeof a.content === 'string' && a.content !== ANSWERING_PLACEHOLDER,
      );
      const index = Math.min(Math.max(m.answersIndex ?? 0, 0), Math.max(answers.length - 1, 0));
      kept.push({
        ...m,
        answers,
        answersIndex: index,
        content: answers[index]?.content ?? m.content,
        isNeedRetry: false,
      });
    } else if (kept.length && kept[kept.length - 1].role === 'user') {
      kept.pop();
    }
  }
  // A question whose answer never came is dropped too.
  const complete = kept.filter((m, i) => m.role === 'assistant' || kept[i + 1]?.role === 'assistant');
  return capHistory(complete, limit);
}

import { AI_ASSISTANT, STORAGE_KEYS } from '@author-centre/shared/constants';
import { ErrorCode, reactionTo } from '@author-centre/shared/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../platform/api-error.ts';
import { reactToError } from '../../platform/api-reactions.ts';
import { readItem, writeItem } from '../../platform/storage.ts';
import { askAi, askAiStream, markAnswer, supportsStreaming } from './ai-api.ts';
import {
  type AnswerRef,
  type AnswerUse,
  type ChatAction,
  type ChatState,
  chatReducer,
  historyFromStore,
  historyToStore,
  initialChatState,
  isBusy,
  questionOf,
} from './chat-machine.ts';

export const historyKey = (accountId: number) => `${STORAGE_KEYS.aiHistoryPrefix}${accountId}`;

/** Characters the typewriter adds per 50 ms tick: long answers finish in about three seconds. */
export function typewriterStep(length: number): number {
  return Math.max(1, Math.ceil(length / 60));
}

export interface AiChat {
  state: ChatState;
  busy: boolean;
  /** How much of the answer being printed is on screen. */
  printedLength: number;
  /** False (and nothing happens) while answering or printing. */
  ask(question: string): boolean;
  another(message: number): void;
  retry(message: number): void;
  page(message: number, to: number): void;
  mark(message: number, answer: number, use: AnswerUse): Promise<boolean>;
  clear(): void;
}

/**
 * The chat's controller: the §4 reducer, the calls it triggers, the 50 ms typewriter and the
 * history kept in localStorage under the prefix plus the account id.
 */
export function useAiChat(accountId: number, options: { stream: boolean }): AiChat {
  const key = historyKey(accountId);
  const [state, setState] = useState<ChatState>(() => chatReducer(initialChatState, restore(key)));
  const stateRef = useRef(state);
  const [printedLength, setPrintedLength] = useState(0);
  const streamRef = useRef(options.stream);
  streamRef.current = options.stream;

  const apply = useCallback((action: ChatAction): ChatState => {
    const next = chatReducer(stateRef.current, action);
    if (next !== stateRef.current) {
      stateRef.current = next;
      setState(next);
    }
    return next;
  }, []);

  // Another account (pen-name switch) has its own history.
  const loadedKey = useRef(key);
  useEffect(() => {
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    apply(restore(key));
  }, [key, apply]);

  useEffect(() => {
    writeItem(key, JSON.stringify(historyToStore(state)));
  }, [key, state]);

  const send = useCallback(
    async (at: AnswerRef) => {
      const question = questionOf(stateRef.current, at.message);
      if (question === null) return;
      if (streamRef.current && supportsStreaming()) {
        // Streaming is switched off: whatever the stream path answers, it is under maintenance (§4).
        await askAiStream(question).catch(() => undefined);
        apply({ type: 'failed', kind: 'stream' });
        return;
      }
      try {
        const reply = await askAi(question, at.answer);
        apply({
          type: 'answered',
          content: reply.message,
          id: reply.id,
          sources: reply.sources,
          hasMore: reply.has_more,
        });
      } catch (error) {
        if (isApiError(error) && error.kind === 'business') {
          const reaction = reactionTo(error.code);
          if (reaction === 'relogin' || reaction === 'clear-user') reactToError(error);
          if (error.code === ErrorCode.aiRefused) {
            apply({ type: 'failed', kind: 'refused', text: error.title });
            return;
          }
        }
        apply({ type: 'failed', kind: 'error' });
      }
    },
    [apply],
  );

  const start = useCallback(
    (action: ChatAction): boolean => {
      const before = stateRef.current;
      const next = apply(action);
      if (next === before || !next.answering) return false;
      void send(next.answering);
      return true;
    },
    [apply, send],
  );

  // The typewriter: the answer being printed grows every 50 ms; all actions wait for it (§4).
  const printing = state.printing;
  const printingText = printing ? (state.messages[printing.message]?.answers?.[printing.answer]?.content ?? '') : '';
  useEffect(() => {
    if (!printing) return;
    const step = typewriterStep(printingText.length);
    let shown = 0;
    setPrintedLength(0);
    const timer = setInterval(() => {
      shown = Math.min(printingText.length, shown + step);
      setPrintedLength(shown);
      if (shown >= printingText.length) {
        clearInterval(timer);
        apply({ type: 'printed' });
      }
    }, AI_ASSISTANT.typewriterIntervalMs);
    return () => clearInterval(timer);
  }, [printing, printingText, apply]);

  const mark = useCallback(
    async (message: number, answer: number, use: AnswerUse): Promise<boolean> => {
      const before = stateRef.current;
      const id = before.messages[message]?.answers?.[answer]?.id;
      if (id === undefined || apply({ type: 'mark', message, answer, use }) === before) return false;
      try {
        await markAnswer(id, use);
        return true;
      } catch (error) {
        // Already rated (another tab): the mark stands. Anything else: the author may rate again.
        if (isApiError(error) && error.code === ErrorCode.conflict) return true;
        apply({ type: 'unmark', message, answer });
        return false;
      }
    },
    [apply],
  );

  return {
    state,
    busy: isBusy(state),
    printedLength,
    ask: (question) => start({ type: 'ask', question }),
    another: (message) => void start({ type: 'another', message }),
    retry: (message) => void start({ type: 'retry', message }),
    page: (message, to) => void apply({ type: 'page', message, to }),
    mark,
    clear: () => void apply({ type: 'clear' }),
  };
}

function restore(key: string): ChatAction {
  return { type: 'restore', messages: historyFromStore(readItem(key)) };
}

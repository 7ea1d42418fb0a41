import { describe, expect, it } from 'vitest';
import {
  ANSWER_FAILED,
  ANSWERING_PLACEHOLDER,
  type ChatAction,
  type ChatMessage,
  type ChatState,
  canMark,
  canRetry,
  chatReducer,
  historyFromStore,
  historyToStore,
  initialChatState,
  isBusy,
  STREAM_MAINTENANCE,
} from './chat-machine.ts';

const run = (actions: ChatAction[], from: ChatState = initialChatState) => actions.reduce(chatReducer, from);
const answered = (content: string, id = 1): ChatAction => ({ type: 'answered', content, id, hasMore: true });

describe('asking', () => {
  it('adds the question and a placeholder answer, and is answering', () => {
    const s = run([{ type: 'ask', question: '  稿费几号发？ ' }]);
    expect(s.messages).toEqual([
      { role: 'user', content: '稿费几号发？' },
      {
        role: 'assistant',
        content: ANSWERING_PLACEHOLDER,
        answers: [{ content: ANSWERING_PLACEHOLDER }],
        answersIndex: 0,
        isAnsweringRight: false,
        isNeedRetry: false,
      },
    ]);
    expect(s.answering).toEqual({ message: 1, answer: 0 });
    expect(isBusy(s)).toBe(true);
  });

  it('ignores an empty question and a question while answering or printing', () => {
    expect(run([{ type: 'ask', question: '   ' }])).toBe(initialChatState);
    const answering = run([{ type: 'ask', question: 'a' }]);
    expect(chatReducer(answering, { type: 'ask', question: 'b' })).toBe(answering);
    const printing = chatReducer(answering, answered('x'));
    expect(chatReducer(printing, { type: 'ask', question: 'b' })).toBe(printing);
  });

  it('turns the placeholder into the answer with isAnsweringRight, then prints it', () => {
    const s = run([{ type: 'ask', question: 'a' }, answered('答案')]);
    expect(s.messages[1]).toMatchObject({ content: '答案', isAnsweringRight: true, isNeedRetry: false });
    expect(s.messages[1].answers?.[0]).toMatchObject({ content: '答案', id: 1 });
    expect(s.answering).toBeNull();
    expect(s.printing).toEqual({ message: 1, answer: 0 });
    expect(isBusy(s)).toBe(true);
    const done = chatReducer(s, { type: 'printed' });
    expect(isBusy(done)).toBe(false);
  });
});

describe('failures', () => {
  it('40003083 shows the server message without retry', () => {
    const s = run([
      { type: 'ask', question: 'a' },
      { type: 'failed', kind: 'refused', text: '您提问太频繁了' },
    ]);
    expect(s.messages[1]).toMatchObject({ content: '您提问太频繁了', isAnsweringRight: false, isNeedRetry: false });
    expect(canRetry(s, 1)).toBe(false);
    expect(isBusy(s)).toBe(false);
  });

  it('other failures show 答案生成失败，请重试 with retry, and retry asks again in the same slot', () => {
    const s = run([
      { type: 'ask', question: 'a' },
      { type: 'failed', kind: 'error' },
    ]);
    expect(s.messages[1]).toMatchObject({ content: ANSWER_FAILED, isNeedRetry: true });
    expect(canRetry(s, 1)).toBe(true);
    const retrying = chatReducer(s, { type: 'retry', message: 1 });
    expect(retrying.messages[1]).toMatchObject({ content: ANSWERING_PLACEHOLDER, isNeedRetry: false });
    expect(retrying.messages[1].answers).toHaveLength(1);
    expect(retrying.answering).toEqual({ message: 1, answer: 0 });
    const ok = chatReducer(retrying, answered('好了'));
    expect(ok.messages[1]).toMatchObject({ content: '好了', isAnsweringRight: true });
  });

  it('the stream path shows 功能维护中 without retry', () => {
    const s = run([
      { type: 'ask', question: 'a' },
      { type: 'failed', kind: 'stream' },
    ]);
    expect(s.messages[1]).toMatchObject({ content: STREAM_MAINTENANCE, isNeedRetry: false });
  });

  it('offers retry only on the last answer of the last message', () => {
    const s = run([
      { type: 'ask', question: 'a' },
      { type: 'failed', kind: 'error' },
    ]);
    // A later question makes the failed one no longer the last.
    const later = run([{ type: 'ask', question: 'b' }], { ...s });
    expect(canRetry(later, 1)).toBe(false);
    expect(chatReducer(later, { type: 'retry', message: 1 })).toBe(later);
  });
});

describe("'换一换' and the pager", () => {
  const settled = run([{ type: 'ask', question: 'a' }, answered('第一', 1), { type: 'printed' }]);

  it('adds an answer slot and asks for it', () => {
    const s = chatReducer(settled, { type: 'another', message: 1 });
    expect(s.messages[1].answers).toHaveLength(2);
    expect(s.messages[1]).toMatchObject({ answersIndex: 1, content: ANSWERING_PLACEHOLDER, isAnsweringRight: false });
    expect(s.answering).toEqual({ message: 1, answer: 1 });
    const two = run([answered('第二', 2), { type: 'printed' }], s);
    expect(two.messages[1].answers?.map((a) => a.content)).toEqual(['第一', '第二']);
  });

  it('pages between answers without wrapping, and not while busy', () => {
    const two = run([{ type: 'another', message: 1 }, answered('第二', 2), { type: 'printed' }], settled);
    const back = chatReducer(two, { type: 'page', message: 1, to: 0 });
    expect(back.messages[1]).toMatchObject({ answersIndex: 0, content: '第一' });
    expect(chatReducer(back, { type: 'page', message: 1, to: -1 })).toBe(back);
    const forward = chatReducer(back, { type: 'page', message: 1, to: 1 });
    expect(chatReducer(forward, { type: 'page', message: 1, to: 2 })).toBe(forward);
    const busy = chatReducer(forward, { type: 'ask', question: 'b' });
    expect(chatReducer(busy, { type: 'page', message: 1, to: 0 })).toBe(busy);
  });

  it('is not offered while answering or on a failed answer', () => {
    const busy = run([{ type: 'ask', question: 'a' }]);
    expect(chatReducer(busy, { type: 'another', message: 1 })).toBe(busy);
    const failed = run([
      { type: 'ask', question: 'a' },
      { type: 'failed', kind: 'refused', text: 'x' },
    ]);
    expect(chatReducer(failed, { type: 'another', message: 1 })).toBe(failed);
  });
});

describe('useful / useless', () => {
  const settled = run([{ type: 'ask', question: 'a' }, answered('第一', 7), { type: 'printed' }]);

  it('marks an answer once; then both are disabled', () => {
    const s = chatReducer(settled, { type: 'mark', message: 1, answer: 0, use: 'use' });
    expect(s.messages[1].answers?.[0].use).toBe('use');
    expect(canMark(s, 1, 0)).toBe(false);
    expect(chatReducer(s, { type: 'mark', message: 1, answer: 0, use: 'useless' })).toBe(s);
  });

  it('cannot mark while printing, nor an answer without a server id (an error text)', () => {
    const printing = run([{ type: 'ask', question: 'a' }, answered('x', 3)]);
    expect(canMark(printing, 1, 0)).toBe(false);
    const failed = run([
      { type: 'ask', question: 'a' },
      { type: 'failed', kind: 'error' },
    ]);
    expect(canMark(failed, 1, 0)).toBe(false);
  });

  it('unmarks when the server did not take the mark', () => {
    const s = run(
      [
        { type: 'mark', message: 1, answer: 0, use: 'useless' },
        { type: 'unmark', message: 1, answer: 0 },
      ],
      settled,
    );
    expect(canMark(s, 1, 0)).toBe(true);
  });
});

describe('clear', () => {
  it('empties the list, but not while answering', () => {
    const settled = run([{ type: 'ask', question: 'a' }, answered('b'), { type: 'printed' }]);
    expect(chatReducer(settled, { type: 'clear' }).messages).toEqual([]);
    const busy = chatReducer(settled, { type: 'ask', question: 'c' });
    expect(chatReducer(busy, { type: 'clear' })).toBe(busy);
  });
});

describe('history', () => {
  const pair = (i: number, right = true): ChatMessage[] => [
    { role: 'user', content: `问题${i}` },
    {
      role: 'assistant',
      content: right ? `答案${i}` : ANSWER_FAILED,
      answers: [{ content: right ? `答案${i}` : ANSWER_FAILED }],
      answersIndex: 0,
      isAnsweringRight: right,
      isNeedRetry: !right,
    },
  ];

  it('drops, on reload, assistant messages not marked correct together with their question', () => {
    const stored = JSON.stringify([...pair(1), ...pair(2, false), ...pair(3)]);
    const restored = historyFromStore(stored);
    expect(restored.map((m) => m.content)).toEqual(['问题1', '答案1', '问题3', '答案3']);
  });

  it('drops a question whose answer never came, and ignores damaged storage', () => {
    expect(historyFromStore(JSON.stringify([...pair(1), { role: 'user', content: '半截' }])).length).toBe(2);
    expect(historyFromStore('{not json')).toEqual([]);
    expect(historyFromStore(JSON.stringify({ a: 1 }))).toEqual([]);
  });

  it('keeps the last 60 messages, never starting with an orphan answer', () => {
    const many = Array.from({ length: 40 }, (_, i) => pair(i)).flat();
    const state: ChatState = { messages: many, answering: null, printing: null };
    const kept = historyToStore(state);
    expect(kept).toHaveLength(60);
    expect(kept[0]).toEqual({ role: 'user', content: '问题10' });
    const odd = historyToStore({ ...state, messages: many.slice(1) }, 59);
    expect(odd[0].role).toBe('user');
  });

  it('does not keep an answer still on its way', () => {
    const s = run([{ type: 'ask', question: 'a' }, answered('b'), { type: 'printed' }, { type: 'ask', question: 'c' }]);
    expect(historyToStore(s).map((m) => m.content)).toEqual(['a', 'b']);
  });
});

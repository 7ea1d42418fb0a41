import { describe, expect, it } from 'vitest';
import { type Draft, storageJournal } from './journal.ts';
import { ChapterSaver, type SaveAck, type SavePayload, type SaverTransport } from './saver.ts';

class MemoryStorage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

/** A server that applies saves like the real one: base revision check, idempotency keys. */
class FakeServer implements SaverTransport {
  revision = 0;
  text: Draft = { title: '', content: '', authorSay: '' };
  keys = new Map<string, number>();
  down = false;
  /** The next save is applied but its answer is lost. */
  loseNextAnswer = false;
  applied = 0;
  calls: SavePayload[] = [];

  async save(p: SavePayload): Promise<SaveAck> {
    this.calls.push(p);
    if (this.down) throw { transient: true };
    const seen = this.keys.get(p.save_key);
    if (seen !== undefined) return { revision: seen, saved_at: 1, words: 0, status: 'draft', title_problem: false };
    if (p.base_revision !== this.revision) throw { conflict: true };
    this.revision++;
    this.applied++;
    this.text = {
      title: p.title ?? this.text.title,
      content: p.content,
      authorSay: p.author_say ?? this.text.authorSay,
    };
    this.keys.set(p.save_key, this.revision);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw { transient: true };
    }
    return { revision: this.revision, saved_at: 1, words: p.content.length, status: 'draft', title_problem: false };
  }

  classify(e: any) {
    return e.conflict ? ({ kind: 'conflict' } as const) : ({ kind: 'transient', offline: true } as const);
  }
}

function setup(server = new FakeServer()) {
  const storage = new MemoryStorage();
  const journal = storageJournal(storage as unknown as Storage);
  let text: Draft = { title: '第一章', content: '', authorSay: '' };
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  let conflicts = 0;
  let key = 0;
  const saver = new ChapterSaver({
    chapterId: 7,
    bookId: 1,
    revision: 0,
    saved: { ...text },
    savedAt: null,
    transport: server,
    journal,
    read: () => text,
    onChange: () => {},
    onConflict: () => {
      conflicts++;
    },
    newKey: () => `key-${++key}`,
    setTimer: (fn) => {
      const id = nextTimer++;
      timers.set(id, fn);
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  return {
    saver,
    server,
    journal,
    type(content: string) {
      text = { ...text, content };
      saver.changed();
    },
    edit(patch: Partial<Draft>) {
      text = { ...text, ...patch };
      saver.changed();
    },
    /** What the editor shows (a field put in by the page, e.g. a picked-up title). */
    show(patch: Partial<Draft>) {
      text = { ...text, ...patch };
    },
    text: () => text,
    async fireTimers() {
      const due = [...timers.values()];
      timers.clear();
      for (const fn of due) fn();
      await new Promise((r) => setTimeout(r, 0));
      await saver.flush();
    },
    conflicts: () => conflicts,
  };
}

describe('ChapterSaver', () => {
  it('journals, saves after the debounce and clears the journal once acknowledged', async () => {
    const s = setup();
    s.type('一');
    s.type('一二');
    await s.fireTimers();
    expect(s.server.text.content).toBe('一二');
    expect(s.server.applied).toBe(1);
    expect(s.saver.state).toMatchObject({ status: 'saved', revision: 1 });
    expect(s.journal.read(7)).toBeNull();
  });

  it('keeps text typed while offline in the journal and saves it when the server answers again', async () => {
    const s = setup();
    s.server.down = true;
    s.type('离线时写的');
    await s.fireTimers();
    expect(s.saver.state.status).toBe('offline');
    expect(s.journal.read(7)?.draft.content).toBe('离线时写的');
    s.type('离线时写的更多');
    await s.fireTimers();
    expect(s.journal.read(7)?.draft.content).toBe('离线时写的更多');
    s.server.down = false;
    s.saver.online();
    await s.saver.flush();
    expect(s.server.text.content).toBe('离线时写的更多');
    expect(s.saver.state.status).toBe('saved');
    expect(s.journal.read(7)).toBeNull();
  });

  it('retries a save whose answer was lost with the same key, so it is applied once', async () => {
    const s = setup();
    s.server.loseNextAnswer = true;
    s.type('只保存一次');
    await s.saver.flush();
    expect(s.saver.state.status).toBe('offline');
    // The author kept typing after the attempt whose answer was lost: the same payload goes again
    // with the same key before the newer text is sent.
    s.type('只保存一次，然后继续写');
    await s.saver.flush();
    expect(s.server.calls.map((c) => c.save_key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(s.server.text.content).toBe('只保存一次，然后继续写');
    expect(s.server.applied).toBe(2);
    expect(s.conflicts()).toBe(0);
    expect(s.saver.state).toMatchObject({ status: 'saved', revision: 2 });
  });

  it('stops on a conflict, keeps the text, and saves the kept text on top of the server revision', async () => {
    const server = new FakeServer();
    server.revision = 5;
    const s = setup(server);
    s.type('另一个标签页之前的内容');
    await s.fireTimers();
    expect(s.conflicts()).toBe(1);
    expect(s.saver.state.status).toBe('conflict');
    expect(s.journal.read(7)?.draft.content).toBe('另一个标签页之前的内容');
    // Typing on does not overwrite anything while the author has not chosen.
    s.type('继续写');
    await s.fireTimers();
    expect(server.applied).toBe(0);
    await s.saver.keepMine(5);
    expect(server.text.content).toBe('继续写');
    expect(s.saver.state).toMatchObject({ status: 'saved', revision: 6 });
  });

  it('settles before a restore only when every typed word is on the server, and never clears the journal over unsaved text', async () => {
    const s = setup();
    s.type('恢复前写的');
    s.server.down = true;
    expect(await s.saver.settle()).toBe(false);
    expect(s.saver.state.status).toBe('offline');
    // A restore acknowledged now (it must not be, but if it were) keeps the journal and the text.
    expect(s.saver.acknowledge(9, { title: '第一章', content: '旧版本', authorSay: '' }, 2)).toBe(false);
    expect(s.journal.read(7)?.draft.content).toBe('恢复前写的');
    expect(s.saver.state.revision).toBe(0);
    // Back online: it settles, and a restore acknowledged then takes over and clears the journal.
    s.server.down = false;
    expect(await s.saver.settle()).toBe(true);
    expect(s.server.text.content).toBe('恢复前写的');
    s.show({ content: '旧版本' });
    expect(s.saver.acknowledge(9, { title: '第一章', content: '旧版本', authorSay: '' }, 2)).toBe(false);
    s.show({ content: '恢复前写的' });
    expect(s.saver.acknowledge(9, { title: '第一章', content: '旧版本', authorSay: '' }, 2)).toBe(true);
    expect(s.saver.state).toMatchObject({ status: 'saved', revision: 9 });
    expect(s.journal.read(7)).toBeNull();
  });

  it('does not settle while a conflict waits for the author', async () => {
    const server = new FakeServer();
    server.revision = 3;
    const s = setup(server);
    s.type('另一个标签页之后写的');
    expect(await s.saver.settle()).toBe(false);
    expect(s.saver.state.status).toBe('conflict');
    expect(s.journal.read(7)?.draft.content).toBe('另一个标签页之后写的');
  });

  it('sends the title and the say only when changed here, so a rename elsewhere is kept and picked up', async () => {
    const s = setup();
    s.type('正文');
    await s.fireTimers();
    expect(s.server.calls[0]).not.toHaveProperty('title');
    expect(s.server.calls[0]).not.toHaveProperty('author_say');
    // The manage list renames the chapter and changes the say (no new text revision).
    s.server.text = { ...s.server.text, title: '第一章：初见', authorSay: '求收藏' };
    s.type('正文继续');
    await s.fireTimers();
    expect(s.server.text).toEqual({ title: '第一章：初见', content: '正文继续', authorSay: '求收藏' });
    // The page comes back into view: the new title and say are put in the editor.
    expect(s.saver.pickUp({ revision: s.saver.state.revision, title: '第一章：初见', authorSay: '求收藏' })).toEqual({
      title: '第一章：初见',
      authorSay: '求收藏',
    });
    s.show({ title: '第一章：初见', authorSay: '求收藏' });
    // Changed here by the author: sent.
    s.edit({ authorSay: '感谢打赏' });
    await s.fireTimers();
    expect(s.server.calls.at(-1)).toMatchObject({ author_say: '感谢打赏' });
    expect(s.server.calls.at(-1)).not.toHaveProperty('title');
    expect(s.server.text).toEqual({ title: '第一章：初见', content: '正文继续', authorSay: '感谢打赏' });
  });

  it('keeps a title the author is changing here when another one arrives, and picks up nothing after a text change elsewhere', async () => {
    const s = setup();
    s.type('正文');
    await s.fireTimers();
    s.show({ title: '我正在改的标题' });
    expect(s.saver.pickUp({ revision: s.saver.state.revision, title: '别处改的标题', authorSay: '' })).toBeNull();
    expect(s.saver.pickUp({ revision: s.saver.state.revision + 1, title: '别处改的标题', authorSay: '说' })).toBeNull();
    s.saver.changed();
    await s.fireTimers();
    expect(s.server.text.title).toBe('我正在改的标题');
  });

  it("sends every field when the author keeps this page's version in a conflict", async () => {
    const server = new FakeServer();
    server.revision = 2;
    server.text = { title: '服务器的标题', content: '服务器的正文', authorSay: '服务器的话' };
    const s = setup(server);
    s.type('我的正文');
    await s.fireTimers();
    expect(s.saver.state.status).toBe('conflict');
    await s.saver.keepMine(2);
    expect(server.text).toEqual({ title: '第一章', content: '我的正文', authorSay: '' });
  });
});

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
    this.text = { title: p.title, content: p.content, authorSay: p.author_say };
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
});

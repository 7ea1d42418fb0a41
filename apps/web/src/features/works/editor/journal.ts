/**
 * The browser-side journal of text not yet acknowledged by the server (localStorage, so a write
 * is synchronous and survives the tab being closed, the browser crashing, or the server being
 * down for hours). One entry per chapter; cleared once the server acknowledges exactly that text.
 */
export interface Draft {
  title: string;
  content: string;
  authorSay: string;
}

export interface JournalEntry {
  chapterId: number;
  bookId: number;
  /** The server revision the text was based on. */
  baseRevision: number;
  draft: Draft;
  updatedAt: number;
}

export interface Journal {
  read(chapterId: number): JournalEntry | null;
  /** False when the browser refused to store it (storage full or disabled). */
  write(entry: JournalEntry): boolean;
  clear(chapterId: number): void;
  list(): JournalEntry[];
}

const PREFIX = 'ac:works:journal:';

export function sameDraft(a: Draft, b: Draft): boolean {
  return a.content === b.content && a.title === b.title && a.authorSay === b.authorSay;
}

/** The journal in a Storage (localStorage in the browser; any Storage-like object in tests). */
export function storageJournal(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> | null,
): Journal {
  return {
    read(chapterId) {
      try {
        const raw = storage?.getItem(PREFIX + chapterId);
        return raw ? (JSON.parse(raw) as JournalEntry) : null;
      } catch {
        return null;
      }
    },
    write(entry) {
      try {
        if (!storage) return false;
        storage.setItem(PREFIX + entry.chapterId, JSON.stringify(entry));
        return true;
      } catch {
        return false;
      }
    },
    clear(chapterId) {
      try {
        storage?.removeItem(PREFIX + chapterId);
      } catch {
        // Nothing to clear.
      }
    },
    list() {
      const out: JournalEntry[] = [];
      if (!storage) return out;
      try {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i);
          if (!key?.startsWith(PREFIX)) continue;
          const raw = storage.getItem(key);
          if (raw) out.push(JSON.parse(raw) as JournalEntry);
        }
      } catch {
        // A damaged entry is skipped.
      }
      return out;
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export const browserJournal: Journal = storageJournal(browserStorage());

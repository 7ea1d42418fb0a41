import { OFFLINE_CHAPTER_DATABASE } from '../../../platform/offline-copy.ts';
import { loggedInNow } from '../../../platform/session-state.ts';
import type { ChapterDetail } from '../works-api.ts';
import { browserJournal } from './journal.ts';

/**
 * The editor without the network (issue 18): the chapter last open in this browser, as the server
 * last acknowledged it, is kept so a reload while offline reopens it; the journal then replays
 * whatever was typed since, and the saver sends it when the network returns.
 *
 * The copy is rewritten after every save, so it lives in IndexedDB: the write happens off the page's
 * main thread, where a localStorage write of a 100,000-character chapter took 1–50 ms in the middle of
 * typing. The journal stays in localStorage, whose write is synchronous (journal.ts says why).
 */
const STORE = 'last-open';
const KEY = 'chapter';

let database: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_CHAPTER_DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE);
      // Where the copy was kept before: a whole chapter's text is not left behind in localStorage.
      try {
        localStorage.removeItem('ac:works:last-open');
      } catch {
        // Storage disabled: nothing was kept there.
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Deleted at logout (platform/offline-copy.ts): this connection lets it go, and the next copy opens anew.
      db.onversionchange = () => {
        db.close();
        database = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  }).catch((e: unknown) => {
    database = null;
    throw e;
  });
  return database;
}

/** The chapter as the server sent it when last opened or saved here, for opening it again without the network. */
export async function rememberOpenChapter(chapter: ChapterDetail): Promise<void> {
  // Not once the author has logged out (the copy was deleted then): the editor closing after a logout, or a save
  // answered just after it, must not write the chapter back.
  if (!loggedInNow()) return;
  try {
    const db = await openDatabase();
    if (!loggedInNow()) return;
    db.transaction(STORE, 'readwrite').objectStore(STORE).put(chapter, KEY);
  } catch {
    // Storage full or disabled: the chapter opens only with the network.
  }
}

/**
 * The last-opened chapter, when it is `chapterId`, with the journal's base revision: the editor
 * then replays the journal (text typed since, saved or not) on top of it, as after any reload, and
 * saves it when the network returns.
 */
export async function openedOffline(chapterId: number): Promise<ChapterDetail | null> {
  try {
    const db = await openDatabase();
    const copy = await new Promise<ChapterDetail | undefined>((resolve, reject) => {
      const request = db.transaction(STORE).objectStore(STORE).get(KEY);
      request.onsuccess = () => resolve(request.result as ChapterDetail | undefined);
      request.onerror = () => reject(request.error);
    });
    if (copy?.chapter_id !== chapterId) return null;
    const entry = browserJournal.read(chapterId);
    return entry ? { ...copy, revision: entry.baseRevision } : copy;
  } catch {
    return null;
  }
}

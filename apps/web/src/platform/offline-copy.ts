import { isApiError } from './api-error.ts';
import { readItem, removeItem, writeItem } from './storage.ts';

/**
 * The last answer of a call the app cannot open without (the brand's settings, the login status),
 * kept in localStorage and answered instead when the network is gone (issue 18: the editor opens
 * offline). Only a call that failed for want of the network falls back; any answer of the server
 * (a refusal, a logout) is taken as it is.
 */
export async function withOfflineCopy<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  try {
    const value = await fetcher();
    writeItem(key, JSON.stringify(value));
    return value;
  } catch (error) {
    if (isApiError(error) && (error.kind === 'offline' || error.kind === 'network')) {
      const raw = readItem(key);
      if (raw) {
        try {
          return JSON.parse(raw) as T;
        } catch {
          // A damaged copy is no answer.
        }
      }
    }
    throw error;
  }
}

export function forgetOfflineCopy(key: string): void {
  removeItem(key);
}

export const OFFLINE_COPY_KEYS = {
  brand: 'ac:offline:brand-config',
  loginStatus: 'ac:offline:login-status',
} as const;

/**
 * The IndexedDB database of the editor's copy of the chapter last open in this browser
 * (features/works/editor/offline-open.ts).
 */
export const OFFLINE_CHAPTER_DATABASE = 'ac-works';

/**
 * Deletes the copy of the chapter last open here, at logout and when the session is lost: on a shared computer
 * the next person must not find an author's chapter in the browser. It is a copy of what the server holds; text
 * not yet saved is in the journal, which stays (it is sent after the next login).
 */
export function forgetOfflineChapter(): void {
  try {
    globalThis.indexedDB?.deleteDatabase(OFFLINE_CHAPTER_DATABASE);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

import type { ChapterDetail } from '../works-api.ts';
import { browserJournal } from './journal.ts';

/**
 * The editor without the network (issue 18): the chapter last open in this browser, as the server
 * last acknowledged it, is kept so a reload while offline reopens it; the journal then replays
 * whatever was typed since, and the saver sends it when the network returns.
 */
const LAST_OPEN_KEY = 'ac:works:last-open';

/** The chapter as the server sent it when last opened here, for opening it again without the network. */
export function rememberOpenChapter(chapter: ChapterDetail): void {
  try {
    localStorage.setItem(LAST_OPEN_KEY, JSON.stringify(chapter));
  } catch {
    // Storage full or disabled: the chapter opens only with the network.
  }
}

/**
 * The last-opened chapter, when it is `chapterId`, with the journal's base revision: the editor
 * then replays the journal (text typed since, saved or not) on top of it, as after any reload, and
 * saves it when the network returns.
 */
export function openedOffline(chapterId: number): ChapterDetail | null {
  try {
    const copy = JSON.parse(localStorage.getItem(LAST_OPEN_KEY) ?? 'null') as ChapterDetail | null;
    if (copy?.chapter_id !== chapterId) return null;
    const entry = browserJournal.read(chapterId);
    return entry ? { ...copy, revision: entry.baseRevision } : copy;
  } catch {
    return null;
  }
}

import { POPUP } from '@author-centre/shared/constants';
import { useEffect } from 'react';

const scheduled = new Set<string>();

/**
 * Tells the server a pop was seen, 2 s after it appeared (§4, §9 "notification delay 2000 ms").
 * The timer is not tied to the pop: closing it sooner still counts as seen. Each key is sent once
 * per page load; a failed call is allowed to try again when the pop shows again.
 */
export function tellSeenLater(key: string, send: () => Promise<unknown>): void {
  if (scheduled.has(key)) return;
  scheduled.add(key);
  globalThis.setTimeout(() => {
    send().catch(() => scheduled.delete(key));
  }, POPUP.noticeSeenDelayMs);
}

/** `tellSeenLater` when the calling pop mounts (or `key` changes); a null key sends nothing. */
export function useTellSeen(key: string | null, send: () => Promise<unknown>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what `send` sends.
  useEffect(() => {
    if (key) tellSeenLater(key, send);
  }, [key]);
}

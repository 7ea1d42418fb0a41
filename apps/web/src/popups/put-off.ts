import type { PopId } from '@author-centre/shared/constants';
import { readItem, writeItem } from '../platform/storage.ts';

/**
 * Pops that ask for an action (decisions.md, "Pop-ups that ask for an action"): one the author put
 * off ('稍后再说', Escape, the close button) does not open again in that browser session, nor for
 * 24 hours in any other; the header's pen-name menu keeps a quiet reminder until the action is done.
 * Per account: another pen name on the same browser is asked on its own.
 */
export const ASKING_POPS: readonly PopId[] = ['account-split', '1'];
export const PUT_OFF_MS = 24 * 60 * 60 * 1000;

const keyOf = (accountId: number, id: PopId) => `ac:pop-put-off:${accountId}:${id}`;

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function putOff(accountId: number, id: PopId, now = Date.now()): void {
  writeItem(keyOf(accountId, id), String(now));
  try {
    sessionStore()?.setItem(keyOf(accountId, id), '1');
  } catch {
    // Without session storage the 24 hours still hold.
  }
}

export function isPutOff(accountId: number, id: PopId, now = Date.now()): boolean {
  let inSession = false;
  try {
    inSession = sessionStore()?.getItem(keyOf(accountId, id)) === '1';
  } catch {
    inSession = false;
  }
  const at = Number(readItem(keyOf(accountId, id)));
  return inSession || (at > 0 && now - at < PUT_OFF_MS && at <= now);
}

/**
 * localStorage that never throws (private mode, quota, disabled storage) and tells same-tab
 * subscribers about changes; the browser's own `storage` event only reaches other tabs.
 */
type Listener = (key: string) => void;
const listeners = new Set<Listener>();

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives for this page only, through the listeners below.
  }
  for (const l of listeners) l(key);
}

export function removeItem(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
  for (const l of listeners) l(key);
}

/** Calls `onChange` when `key` changes in this tab or another one. Returns the unsubscribe. */
export function subscribeItem(key: string, onChange: () => void): () => void {
  const local: Listener = (k) => {
    if (k === key) onChange();
  };
  const remote = (e: StorageEvent) => {
    if (e.key === key || e.key === null) onChange();
  };
  listeners.add(local);
  globalThis.addEventListener?.('storage', remote);
  return () => {
    listeners.delete(local);
    globalThis.removeEventListener?.('storage', remote);
  };
}

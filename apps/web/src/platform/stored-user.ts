import { useSyncExternalStore } from 'react';
import { readItem, removeItem, subscribeItem, writeItem } from './storage.ts';
import { WEB_STORAGE_KEYS } from './storage-keys.ts';

/**
 * The author profile cached in localStorage under `WEB_STORAGE_KEYS.user` ('ac:user') for a fast
 * first paint (§3 "User"). It is never proof of login: the session cookie is, and
 * `useLoginStatus()` asks the server. Whoever loads the profile writes it here; session loss clears it.
 */
export interface StoredUser {
  account_id: number;
  pen_name: string;
  avatar?: string;
  phone?: string;
  real_name?: string;
  level?: number;
  level_icon?: string;
  sign_flag?: number;
  is_learner?: number;
  message_count?: number;
  correct_count?: number;
  is_phone_bind?: number;
  [field: string]: unknown;
}

const KEY = WEB_STORAGE_KEYS.user;

let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;

export function readStoredUser(): StoredUser | null {
  const raw = readItem(KEY);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = parse(raw);
  return cachedUser;
}

function parse(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && typeof (value as StoredUser).account_id === 'number') {
      return value as StoredUser;
    }
  } catch {
    // A damaged cache is treated as no cache.
  }
  return null;
}

export function writeStoredUser(user: StoredUser): void {
  writeItem(KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  removeItem(KEY);
}

const subscribe = (onChange: () => void) => subscribeItem(KEY, onChange);

/** The cached user, re-rendering when it changes in this tab or another. */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, readStoredUser, () => null);
}

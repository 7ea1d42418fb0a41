import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { ErrorCode } from '@author-centre/shared';
import { AppError } from '../http/errors.ts';

/** A key's public name: stored beside what it sealed and in the database's key record; says nothing of the key. */
export function keyId(key: Buffer): string {
  return createHmac('sha256', key).update('author-centre/key-id').digest('hex').slice(0, 12);
}

/** Proves an instance holds the recorded key (the id alone is short); one-way, never the key. */
export function keyCheck(key: Buffer): string {
  return createHmac('sha256', key).update('author-centre/key-check').digest('hex');
}

const derive = (key: Buffer, purpose: string) =>
  createSecretKey(Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32)));

/** An author-facing answer for a value no configured key opens: never a 500 (the operator is told by the log and by `npm run rotate-data-key`). */
export const personalDataUnreadable = () =>
  new AppError(
    ErrorCode.personalDataUnreadable,
    {
      'zh-CN': '个人信息暂时无法读取，请稍后再试或联系客服',
      'en-US': 'Your personal details cannot be read right now. Please try again later or contact support.',
    },
    { httpStatus: 503 },
  );

export interface KeyringOptions {
  /** Older keys: they open what they sealed, never seal. */
  previous?: Buffer[];
  /** The key of the blind index, when it is not the sealing key (it stays the same across rotations). */
  index?: Buffer;
  /** Told (with the key id only) when a value cannot be opened. */
  onUnreadable?: (sealedWith: string) => void;
}

/**
 * Personal data at rest (phones, real names, ID and bank card numbers): AES-256-GCM sealed
 * values, plus a keyed blind index (HMAC-SHA256) so a phone can be looked up without storing it
 * in the clear.
 *
 * Several keys can be held: values say which key sealed them (`v2.<key id>.…`), so older keys
 * keep opening what they sealed while the current one seals (rotation, docs/operations.md).
 * Values of the first format (`v1.…`, no key id) are opened by trying each key.
 */
export class PersonalData {
  /** Key objects, made once: a raw key Buffer is turned into one on every cipher otherwise (most of an open()). */
  readonly #sealKeys = new Map<string, KeyObject>();
  readonly #indexKey: KeyObject;
  readonly #onUnreadable?: (sealedWith: string) => void;
  #sealId: string;
  #sealKey: KeyObject;
  #sealPrefix: string;

  constructor(dataKey: Buffer, options: KeyringOptions = {}) {
    for (const key of [dataKey, ...(options.previous ?? [])])
      this.#sealKeys.set(keyId(key), derive(key, 'author-centre/seal'));
    this.#indexKey = derive(options.index ?? dataKey, 'author-centre/index');
    this.#onUnreadable = options.onUnreadable;
    this.#sealId = keyId(dataKey);
    this.#sealKey = this.#sealKeys.get(this.#sealId) as KeyObject;
    this.#sealPrefix = `v2.${this.#sealId}.`;
  }

  /** Ids of every key held (the first seals at construction). */
  get keyIds(): string[] {
    return [...this.#sealKeys.keys()];
  }

  /** The id of the key that seals now. */
  get sealKeyId(): string {
    return this.#sealId;
  }

  /** Seals with another held key from now on: the database names the current key (DataKeys.refresh). */
  useSealKey(id: string): void {
    const key = this.#sealKeys.get(id);
    if (!key) throw new Error(`no key with id ${id} is held`);
    this.#sealId = id;
    this.#sealKey = key;
    this.#sealPrefix = `v2.${id}.`;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#sealKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${this.#sealPrefix}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string): string {
    if (sealed.startsWith('v2.')) {
      const id = sealed.slice(3, 15);
      const key = this.#sealKeys.get(id);
      const plain = key ? tryOpen(key, sealed.slice(16)) : null;
      if (plain !== null) return plain;
      return this.#unreadable(id);
    }
    // The first format has no key id: the key that opens it is the one (GCM refuses any other).
    for (const key of this.#sealKeys.values()) {
      const plain = tryOpen(key, sealed.slice(3));
      if (plain !== null) return plain;
    }
    return this.#unreadable('v1');
  }

  sealOrNull(plain: string | null | undefined): string | null {
    return plain == null || plain === '' ? null : this.seal(plain);
  }

  openOrNull(sealed: string | null | undefined): string | null {
    return sealed ? this.open(sealed) : null;
  }

  /** Deterministic lookup key for an exact value (e.g. a phone number), scoped by a purpose. */
  index(purpose: string, value: string): string {
    return createHmac('sha256', this.#indexKey).update(`${purpose}\u0000${value.trim()}`).digest('hex');
  }

  /** Whether a sealed value is already sealed with the current key (rotation skips it). */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(this.#sealPrefix);
  }

  /** The id of the key a value names ('v1' for the first format, which names none). */
  static sealedWith(sealed: string): string {
    return sealed.startsWith('v2.') ? sealed.slice(3, 15) : 'v1';
  }

  #unreadable(id: string): never {
    this.#onUnreadable?.(id);
    throw personalDataUnreadable();
  }
}

function tryOpen(key: KeyObject, body: string): string | null {
  const raw = Buffer.from(body, 'base64url');
  if (raw.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

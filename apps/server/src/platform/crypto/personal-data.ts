import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/**
 * Personal data at rest (phones, real names, ID and bank card numbers): AES-256-GCM sealed
 * values, plus a keyed blind index (HMAC-SHA256) so a phone can be looked up without storing it
 * in the clear. Both keys derive from the configured DATA_KEY.
 */
export class PersonalData {
  /** Key objects, made once: a raw key Buffer is turned into one on every cipher otherwise (most of an open()). */
  readonly #sealKey: KeyObject;
  readonly #indexKey: KeyObject;

  constructor(dataKey: Buffer) {
    this.#sealKey = createSecretKey(
      Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'author-centre/seal', 32)),
    );
    this.#indexKey = createSecretKey(
      Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'author-centre/index', 32)),
    );
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#sealKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string): string {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#sealKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
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
}

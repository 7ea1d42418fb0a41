/**
 * The request protocol of spec §7 as decided in decisions.md: a per-client secret from the
 * encryption-info call, an HMAC-MD5 signature over method, path, payload and `t`, and AES-GCM
 * encryption of response fields named in `rules`. One implementation serves browser and server.
 */
import { HmacMd5Key } from './hmac-md5.ts';

/** The encryption-info call: public, unsigned, sets the HttpOnly key cookie and returns the secret. */
export const REQ_INFO_PATH = '/api/pc/v1/global/req-info';
export const REQUEST_KEY_COOKIE = 'ac_rk';
/** A request whose `t` is further than this from the server's clock is refused as stale. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;
export const SIGN_HEADER = 'b-sign';

/** The parameters string: sorted `key=value` pairs joined by `&`, the `sign` field left out. */
export function canonicalParams(params: Record<string, unknown>): string {
  // One pass, no intermediate arrays of pairs: the server computes this for every signed GET.
  const keys: string[] = [];
  for (const k of Object.keys(params)) if (k !== 'sign' && params[k] !== undefined) keys.push(k);
  if (keys.length > 1) keys.sort();
  let out = '';
  for (let i = 0; i < keys.length; i++) out += `${i ? '&' : ''}${keys[i]}=${String(params[keys[i]])}`;
  return out;
}

/**
 * What is signed: `METHOD\nPATH\nPAYLOAD\nT`. PAYLOAD is the raw JSON body for JSON posts and the
 * canonical parameters (including `t`) otherwise.
 */
export function signingString(method: string, path: string, payload: string, t: number | string): string {
  return `${method.toUpperCase()}\n${path}\n${payload}\n${t}`;
}

export function sign(secret: string, method: string, path: string, payload: string, t: number | string): string {
  return new HmacMd5Key(secret).sign(signingString(method, path, payload, t));
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Drops params whose value is null, 'null' or 'undefined' (§5). */
export function cleanParams<T extends Record<string, unknown>>(params: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === 'null' || v === 'undefined') continue;
    out[k] = v;
  }
  return out as Partial<T>;
}

const subtle = () => globalThis.crypto.subtle;
const utf8 = new TextEncoder();

/**
 * The AES-GCM key of a signing secret, derived once per secret (a SHA-256 and a key import, both
 * asynchronous, for every field of every reply otherwise). Bounded: a server sees many secrets.
 */
const fieldKeys = new Map<string, Promise<CryptoKey>>();
const FIELD_KEYS_LIMIT = 1000;

function fieldKey(secret: string): Promise<CryptoKey> {
  let key = fieldKeys.get(secret);
  if (!key) {
    key = deriveFieldKey(secret);
    if (fieldKeys.size >= FIELD_KEYS_LIMIT) fieldKeys.clear();
    fieldKeys.set(secret, key);
    // A failed derivation is not remembered.
    key.catch(() => {
      if (fieldKeys.get(secret) === key) fieldKeys.delete(secret);
    });
  }
  return key;
}

async function deriveFieldKey(secret: string): Promise<CryptoKey> {
  const digest = await subtle().digest('SHA-256', utf8.encode(secret));
  return subtle().importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}
function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Encrypts one field value: base64(iv ‖ ciphertext+tag). The value is JSON-encoded first. */
export async function encryptField(secret: string, value: unknown): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = utf8.encode(JSON.stringify(value));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, await fieldKey(secret), plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

export async function decryptField(secret: string, sealed: string): Promise<unknown> {
  const bytes = fromBase64(sealed);
  const plain = await subtle().decrypt(
    { name: 'AES-GCM', iv: bytes.slice(0, 12) },
    await fieldKey(secret),
    bytes.slice(12) as Uint8Array<ArrayBuffer>,
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

function walk(obj: any, path: string): { parent: any; key: string } | null {
  const parts = path.split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    if (cur == null || typeof cur !== 'object') return null;
    cur = cur[parts[i]];
  }
  if (cur == null || typeof cur !== 'object') return null;
  return { parent: cur, key: parts[parts.length - 1] };
}

/** Encrypts, in place, the fields of `data` named by dot paths (`bank_num`, `card.id_card`). */
export async function encryptRules(secret: string, data: unknown, rules: string[]): Promise<void> {
  for (const rule of rules) {
    const at = walk(data, rule);
    if (at && at.parent[at.key] !== undefined) at.parent[at.key] = await encryptField(secret, at.parent[at.key]);
  }
}

export async function decryptRules(secret: string, data: unknown, rules: string[]): Promise<void> {
  for (const rule of rules) {
    const at = walk(data, rule);
    if (at && typeof at.parent[at.key] === 'string') at.parent[at.key] = await decryptField(secret, at.parent[at.key]);
  }
}

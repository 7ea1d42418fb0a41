/**
 * HMAC-MD5 (RFC 2104 over RFC 1321) in plain JavaScript, for the request signatures of §7: the browser signs
 * every API call with it and the server checks every one. A key's inner and outer pad blocks are hashed once
 * (`HmacMd5Key`); a signature then costs the message's blocks and one more, with no allocation per block and
 * no call into native code. On the server, Node's `createHmac` cost 7–8 µs per check amid the request path
 * (2.6 µs alone in a loop: a native HMAC is set up afresh for each one), a quarter of a cached read's CPU;
 * this costs ~1 µs alone and ~3 µs amid the request path for a GET's signing string, and hashes bodies at
 * ~330 MB/s (docs/performance.md).
 */

/**
 * Runs MD5's compression function on the 16 little-endian words `w`, updating `state` (4 words). Unrolled
 * (generated from RFC 1321's tables): the table-driven loop took ~1.6 times as long.
 */
function compress(state: Int32Array, w: Int32Array): void {
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  const w0 = w[0]!;
  const w1 = w[1]!;
  const w2 = w[2]!;
  const w3 = w[3]!;
  const w4 = w[4]!;
  const w5 = w[5]!;
  const w6 = w[6]!;
  const w7 = w[7]!;
  const w8 = w[8]!;
  const w9 = w[9]!;
  const w10 = w[10]!;
  const w11 = w[11]!;
  const w12 = w[12]!;
  const w13 = w[13]!;
  const w14 = w[14]!;
  const w15 = w[15]!;
  let t: number;
  t = (a + ((b & c) | (~b & d)) + 0xd76aa478 + w0) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0xe8c7b756 + w1) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0x242070db + w2) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0xc1bdceee + w3) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + 0xf57c0faf + w4) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0x4787c62a + w5) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0xa8304613 + w6) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0xfd469501 + w7) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + 0x698098d8 + w8) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0x8b44f7af + w9) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0xffff5bb1 + w10) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0x895cd7be + w11) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + 0x6b901122 + w12) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0xfd987193 + w13) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0xa679438e + w14) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0x49b40821 + w15) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((d & b) | (~d & c)) + 0xf61e2562 + w1) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0xc040b340 + w6) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0x265e5a51 + w11) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0xe9b6c7aa + w0) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + 0xd62f105d + w5) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0x2441453 + w10) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0xd8a1e681 + w15) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0xe7d3fbc8 + w4) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + 0x21e1cde6 + w9) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0xc33707d6 + w14) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0xf4d50d87 + w3) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0x455a14ed + w8) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + 0xa9e3e905 + w13) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0xfcefa3f8 + w2) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0x676f02d9 + w7) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0x8d2a4c8a + w12) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + (b ^ c ^ d) + 0xfffa3942 + w5) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0x8771f681 + w8) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0x6d9d6122 + w11) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0xfde5380c + w14) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + 0xa4beea44 + w1) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0x4bdecfa9 + w4) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0xf6bb4b60 + w7) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0xbebfbc70 + w10) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + 0x289b7ec6 + w13) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0xeaa127fa + w0) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0xd4ef3085 + w3) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0x4881d05 + w6) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + 0xd9d4d039 + w9) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0xe6db99e5 + w12) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0x1fa27cf8 + w15) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0xc4ac5665 + w2) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (c ^ (b | ~d)) + 0xf4292244 + w0) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0x432aff97 + w7) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0xab9423a7 + w14) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0xfc93a039 + w5) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + 0x655b59c3 + w12) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0x8f0ccc92 + w3) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0xffeff47d + w10) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0x85845dd1 + w1) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + 0x6fa87e4f + w8) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0xfe2ce6e0 + w15) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0xa3014314 + w6) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0x4e0811a1 + w13) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + 0xf7537e82 + w4) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0xbd3af235 + w11) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0x2ad7d2bb + w2) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0xeb86d391 + w9) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
}

const INITIAL = Int32Array.of(0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476);
const encoder = new TextEncoder();

/** One MD5 computation fed in parts (strings as UTF-8, or bytes); reused, as JavaScript runs one at a time. */
class Md5 {
  readonly state = new Int32Array(4);
  readonly #block = new Uint8Array(64);
  readonly #words = new Int32Array(16);
  #filled = 0;
  #length = 0;

  reset(from: Int32Array, length: number): this {
    this.state.set(from);
    this.#filled = 0;
    this.#length = length;
    return this;
  }

  /** Hashes the 64 bytes of `bytes` from `at`, read as MD5's little-endian words. */
  #compress(bytes: Uint8Array, at: number): void {
    const words = this.#words;
    for (let j = 0, k = at; j < 16; j++, k += 4) {
      words[j] = bytes[k]! | (bytes[k + 1]! << 8) | (bytes[k + 2]! << 16) | (bytes[k + 3]! << 24);
    }
    compress(this.state, words);
  }

  #flush(): void {
    this.#compress(this.#block, 0);
    this.#filled = 0;
  }

  update(part: string | Uint8Array): this {
    const block = this.#block;
    let filled = this.#filled;
    if (typeof part !== 'string') {
      // A Node Buffer seen as a plain Uint8Array: one kind of array here keeps the loops below fast.
      if (part.constructor !== Uint8Array) part = new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
      const n = part.length;
      let i = 0;
      // Top up the waiting block, then whole blocks straight from the bytes, then keep the rest.
      if (filled > 0) {
        while (filled < 64 && i < n) block[filled++] = part[i++]!;
        if (filled === 64) {
          this.#flush();
          filled = 0;
        }
      }
      if (filled === 0) for (; i + 64 <= n; i += 64) this.#compress(part, i);
      while (i < n) block[filled++] = part[i++]!;
      this.#filled = filled;
      this.#length += part.length;
      return this;
    }
    for (let i = 0; i < part.length; i++) {
      const code = part.charCodeAt(i);
      if (code >= 0x80) {
        this.#filled = filled;
        this.#length += i;
        return this.update(encoder.encode(part.slice(i)));
      }
      block[filled++] = code;
      if (filled === 64) {
        this.#flush();
        filled = 0;
      }
    }
    this.#filled = filled;
    this.#length += part.length;
    return this;
  }

  /** Pads, finishes and answers the digest's 4 words (little-endian when read as bytes). */
  finish(): Int32Array {
    const bits = this.#length * 8;
    const block = this.#block;
    let filled = this.#filled;
    block[filled++] = 0x80;
    if (filled > 56) {
      block.fill(0, filled);
      this.#flush();
      filled = 0;
    }
    block.fill(0, filled, 56);
    const high = Math.floor(bits / 2 ** 32);
    for (let i = 0; i < 4; i++) {
      block[56 + i] = (bits >>> (8 * i)) & 0xff;
      block[60 + i] = (high >>> (8 * i)) & 0xff;
    }
    this.#flush();
    return this.state;
  }
}

const md5 = new Md5();

/** The state after one 64-byte block of the key XORed with `pad`. */
function padState(key: Uint8Array, pad: number): Int32Array {
  const block = new Uint8Array(64).fill(pad);
  for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ pad;
  return Int32Array.from(md5.reset(INITIAL, 0).update(block).state);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function wordsToHex(words: Int32Array): string {
  let hex = '';
  for (let i = 0; i < 4; i++) {
    const w = words[i]!;
    hex += HEX[w & 0xff]! + HEX[(w >>> 8) & 0xff]! + HEX[(w >>> 16) & 0xff]! + HEX[w >>> 24]!;
  }
  return hex;
}

/** A secret prepared for HMAC-MD5: its pad blocks hashed once. */
export class HmacMd5Key {
  readonly #inner: Int32Array;
  readonly #outer: Int32Array;

  constructor(secret: string | Uint8Array) {
    let key = typeof secret === 'string' ? encoder.encode(secret) : secret;
    if (key.length > 64) key = digestBytes(md5.reset(INITIAL, 0).update(key).finish());
    this.#inner = padState(key, 0x36);
    this.#outer = padState(key, 0x5c);
  }

  /** The hex HMAC-MD5 of the concatenation of `parts` (strings as UTF-8). */
  sign(...parts: Array<string | Uint8Array>): string {
    md5.reset(this.#inner, 64);
    for (const part of parts) md5.update(part);
    const inner = digestBytes(md5.finish());
    return wordsToHex(md5.reset(this.#outer, 64).update(inner).finish());
  }
}

function digestBytes(words: Int32Array): Uint8Array {
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = (words[i >> 2]! >>> (8 * (i & 3))) & 0xff;
  return out;
}

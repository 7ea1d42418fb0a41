import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacMd5Key } from './hmac-md5.ts';

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

describe('HMAC-MD5', () => {
  it("gives RFC 2202's HMAC-MD5 test vectors", () => {
    const vectors: Array<[Uint8Array | string, Uint8Array | string, string]> = [
      [hex('0b'.repeat(16)), 'Hi There', '9294727a3638bb1c13f48ef8158bfc9d'],
      ['Jefe', 'what do ya want for nothing?', '750c783e6ab0b503eaa86e310a5db738'],
      [hex('aa'.repeat(16)), hex('dd'.repeat(50)), '56be34521d144c88dbb8c733f0e8b3f6'],
      [
        hex('aa'.repeat(80)),
        'Test Using Larger Than Block-Size Key - Hash Key First',
        '6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd',
      ],
      [
        hex('aa'.repeat(80)),
        'Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data',
        '6f630fad67cda0ee1fb1f562db3aa53e',
      ],
    ];
    for (const [key, message, digest] of vectors) expect(new HmacMd5Key(key).sign(message)).toBe(digest);
  });

  it("agrees with Node's HMAC-MD5 on messages of every length, in parts, as text (Chinese too) or bytes", () => {
    for (let n = 0; n < 400; n++) {
      const secret = randomBytes(n % 9 === 0 ? n % 90 : 16).toString('hex');
      const parts: Array<string | Uint8Array> = [];
      for (let i = 0; i <= n % 4; i++) {
        const kind = (n + i) % 3;
        if (kind === 0) parts.push(randomBytes((n * 7 + i) % 300));
        else if (kind === 1) parts.push(`GET\n/api/pc/v1/x\nstatus=all&t=${n}`.padEnd(n % 150, 'x'));
        else parts.push(`关键词=${'雪'.repeat(n % 40)}é${n}`);
      }
      const node = createHmac('md5', secret);
      for (const part of parts) node.update(part);
      expect(new HmacMd5Key(secret).sign(...parts)).toBe(node.digest('hex'));
    }
  });

  it('signs a large body read from a Node Buffer at any offset', () => {
    const pool = randomBytes(200_003);
    const body = pool.subarray(3);
    expect(new HmacMd5Key('k').sign('POST\n/p\n', body, '\n1')).toBe(
      createHmac('md5', 'k').update('POST\n/p\n').update(body).update('\n1').digest('hex'),
    );
  });

  it('gives the same signature however often a key is used', () => {
    const key = new HmacMd5Key('secret');
    const first = key.sign('a', 'b');
    key.sign('something else entirely'.repeat(10));
    expect(key.sign('ab')).toBe(first);
  });
});

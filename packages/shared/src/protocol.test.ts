import { describe, expect, it } from 'vitest';
import { canonicalParams, decryptField, encryptField, sign, signingString } from './protocol.ts';

/** The definition canonicalParams had before it was written as one loop: the signature must not change. */
const reference = (params: Record<string, unknown>) =>
  Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');

describe('request protocol', () => {
  it('builds the canonical parameters as before: sorted, sign and undefined left out', () => {
    const cases: Record<string, unknown>[] = [
      {},
      { t: 1 },
      { sign: 'x' },
      { t: 1795702213390, status: 'all', sign: 'abc' },
      { b: '2', a: '1', c: undefined, d: null, e: '', f: ['x', 'y'], 中文: '值', Z: 'upper', _: 0 },
      { page: 3, page_size: 12, status: 'current', t: '1795702213390' },
    ];
    for (const params of cases) expect(canonicalParams(params)).toBe(reference(params));
    expect(canonicalParams({ t: 5, b: 2, a: 1 })).toBe('a=1&b=2&t=5');
  });

  it('signs METHOD, path, payload and t', () => {
    expect(signingString('get', '/p', 'a=1', 5)).toBe('GET\n/p\na=1\n5');
    expect(sign('secret', 'GET', '/p', 'a=1', 5)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('encrypts and decrypts fields with the key of each secret (derived once per secret)', async () => {
    const a = await encryptField('secret-a', { bank_num: '6222' });
    const b = await encryptField('secret-b', '13800000000');
    expect(await decryptField('secret-a', a)).toEqual({ bank_num: '6222' });
    expect(await decryptField('secret-b', b)).toBe('13800000000');
    await expect(decryptField('secret-b', a)).rejects.toThrow();
    // A fresh IV each time: the same value never encrypts to the same text.
    expect(await encryptField('secret-a', 'x')).not.toBe(await encryptField('secret-a', 'x'));
  });
});

import { createHmac } from 'node:crypto';
import { canonicalParams, SIGN_HEADER, signingString } from '@author-centre/shared/protocol';
import { describe, expect, test } from 'vitest';
import { inFlightKey, signRequest, toQueryValues } from './request-signing.ts';

const SECRET = '343ca51801faa07670220de3be17dd6b';
const T = 1_795_400_274_356;

/** What the server computes (apps/server platform/http/signing.ts): native HMAC-MD5 over the same string. */
function serverSignature(method: string, path: string, payload: string, t: string): string {
  return createHmac('md5', SECRET)
    .update(signingString(method, path, payload, t))
    .digest('hex');
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

describe('signing a GET', () => {
  const signed = signRequest(
    {
      method: 'GET',
      path: '/api/pc/v1/book/list',
      params: { page: 2, keyword: '签约 作品', empty: null, gone: 'undefined', none: 'null', ids: [3, 1] },
    },
    SECRET,
    T,
  );
  const query = queryOf(signed.url);

  test('puts t and sign in the query and drops null, "null" and "undefined"', () => {
    expect(new URL(signed.url, 'http://localhost').pathname).toBe('/api/pc/v1/book/list');
    expect(Object.keys(query).sort()).toEqual(['ids', 'keyword', 'page', 'sign', 't']);
    expect(query.t).toBe(String(T));
    expect(query.keyword).toBe('签约 作品');
    expect(query.ids).toBe('[3,1]');
    expect(signed.body).toBeUndefined();
    expect(signed.headers['Content-Type']).toBeUndefined();
  });

  test('is the signature the server expects over the query it receives', () => {
    const { sign, ...rest } = query;
    expect(sign).toBe(serverSignature('GET', '/api/pc/v1/book/list', canonicalParams(rest), rest.t!));
  });

  test('changes when any parameter changes', () => {
    const other = signRequest({ method: 'GET', path: '/api/pc/v1/book/list', params: { page: 3 } }, SECRET, T);
    expect(queryOf(other.url).sign).not.toBe(query.sign);
  });
});

describe('signing a JSON POST', () => {
  const signed = signRequest(
    {
      method: 'POST',
      path: '/api/pc/v1/book/save-book-info',
      body: { book_id: 7, title: '长夜', intro: null, tag: 'undefined' },
      bodyType: 'json',
    },
    SECRET,
    T,
  );

  test('sends the cleaned fields plus t as the JSON body, nothing in the query', () => {
    expect(signed.url).toBe('/api/pc/v1/book/save-book-info');
    expect(JSON.parse(signed.body as string)).toEqual({ book_id: 7, title: '长夜', t: T });
    expect(signed.headers['Content-Type']).toBe('application/json');
    expect(signed.headers.t).toBe(String(T));
  });

  test('signs the exact body bytes in the b-sign header', () => {
    const body = signed.body as string;
    const t = String(JSON.parse(body).t);
    expect(signed.headers[SIGN_HEADER]).toBe(serverSignature('POST', '/api/pc/v1/book/save-book-info', body, t));
  });
});

describe('signing an upload', () => {
  test('sends the data as is and signs t in the query', () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    const signed = signRequest(
      { method: 'POST', path: '/api/pc/v1/upload', params: { kind: 'cover' }, body: form, bodyType: 'upload' },
      SECRET,
      T,
    );
    expect(signed.body).toBe(form);
    expect(signed.headers['Content-Type']).toBeUndefined();
    const { sign, ...rest } = queryOf(signed.url);
    expect(rest).toEqual({ kind: 'cover', t: String(T) });
    expect(sign).toBe(serverSignature('POST', '/api/pc/v1/upload', canonicalParams(rest), String(T)));
  });
});

describe('identical in-flight writes', () => {
  const save = (body: Record<string, unknown>) =>
    inFlightKey({ method: 'POST', path: '/api/pc/v1/book-chapter/save', body, bodyType: 'json' });

  test('share a key whatever their t, so the later one cancels the earlier', () => {
    expect(save({ chapter_id: 1, content: 'a' })).toBe(save({ chapter_id: 1, content: 'a' }));
    expect(save({ chapter_id: 1, content: 'a', draft: null })).toBe(save({ chapter_id: 1, content: 'a' }));
  });

  test('differ when the body, path or method differs', () => {
    expect(save({ chapter_id: 1, content: 'a' })).not.toBe(save({ chapter_id: 1, content: 'b' }));
    const put = inFlightKey({
      method: 'PUT',
      path: '/api/pc/v1/book-chapter/save',
      body: { chapter_id: 1, content: 'a' },
    });
    expect(put).not.toBe(save({ chapter_id: 1, content: 'a' }));
  });

  test('reads and uploads are never cancelled this way', () => {
    expect(inFlightKey({ method: 'GET', path: '/api/pc/v1/book/list', params: { page: 1 } })).toBeNull();
    expect(
      inFlightKey({ method: 'POST', path: '/api/pc/v1/upload', body: new Blob(['x']), bodyType: 'upload' }),
    ).toBeNull();
  });
});

test('query values are strings, objects as JSON', () => {
  expect(toQueryValues({ a: 1, b: true, c: { x: 1 }, d: null })).toEqual({ a: '1', b: 'true', c: '{"x":1}' });
});

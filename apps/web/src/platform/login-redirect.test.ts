import { describe, expect, test } from 'vitest';
import { afterLoginUrl, LOGIN_PATH, loginUrl, serverPathAfterLogin } from './login-redirect.ts';

describe('loginUrl', () => {
  test('carries the path in redirect and the original query after it', () => {
    expect(loginUrl('/front/book-data', '?book_id=12&tab=daily')).toBe(
      `${LOGIN_PATH}?redirect=%2Ffront%2Fbook-data&book_id=12&tab=daily`,
    );
  });

  test('works without a query', () => {
    expect(loginUrl('/front/index')).toBe(`${LOGIN_PATH}?redirect=%2Ffront%2Findex`);
  });

  test('a stray redirect in the original query does not override the path', () => {
    expect(loginUrl('/front/notice', '?redirect=https://evil.example&id=3')).toBe(
      `${LOGIN_PATH}?redirect=%2Ffront%2Fnotice&id=3`,
    );
  });
});

describe('afterLoginUrl', () => {
  test('rebuilds the page the visitor asked for', () => {
    expect(afterLoginUrl('?redirect=%2Ffront%2Fbook-data&book_id=12&tab=daily')).toBe(
      '/front/book-data?book_id=12&tab=daily',
    );
  });

  test('refuses addresses off the site', () => {
    expect(afterLoginUrl('?redirect=https://evil.example')).toBe('/front/index');
    expect(afterLoginUrl('?redirect=//evil.example')).toBe('/front/index');
    expect(afterLoginUrl('?redirect=/\\evil.example')).toBe('/front/index');
    expect(afterLoginUrl('')).toBe('/front/index');
  });
});

describe('serverPathAfterLogin', () => {
  const origin = 'https://author.example.com';
  test('an /api/ path of this origin is loaded by the browser (DiscourseConnect after login)', () => {
    const sso = afterLoginUrl(`?redirect=${encodeURIComponent('/api/bbs/sso?sso=abc%3D&sig=0f')}`);
    expect(sso).toBe('/api/bbs/sso?sso=abc%3D&sig=0f');
    expect(serverPathAfterLogin(sso, origin)).toBe('/api/bbs/sso?sso=abc%3D&sig=0f');
  });

  test('app pages stay with the router', () => {
    expect(serverPathAfterLogin('/front/my-post?compose=8', origin)).toBeNull();
    expect(serverPathAfterLogin('/apix', origin)).toBeNull();
  });

  test('nothing that a browser would resolve off the site', () => {
    for (const target of [
      'https://evil.example/api/x',
      '//evil.example/api/x',
      '/\\evil.example/api/x',
      '/\t/evil.example/api/x',
      '/\n/evil.example/api/x',
      '/api/../../evil',
      'javascript:alert(1)',
    ]) {
      const out = serverPathAfterLogin(target, origin);
      if (out !== null) expect(new URL(out, origin).origin).toBe(origin);
      expect(out === null || out.startsWith('/api/')).toBe(true);
    }
    expect(serverPathAfterLogin('/\t/evil.example/api/x', origin)).toBeNull();
    expect(serverPathAfterLogin('/api/../../evil', origin)).toBeNull();
  });
});

import { describe, expect, test } from 'vitest';
import { afterLoginUrl, LOGIN_PATH, loginUrl } from './login-redirect.ts';

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

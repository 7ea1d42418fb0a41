import { PAGE_KEYS } from '@author-centre/shared/constants';
import { describe, expect, test } from 'vitest';
import enUS from '../i18n/en-US.ts';
import { pathNeedsLogin, routeForPath } from './route-access.ts';
import { ALL_ROUTES, FRONT_ROUTES } from './route-table.ts';

describe('the no-login rule of §2', () => {
  test.each([
    '/front/register-login/login',
    '/front/register-login/register',
    '/front/register-login/reset-password',
    '/front/register-login/anything-else',
    '/front/help-center/home',
    '/front/help-center/questions/1-12',
    '/front/help-center/search',
    '/front/activity/list',
    '/front/screenplay/adapt-book-list/search',
    '/front/page/agreement/user',
    '/front/article/12',
    '/front/custom-activity/4',
    '/front/example/layout',
    '/front/report-studio',
    '/sign-detail',
    '/front/error',
    '/front/no-such-page',
  ])('%s needs no login', (path) => {
    expect(pathNeedsLogin(path)).toBe(false);
  });

  test.each([
    '/front/index',
    '/front/message',
    '/front/book-data',
    '/front/book-manage/short/information',
    '/front/book-upload',
    '/front/book-upload/short/success',
    '/front/income-manage/settlement-summary/income-summary-zh',
    '/front/writing-camp/honor-wall',
    '/front/page/medal-wall',
    '/front/author-college/list',
  ])('%s needs login', (path) => {
    expect(pathNeedsLogin(path)).toBe(true);
  });
});

describe('the route table', () => {
  test('names and paths are unique', () => {
    expect(new Set(ALL_ROUTES.map((r) => r.id)).size).toBe(ALL_ROUTES.length);
    expect(new Set(ALL_ROUTES.map((r) => r.path)).size).toBe(ALL_ROUTES.length);
  });

  test('every path resolves to its own row', () => {
    for (const route of FRONT_ROUTES) {
      const sample = route.path.replace(/:[a-z]+/g, '42');
      expect(routeForPath(sample)?.id, sample).toBe(route.id);
    }
  });

  test('every route has a Chinese title and an English one', () => {
    for (const route of ALL_ROUTES) {
      expect(route.title).toMatch(/\p{Script=Han}/u);
      expect(enUS.routeTitle[route.id], route.id).toBeTruthy();
    }
    expect(Object.keys(enUS.routeTitle).sort()).toEqual(ALL_ROUTES.map((r) => r.id).sort());
  });

  test('every pop-up page key of §2 belongs to exactly one route', () => {
    const keys = ALL_ROUTES.flatMap((r) => (r.pageKey ? [r.pageKey] : []));
    expect(keys.sort()).toEqual([...PAGE_KEYS].sort());
  });
});

import { HTTP_STATUS_MESSAGES, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from '@author-centre/shared/errors';
import { expect, test } from 'vitest';
import enUS from './en-US.ts';
import zhCN from './zh-CN.ts';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

test('en-US has exactly the keys of zh-CN, none empty', () => {
  const zh = leaves(zhCN);
  const en = leaves(enUS);
  expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  for (const [key, text] of en) expect(text.trim(), key).not.toBe('');
});

test('placeholders match between languages', () => {
  const zh = leaves(zhCN);
  const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  for (const [key, text] of leaves(enUS)) expect(placeholders(text), key).toEqual(placeholders(zh.get(key) ?? ''));
});

test("the spec's strings are verbatim in their own language", () => {
  expect(zhCN.api.http).toEqual(Object.fromEntries(Object.entries(HTTP_STATUS_MESSAGES)));
  expect(zhCN.api.timeout).toBe('网络请求超时，请重试！');
  expect(zhCN.api.offline).toBe('您断网了！');
  expect(TIMEOUT_MESSAGE).toBe(zhCN.api.timeout);
  expect(OFFLINE_MESSAGE).toBe(zhCN.api.offline);
  expect(zhCN.copy).toEqual({ success: '复制成功', failed: '复制失败' });
  expect(enUS.common.operationSucceeded).toBe('Operation succeeded');
});

import { sign } from '@author-centre/shared';
import { describe, expect, it } from 'vitest';
import { signNatively, spreadOf } from './harness.ts';

describe('bench signing', () => {
  it('signs exactly as the web app does, for a query and for a Chinese JSON body', () => {
    const secret = '0123456789abcdef0123456789abcdef';
    expect(signNatively(secret, 'GET', '/api/pc/v1/global/config', 't=1795500889004', 1795500889004)).toBe(
      sign(secret, 'GET', '/api/pc/v1/global/config', 't=1795500889004', 1795500889004),
    );
    const body = JSON.stringify({ chapter_id: 7, content: '山风吹过竹林，少年握紧手中长剑。', t: 1795500889004 });
    expect(signNatively(secret, 'POST', '/api/pc/v1/book-chapter/auto-save', body, 1795500889004)).toBe(
      sign(secret, 'POST', '/api/pc/v1/book-chapter/auto-save', body, 1795500889004),
    );
  });
});

describe('spread of several runs', () => {
  it('prints each value lowest–highest and counts a target met only when every run met it', () => {
    const figure = (ratio: number, pass: boolean) => ({
      name: 'brand config',
      values: { reqPerSec: 9000 + ratio * 100, ratio },
      target: 'ratio ≥ 0.6',
      pass,
    });
    const [all] = spreadOf([[figure(0.61, true)], [figure(0.72, true)], [figure(0.65, true)]]);
    expect(all.line).toBe(
      'PASS  brand config: reqPerSec 9061–9072, ratio 0.61–0.72  [met in 3 of 3 runs; target: ratio ≥ 0.6]',
    );
    const [once] = spreadOf([[figure(0.61, true)], [figure(0.58, false)], []]);
    expect(once.metEveryRun).toBe(false);
    expect(once.line).toContain('[met in 1 of 3 runs;');
  });
});

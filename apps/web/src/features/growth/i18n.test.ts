import { describe, expect, it } from 'vitest';
import growthEnUS from './i18n.en-US.ts';
import { growthZhCN } from './i18n.ts';

describe('growth strings', () => {
  it('call the readers fact what it counts: reads (the reading sites report reads, not who read)', () => {
    expect(growthZhCN.growth.medal.kind.readers).toBe('作品被阅读 {{n}} 次');
    expect(growthZhCN.growth.level.readers).toBe('阅读（每 10 次 {{w}}）');
    expect(growthEnUS.growth.medal.kind.readers).toBe('Have your books read {{n}} times');
    for (const text of [growthZhCN.growth.medal.kind.readers, growthZhCN.growth.level.readers]) {
      expect(text).not.toContain('位读者');
      expect(text).not.toContain('每 10 位');
    }
  });
});

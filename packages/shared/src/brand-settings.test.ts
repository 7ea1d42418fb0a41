import { describe, expect, it } from 'vitest';
import {
  brandEditOf,
  brandFieldName,
  brandIssueText,
  brandSettingsChanges,
  isHostName,
  isHttpUrl,
  isLink,
  ZBrandSettingsEdit,
} from './brand-settings.ts';
import { SEED_BRANDS } from './brands.ts';

const wonder = brandEditOf(SEED_BRANDS[1]);

describe('brand settings schema', () => {
  it('accepts every seeded brand as it is', () => {
    for (const brand of SEED_BRANDS) expect(ZBrandSettingsEdit.safeParse(brandEditOf(brand)).success).toBe(true);
  });

  it('host names: labels of letters, digits and hyphens, at least two, no scheme, path, port or bare address', () => {
    for (const ok of ['author.wonder.example.com', 'm-author.x.cn', 'wonder.localhost', 'xn--fiqs8s.cn']) {
      expect(isHostName(ok), ok).toBe(true);
    }
    for (const bad of [
      'localhost',
      'https://a.example.com',
      'a.example.com/path',
      'a.example.com:8080',
      '-a.example.com',
      'a..example.com',
      '127.0.0.1',
      '作者.中国',
      `${'a'.repeat(64)}.com`,
    ]) {
      expect(isHostName(bad), bad).toBe(false);
    }
  });

  it('addresses: http(s) only; links may also be a path on this site', () => {
    expect(isHttpUrl('https://doc.example.com/welfare')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://x.example.com', '//x.example.com', 'https://a b.com', '/help']) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
    expect(isLink('/front/help-center/home')).toBe(true);
    expect(isLink('//evil.example.com')).toBe(false);
    expect(isLink('data:text/html,hi')).toBe(false);
  });

  it('normalizes: trims texts, lower-cases hosts', () => {
    const parsed = ZBrandSettingsEdit.parse({
      ...wonder,
      platformName: '  新平台 ',
      domains: { ...wonder.domains, pc: 'A.B.CN' },
    });
    expect(parsed.platformName).toBe('新平台');
    expect(parsed.domains.pc).toBe('a.b.cn');
  });

  it('says each problem in both languages, naming the exact field', () => {
    const result = ZBrandSettingsEdit.safeParse({
      ...wonder,
      footerLinks: [{ label: '帮助', url: 'www.example.com' }],
    });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0];
    expect(brandFieldName(issue.path, 'zh-CN')).toBe('页脚链接第1条的网址');
    expect(brandFieldName(issue.path, 'en-US')).toBe('Footer links, item 1, address');
    expect(brandIssueText(issue, 'en-US')).toBe(
      'Enter an address starting with http:// or https://, or a path on this site starting with /',
    );
    const long = ZBrandSettingsEdit.safeParse({ ...wonder, keywords: 'k'.repeat(201) });
    expect(brandIssueText(long.error!.issues[0], 'zh-CN')).toBe('最多200个字');
    expect(brandFieldName(['domains', 'pc'], 'zh-CN')).toBe('PC端域名');
  });

  it('applySignCondition: a word count as §1 writes it', () => {
    for (const ok of ['2万', '1万', '4千', '15000', '1.5万']) {
      expect(ZBrandSettingsEdit.safeParse({ ...wonder, applySignCondition: ok }).success, ok).toBe(true);
    }
    for (const bad of ['两万', '2w', '0', '500', '2万字', '1001万', '']) {
      expect(ZBrandSettingsEdit.safeParse({ ...wonder, applySignCondition: bad }).success, bad).toBe(false);
    }
  });

  it('lists what changed, field by field', () => {
    const next = structuredClone(wonder);
    expect(brandSettingsChanges(wonder, next)).toEqual([]);
    next.editorTitle = '签约编辑';
    next.appGlobalPop.show = false;
    next.domains.bbs = 'forum.example.com';
    next.footerLinks[0].label = '男频';
    expect(brandSettingsChanges(wonder, next)).toEqual([
      'domains.bbs',
      'editorTitle',
      'appGlobalPop.show',
      'footerLinks',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { isBrowserCompatible, isUserAgentCompatible, parseUserAgent } from './compat.ts';

const UA = {
  winChrome120:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  winChrome78:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36',
  winChrome77:
    'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/77.0.3865.90 Safari/537.36',
  winEdge92:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/92.0.4515.107 Safari/537.36 Edg/92.0.902.55',
  winEdge91:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.124 Safari/537.36 Edg/91.0.864.59',
  winEdgeLegacy:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.18363',
  winQQ11:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.202.400 QQBrowser/11.0.5130.400',
  winQQ10:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.25 Safari/537.36 Core/1.70.3870.400 QQBrowser/10.8.4405.400',
  winFirefox115: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:109.0) Gecko/20100101 Firefox/115.0',
  winFirefox102: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:102.0) Gecko/20100101 Firefox/102.0',
  winIE11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  winIE10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  winSafari:
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534.57.2 (KHTML, like Gecko) Version/5.1.7 Safari/534.57.2',
  winSogou:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.81 Safari/537.36 SE 2.X MetaSr 1.0',
  win360:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36 QIHU 360SE',
  macChrome119:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36',
  macChrome70:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36',
  macEdge131:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  macEdge120:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  macQQ4:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.81 Safari/537.36 QQBrowser/4.5.122.400',
  macSafari13:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1 Safari/605.1.15',
  macSafari12:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15',
  macFirefox120: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:120.0) Gecko/20100101 Firefox/120.0',
  macFirefox78: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:78.0) Gecko/20100101 Firefox/78.0',
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.0.0 Mobile Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:60.0) Gecko/20100101 Firefox/60.0',
};

describe('parseUserAgent', () => {
  it.each([
    [UA.winChrome120, 'windows', 'chrome', '120.0.0.0'],
    [UA.winEdge92, 'windows', 'edge', '92.0.902.55'],
    [UA.winEdgeLegacy, 'windows', 'edge', '18.18363'],
    [UA.winQQ11, 'windows', 'qq', '11.0.5130.400'],
    [UA.winFirefox115, 'windows', 'firefox', '115.0'],
    [UA.winIE11, 'windows', 'ie', '11.0'],
    [UA.winIE10, 'windows', 'ie', '10.0'],
    [UA.winSafari, 'windows', 'safari', '5.1.7'],
    [UA.macChrome119, 'macos', 'chrome', '119.0.0.0'],
    [UA.macEdge131, 'macos', 'edge', '131.0.0.0'],
    [UA.macQQ4, 'macos', 'qq', '4.5.122.400'],
    [UA.macSafari13, 'macos', 'safari', '13.1'],
    [UA.macFirefox120, 'macos', 'firefox', '120.0'],
    [UA.iPhoneSafari, 'other', 'safari', '12.0'],
    [UA.androidChrome, 'other', 'chrome', '60.0.0.0'],
    [UA.linuxFirefox, 'other', 'firefox', '60.0'],
  ])('%s', (ua, os, browser, version) => {
    expect(parseUserAgent(ua)).toEqual({ os, browser, version });
  });

  it('does not take Chromium-based browsers outside the table for Chrome', () => {
    expect(parseUserAgent(UA.winSogou)).toEqual({ os: 'windows', browser: 'other' });
    expect(parseUserAgent(UA.win360)).toEqual({ os: 'windows', browser: 'other' });
  });

  it('returns other for an empty or unknown string', () => {
    expect(parseUserAgent('')).toEqual({ os: 'other', browser: 'other' });
    expect(parseUserAgent('curl/8.5.0')).toEqual({ os: 'other', browser: 'other' });
  });
});

describe('isBrowserCompatible', () => {
  it('applies the minimum versions of §4 on Windows', () => {
    expect(isBrowserCompatible({ os: 'windows', browser: 'chrome', version: 78 })).toBe(true);
    expect(isBrowserCompatible({ os: 'windows', browser: 'chrome', version: '77.9' })).toBe(false);
    expect(isBrowserCompatible({ os: 'windows', browser: 'edge', version: 91 })).toBe(false);
    expect(isBrowserCompatible({ os: 'windows', browser: 'qq', version: '11.0' })).toBe(true);
    expect(isBrowserCompatible({ os: 'windows', browser: 'qq', version: '10.9' })).toBe(false);
    expect(isBrowserCompatible({ os: 'windows', browser: 'firefox', version: 114 })).toBe(false);
    expect(isBrowserCompatible({ os: 'windows', browser: 'ie', version: 11 })).toBe(true);
    expect(isBrowserCompatible({ os: 'windows', browser: 'ie', version: 10 })).toBe(false);
  });

  it('applies the minimum versions of §4 on macOS', () => {
    expect(isBrowserCompatible({ os: 'macos', browser: 'chrome', version: 77 })).toBe(false);
    expect(isBrowserCompatible({ os: 'macos', browser: 'edge', version: 130 })).toBe(false);
    expect(isBrowserCompatible({ os: 'macos', browser: 'edge', version: 131 })).toBe(true);
    expect(isBrowserCompatible({ os: 'macos', browser: 'qq', version: 3 })).toBe(false);
    expect(isBrowserCompatible({ os: 'macos', browser: 'qq', version: 4 })).toBe(true);
    expect(isBrowserCompatible({ os: 'macos', browser: 'safari', version: '12.1.2' })).toBe(false);
    expect(isBrowserCompatible({ os: 'macos', browser: 'safari', version: '13.0' })).toBe(true);
    expect(isBrowserCompatible({ os: 'macos', browser: 'firefox', version: 115 })).toBe(true);
  });

  it('treats anything unknown as compatible', () => {
    expect(isBrowserCompatible({ os: 'macos', browser: 'ie', version: 5 })).toBe(true);
    expect(isBrowserCompatible({ os: 'windows', browser: 'safari', version: 5 })).toBe(true);
    expect(isBrowserCompatible({ os: 'linux', browser: 'chrome', version: 1 })).toBe(true);
    expect(isBrowserCompatible({ os: 'windows', browser: 'opera', version: 1 })).toBe(true);
    expect(isBrowserCompatible({ os: 'windows', browser: 'chrome' })).toBe(true);
    expect(isBrowserCompatible({ os: 'windows', browser: 'chrome', version: 'beta' })).toBe(true);
  });
});

describe('isUserAgentCompatible', () => {
  it('accepts browsers at or above their minimum', () => {
    for (const ua of [
      UA.winChrome120,
      UA.winChrome78,
      UA.winEdge92,
      UA.winQQ11,
      UA.winFirefox115,
      UA.winIE11,
      UA.macChrome119,
      UA.macEdge131,
      UA.macQQ4,
      UA.macSafari13,
      UA.macFirefox120,
    ]) {
      expect(isUserAgentCompatible(ua), ua).toBe(true);
    }
  });

  it('refuses browsers below their minimum', () => {
    for (const ua of [
      UA.winChrome77,
      UA.winEdge91,
      UA.winEdgeLegacy,
      UA.winQQ10,
      UA.winFirefox102,
      UA.winIE10,
      UA.macChrome70,
      UA.macEdge120,
      UA.macSafari12,
      UA.macFirefox78,
    ]) {
      expect(isUserAgentCompatible(ua), ua).toBe(false);
    }
  });

  it('lets unknown browsers and platforms through', () => {
    for (const ua of [UA.winSafari, UA.winSogou, UA.win360, UA.iPhoneSafari, UA.androidChrome, UA.linuxFirefox, '']) {
      expect(isUserAgentCompatible(ua), ua).toBe(true);
    }
  });
});

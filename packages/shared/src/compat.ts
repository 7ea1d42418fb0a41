/** Browser compatibility of spec §4: minimum major versions per OS; anything unknown passes. */

export type OsName = 'windows' | 'macos' | 'other';
export type BrowserName = 'chrome' | 'edge' | 'qq' | 'firefox' | 'ie' | 'safari' | 'other';

export interface BrowserInfo {
  os: OsName;
  browser: BrowserName;
  /** The browser's own version as written in the user agent, e.g. '78.0.3904.108'. */
  version?: string;
}

export const MIN_BROWSER_VERSIONS: Readonly<Record<'windows' | 'macos', Partial<Record<BrowserName, number>>>> = {
  windows: { chrome: 78, edge: 92, qq: 11, firefox: 115, ie: 11 },
  macos: { chrome: 78, edge: 131, qq: 4, safari: 13, firefox: 115 },
};

/** False only when the OS, browser and version are all known and the version is below the minimum. */
export function isBrowserCompatible(info: { os: string; browser: string; version?: string | number }): boolean {
  const table = MIN_BROWSER_VERSIONS[info.os as 'windows' | 'macos'];
  const min = table?.[info.browser as BrowserName];
  if (min === undefined || info.version === undefined) return true;
  const major = Number.parseInt(String(info.version), 10);
  return Number.isNaN(major) || major >= min;
}

/**
 * Browsers built on Chromium, Gecko or WebKit that carry those engines' tokens (Chrome/…, Safari/…)
 * but are not the browsers of the table. Read as their engine, the widespread 360 and Sogou
 * browsers would be judged by a Chrome version they only pretend to have.
 */
const OTHER_BROWSERS =
  /\b(?:OPR|Opera|YaBrowser|Vivaldi|SamsungBrowser|UCBrowser|UBrowser|MetaSr|360SE|360EE|QIHU|LBBROWSER|2345Explorer|Maxthon|MicroMessenger|DingTalk|Quark|BIDUBrowser|baiduboxapp|HuaweiBrowser|MiuiBrowser)\b/i;

function versionOf(ua: string, re: RegExp): string | undefined {
  return re.exec(ua)?.[1];
}

function osOf(ua: string): OsName {
  // iOS says "like Mac OS X", and a desktop-mode iPad cannot be told from a Mac at all.
  if (/iPhone|iPad|iPod|Android/.test(ua)) return 'other';
  if (/Windows/.test(ua)) return 'windows';
  if (/Macintosh|Mac OS X/.test(ua)) return 'macos';
  return 'other';
}

/** Recognises Chrome, Edge (Chromium and legacy), QQ Browser, Firefox, IE, and Safari. */
export function parseUserAgent(ua: string): BrowserInfo {
  const os = osOf(ua);
  const qq = versionOf(ua, /\bQQBrowser\/([\d.]+)/);
  if (qq) return { os, browser: 'qq', version: qq };
  if (OTHER_BROWSERS.test(ua)) return { os, browser: 'other' };
  const edge = versionOf(ua, /\b(?:Edg|Edge|EdgA|EdgiOS)\/([\d.]+)/);
  if (edge) return { os, browser: 'edge', version: edge };
  const firefox = versionOf(ua, /\b(?:Firefox|FxiOS)\/([\d.]+)/);
  if (firefox) return { os, browser: 'firefox', version: firefox };
  const msie = versionOf(ua, /\bMSIE ([\d.]+)/);
  if (msie) return { os, browser: 'ie', version: msie };
  // IE 11 dropped "MSIE"; only Trident/7.0 with its rv: token remains.
  if (/\bTrident\//.test(ua)) return { os, browser: 'ie', version: versionOf(ua, /\brv:([\d.]+)/) };
  const chrome = versionOf(ua, /\b(?:Chrome|CriOS)\/([\d.]+)/);
  if (chrome) return { os, browser: 'chrome', version: chrome };
  if (/\bSafari\//.test(ua)) return { os, browser: 'safari', version: versionOf(ua, /\bVersion\/([\d.]+)/) };
  return { os, browser: 'other' };
}

/** Shorthand for the browser check on a user-agent string. */
export function isUserAgentCompatible(ua: string): boolean {
  return isBrowserCompatible(parseUserAgent(ua));
}

import { DEFAULT_LOCALE, type Locale } from '@author-centre/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readItem, writeItem } from '../platform/storage.ts';
import { WEB_STORAGE_KEYS } from '../platform/storage-keys.ts';
import zhCN from './zh-CN.ts';

export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language remembered from the header switch; Chinese otherwise. */
export function storedLocale(): Locale {
  const saved = readItem(WEB_STORAGE_KEYS.language);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // English arrives after the Chinese (addNamespace below): a text that shows meanwhile renders again with it.
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: {} } },
  react: { bindI18nStore: 'added' },
  interpolation: { escapeValue: false },
  returnNull: false,
});

type Strings = Record<string, unknown>;
interface EnglishStrings {
  namespace: string;
  load: () => Promise<{ default: Strings }>;
  loaded?: Promise<void>;
}
/**
 * The English strings of each namespace, as a module of their own: Chinese is the default and what nearly every
 * visit shows, so a page downloads the English only when the app is in English (issue 19).
 */
const english: EnglishStrings[] = [];

function loadEnglish(entry: EnglishStrings): Promise<void> {
  entry.loaded ??= entry.load().then(
    (m) => {
      i18n.addResourceBundle('en-US', entry.namespace, m.default, true, false);
    },
    () => {
      // Not downloaded (offline, a new build): the Chinese shows meanwhile, and the next wait tries again.
      entry.loaded = undefined;
    },
  );
  return entry.loaded;
}

/** The language shown, also before i18next has finished its (asynchronous) start. */
const inEnglish = () => (isLocale(i18n.language) ? i18n.language : storedLocale()) === 'en-US';

/**
 * A namespace's strings (several modules may add to one, e.g. 'translation'): the Chinese now, the English from
 * `loadEnglish` when the app is in English — at once if it is.
 */
export function addNamespace(namespace: string, zhCN: Strings, loadEnUS: () => Promise<{ default: Strings }>): void {
  i18n.addResourceBundle('zh-CN', namespace, zhCN, true, false);
  const entry: EnglishStrings = { namespace, load: loadEnUS };
  english.push(entry);
  if (inEnglish()) void loadEnglish(entry);
}

/**
 * Resolves once every namespace added so far has its strings in the current language. The app's first render,
 * each lazily loaded page and island (app/router.tsx, app/antd-lazy.tsx) and a change of language wait for it,
 * so an English page does not show its Chinese first.
 */
export function stringsReady(): Promise<void> {
  if (!inEnglish()) return Promise.resolve();
  return Promise.all(english.map(loadEnglish)).then(() => undefined);
}

addNamespace('translation', {}, () => import('./en-US.ts'));

function applyDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyDocumentLanguage(storedLocale());

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the UI language and remembers it for the next visit. */
export async function setLocale(locale: Locale): Promise<void> {
  writeItem(WEB_STORAGE_KEYS.language, locale);
  applyDocumentLanguage(locale);
  if (locale === 'en-US') await Promise.all(english.map(loadEnglish));
  await i18n.changeLanguage(locale);
}

export default i18n;

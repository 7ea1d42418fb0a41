import { DEFAULT_LOCALE, type Locale } from '@author-centre/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readItem, writeItem } from '../platform/storage.ts';
import { WEB_STORAGE_KEYS } from '../platform/storage-keys.ts';
import enUS from './en-US.ts';
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
  resources: {
    'zh-CN': { translation: zhCN },
    'en-US': { translation: enUS },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});

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
  await i18n.changeLanguage(locale);
}

export default i18n;

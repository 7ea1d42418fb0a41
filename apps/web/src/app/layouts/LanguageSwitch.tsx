import type { Locale } from '@author-centre/shared/constants';
import { useTranslation } from 'react-i18next';
import { PlainSelect } from '../../components/plain/Select.tsx';
import { currentLocale, LOCALES, setLocale } from '../../i18n/index.ts';

/** Header language switch; the choice is remembered in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : currentLocale();
  return (
    <PlainSelect<Locale>
      value={value}
      aria-label={t('header.language')}
      onChange={(locale) => void setLocale(locale)}
      options={LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`) }))}
      className="ac-header__language"
    />
  );
}

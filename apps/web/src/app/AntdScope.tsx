import { LoadingOutlined } from '@ant-design/icons';
import type { Locale } from '@author-centre/shared/constants';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../platform/brand.tsx';
import { antdTheme } from './theme.ts';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', 'en-US': 'en' } as const;
/**
 * Two-character Chinese buttons read as written ('进入', not '进 入'), set once for the whole app.
 * A busy button shows this spinner in place, without antd's default collapse motion: that motion
 * ends only on a transitionend which sometimes never comes (a busy state that ends within the
 * motion, under load), and its invisible icon then stays in the button, so a screen reader (and a
 * test) reads '确定' as 'loading 确定' for good.
 */
const BUTTON = { autoInsertSpace: false, loadingIcon: <LoadingOutlined /> };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
/** Whether the system asks for reduced motion (then antd's zooms, slides and collapses are off too). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => globalThis.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/**
 * antd's locale and the brand's theme around what uses antd. It is not at the root: the login
 * route's first visit is built from components/plain and downloads no antd. Every other page and
 * every lazily loaded island that uses antd (dialogs, pop-ups, the header's account menu) is wrapped
 * in its own scope by app/antd-lazy.tsx; this module and antd arrive with the first of them.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const brand = useBrand();
  // Set before the page renders, so dates it formats on its first render are in its language.
  if (dayjs.locale() !== DAYJS_LOCALES[locale]) dayjs.locale(DAYJS_LOCALES[locale]);
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => antdTheme(brand.theme, !reducedMotion), [brand.theme, reducedMotion]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={theme} button={BUTTON}>
      {children}
    </ConfigProvider>
  );
}

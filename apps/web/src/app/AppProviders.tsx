import type { Locale } from '@author-centre/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandProvider, useBrand } from '../platform/brand.tsx';
import { queryClient } from '../platform/query-client.ts';
import { AppFeedback } from './AppFeedback.tsx';
import { antdTheme } from './theme.ts';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', 'en-US': 'en' } as const;

function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** Brand colours on top of the locale, once the brand is known; toasts follow them. */
function BrandTheme({ children }: { children: ReactNode }) {
  const brand = useBrand();
  return (
    <ConfigProvider theme={antdTheme(brand.theme)}>
      <AppFeedback>{children}</AppFeedback>
    </ConfigProvider>
  );
}

/**
 * Query client, antd locale and theme, toasts and the brand, in the order each needs the one
 * before: the brand call needs Query; the brand's loading and error screens need the locale.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[locale]);
  }, [locale]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[locale]} theme={antdTheme(undefined)}>
        <BrandProvider>
          <BrandTheme>{children}</BrandTheme>
        </BrandProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

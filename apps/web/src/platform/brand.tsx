import type { BrandConfig, BrandSettings } from '@author-centre/shared/brands';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { paletteFor, paletteVariables } from '../app/theme.ts';
import { PlainButton } from '../components/plain/Button.tsx';
import { Spinner } from '../components/plain/Spinner.tsx';
import { StateResult } from '../components/StateResult.tsx';
import { apiGet } from './api.ts';
import { OFFLINE_COPY_KEYS, withOfflineCopy } from './offline-copy.ts';

/**
 * The brand (client) of this page's origin, from GET /api/pc/v1/global/config (§1, §3). Loaded
 * once before any route renders; every screen reads it through `useBrand()`.
 */
export const BRAND_CONFIG_PATH = '/api/pc/v1/global/config';
export const BRAND_QUERY_KEY = ['global-config'] as const;

const BrandContext = createContext<BrandConfig | null>(null);

export function useBrand(): BrandConfig {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand() is used outside <BrandProvider>');
  return brand;
}

export const brandQuery = queryOptions({
  queryKey: BRAND_QUERY_KEY,
  queryFn: ({ signal }) =>
    withOfflineCopy(`${OFFLINE_COPY_KEYS.brand}:${location.host}`, () =>
      apiGet<BrandConfig>(BRAND_CONFIG_PATH, undefined, { signal, silent: true }),
    ),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function BrandProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const query = useQuery(brandQuery);
  const brand = query.data;

  useEffect(() => {
    if (brand) applyBrandToDocument(brand);
  }, [brand]);

  if (query.isPending) {
    return (
      <div className="ac-fullpage" role="status" aria-live="polite">
        <Spinner />
        <p>{t('app.brandLoading')}</p>
      </div>
    );
  }
  if (!brand) {
    return (
      <div className="ac-fullpage">
        <StateResult
          status="error"
          title={t('app.brandLoadFailed')}
          subTitle={t('app.brandLoadFailedDesc')}
          extra={
            <PlainButton type="primary" loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </PlainButton>
          }
        />
      </div>
    );
  }
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

function setMeta(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

function applyBrandToDocument(brand: BrandSettings): void {
  setMeta('keywords', brand.keywords);
  setMeta('description', brand.description);
  if (brand.faviconLink) {
    let icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.append(icon);
    }
    icon.href = brand.faviconLink;
  }
  document.documentElement.dataset.brand = brand.brief;
  document.documentElement.dataset.theme = brand.theme;
  // The brand's colours for what is outside the front layout too (the plain controls read them).
  for (const [name, value] of Object.entries(paletteVariables(paletteFor(brand.theme)))) {
    document.documentElement.style.setProperty(name, value);
  }
}

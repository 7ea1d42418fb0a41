import type { BrandConfig } from '@author-centre/shared/brands';
import type { HomeModelList } from '@author-centre/shared/home-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../platform/api.ts';
import { profileQuery } from '../platform/author-profile.ts';
import { BRAND_QUERY_KEY } from '../platform/brand.tsx';
import { queryClient } from '../platform/query-client.ts';
import { LOGIN_STATUS_QUERY_KEY, type LoginStatus } from '../platform/session-state.ts';

/**
 * The data behind the pop-up queue: the profile (platform/author-profile.ts: badges, graduations, level upgrades and
 * guide_conf) and the home model list.
 */
const HOME_MODELS_PATH = '/api/pc/v1/author/home-model-list';
const HOME_MODELS_QUERY_KEY = ['home-model-list'] as const;

/** The home model list: the queue's pops 'account-split' and 4, and the header's reminder. */
export const homeModelsQuery = queryOptions({
  queryKey: HOME_MODELS_QUERY_KEY,
  queryFn: ({ signal }) => apiGet<HomeModelList>(HOME_MODELS_PATH, undefined, { signal, silent: true }),
  staleTime: 60_000,
});

export function useHomeModels(enabled: boolean) {
  return useQuery({ ...homeModelsQuery, enabled });
}

/**
 * On a page's first load, asks for the queue's data the moment the login status and the brand say the
 * queue is on, rather than once the page has rendered with them (the queue's useQuery): that render
 * takes a few hundred milliseconds of a cold load, and the first pop waits for both answers.
 */
function askAheadOnFirstLoad(): void {
  const stop = queryClient.getQueryCache().subscribe(() => {
    const status = queryClient.getQueryData<LoginStatus>(LOGIN_STATUS_QUERY_KEY);
    const brand = queryClient.getQueryData<BrandConfig>(BRAND_QUERY_KEY);
    if (!status || !brand) return;
    stop();
    if (!status.logged_in || brand.appGlobalPop?.show !== true) return;
    void queryClient.prefetchQuery(profileQuery);
    void queryClient.prefetchQuery(homeModelsQuery);
  });
}
askAheadOnFirstLoad();

const idsParam = (ids: number[]) => ({ ids: ids.join(',') });

/** The "seen" calls of §4/§7, each naming exactly what was shown. Failures are silent: the pop returns next visit. */
export const tellServerSeen = {
  badges: (ids: number[]) => apiGet('/api/badge/noticed', idsParam(ids), { silent: true }),
  levelUpgrades: (ids: number[]) => apiGet('/api/author-level/noticed', idsParam(ids), { silent: true }),
  graduations: (ids: number[]) => apiGet('/api/new-user/noticed', idsParam(ids), { silent: true }),
  /** HOME_MODEL_REPORT. */
  homeModel: (reportName: string) =>
    apiPost('/api/pc/v1/author/home-model-report', { report_name: reportName }, { silent: true }),
};

import type { HomeModelList, PopupProfileFields } from '@author-centre/shared/home-api';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../platform/api.ts';

/**
 * The data behind the pop-up queue: the profile (sign-in module's GET /api/author/profile, which
 * carries badges, graduations, level upgrades and guide_conf) and the home model list.
 */
export interface AuthorProfile extends PopupProfileFields {
  user: { account_id: number; pen_name: string; is_phone_bind: number; message_count: number; level: number };
  guide_conf: Record<string, boolean>;
}

export const PROFILE_PATH = '/api/author/profile';
export const PROFILE_QUERY_KEY = ['author-profile'] as const;
export const HOME_MODELS_PATH = '/api/pc/v1/author/home-model-list';
export const HOME_MODELS_QUERY_KEY = ['home-model-list'] as const;

export function useAuthorProfile(enabled: boolean) {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<AuthorProfile>(PROFILE_PATH, undefined, { signal, silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

export function useHomeModels(enabled: boolean) {
  return useQuery({
    queryKey: HOME_MODELS_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<HomeModelList>(HOME_MODELS_PATH, undefined, { signal, silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

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

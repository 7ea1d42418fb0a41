import type { PopupProfileFields } from '@author-centre/shared/home-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api.ts';
import { PROFILE_QUERY_KEY } from './session-state.ts';
import type { StoredUser } from './stored-user.ts';

/**
 * The logged-in author's profile (GET /api/author/profile): the header's account, the pop-up queue's badges,
 * graduations and level upgrades, the guides' guide_conf and the AI assistant's flag. One query for all of them.
 */
export interface AuthorProfile extends PopupProfileFields {
  user: StoredUser & {
    phone: string;
    is_phone_bind: number;
    free_bind_flag: number;
    real_name: string;
    message_count: number;
    level: number;
  };
  guide_conf: Record<string, boolean>;
  ai_assistant_auth: number;
}

const PROFILE_PATH = '/api/author/profile';

export const profileQuery = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => apiGet<AuthorProfile>(PROFILE_PATH, undefined, { signal, silent: true }),
  staleTime: 60_000,
});

export function useAuthorProfile(enabled = true) {
  return useQuery({ ...profileQuery, enabled });
}

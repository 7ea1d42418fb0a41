import { apiPost } from '../../platform/api.ts';
import { queryClient } from '../../platform/query-client.ts';
import { PROFILE_QUERY_KEY } from '../../platform/session-state.ts';

export const SAVE_GUIDE_PATH = '/api/author/save-guide-config';

/**
 * Records guides as seen (§7 save-guide-config: `{type}` or `{types:[…]}`) and mirrors the answer
 * into the cached profile, so a guide never shows twice in one visit.
 */
export async function saveGuidesSeen(types: number[]): Promise<void> {
  if (types.length === 0) return;
  const body = types.length === 1 ? { type: types[0] } : { types };
  const result = await apiPost<{ guide_conf?: Record<string, boolean> }>(SAVE_GUIDE_PATH, body, { silent: true });
  queryClient.setQueryData<{ guide_conf?: Record<string, boolean> } | undefined>(PROFILE_QUERY_KEY, (old) =>
    old
      ? {
          ...old,
          guide_conf: {
            ...old.guide_conf,
            ...(result?.guide_conf ?? {}),
            ...Object.fromEntries(types.map((t) => [t, true])),
          },
        }
      : old,
  );
}

import type { NewsDetail, NewsList, NewsType, UnreadCounts } from '@author-centre/shared/home-api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../platform/api.ts';
import { PROFILE_QUERY_KEY } from '../../platform/session-state.ts';

export const UNREAD_QUERY_KEY = ['news-unread'] as const;

/** Unread messages and notices (the header's count and the home's). */
export function useUnreadCounts(enabled = true) {
  return useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<UnreadCounts>('/api/pc/v1/news/unread-count', undefined, { signal, silent: true }),
    enabled,
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
}

export function useNewsList(type: NewsType, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['news', type, page, pageSize],
    queryFn: ({ signal }) =>
      apiGet<NewsList>('/api/pc/v1/news/list', { type, page, page_size: pageSize }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useNewsDetail(type: NewsType, id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['news-detail', type, id],
    queryFn: async ({ signal }) => {
      const detail = await apiGet<NewsDetail>('/api/pc/v1/news/detail', { type, id }, { signal, silent: true });
      // Opening it marked it read on the server.
      void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['news', type] });
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      return detail;
    },
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetAllRead(type: NewsType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<UnreadCounts>('/api/pc/v1/news/set-all-read', { type }),
    onSuccess: (counts) => {
      queryClient.setQueryData(UNREAD_QUERY_KEY, counts);
      void queryClient.invalidateQueries({ queryKey: ['news', type] });
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}

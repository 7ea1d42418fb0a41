import type { DateCalendar, HomeIndex } from '@author-centre/shared/home-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../platform/api.ts';

export const HOME_INDEX_QUERY_KEY = ['author-index'] as const;

export function useHomeIndex() {
  return useQuery({
    queryKey: HOME_INDEX_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<HomeIndex>('/api/author/index', undefined, { signal, silent: true }),
  });
}

/** The works module's date calendar: words published per day of a month ('YYYY-MM'). */
export function useDateCalendar(month: string) {
  return useQuery({
    queryKey: ['date-calendar', month],
    queryFn: ({ signal }) => apiGet<DateCalendar>('/api/author/date-calendar', { month }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/**
 * New comments (GET_COMMENT_MSG_NUM: POST with book_id '' and msg_tab '0', reading data.num) and
 * new reader corrections: the endpoints the comments and corrections modules answer.
 */
export function useCommentCount() {
  return useQuery({
    queryKey: ['comment-msg-num'],
    queryFn: () =>
      apiPost<{ num: number }>('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' }, { silent: true }),
  });
}

export function useCorrectionCount() {
  return useQuery({
    queryKey: ['user-correct-msg-num'],
    queryFn: ({ signal }) =>
      apiGet<{ num: number }>('/api/pc/v1/user-correct/msg-num', undefined, { signal, silent: true }),
  });
}

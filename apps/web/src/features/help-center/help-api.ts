import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../platform/api.ts';

export interface HelpQuestionRef {
  /** '<category>-<question>', the page address `questions/<id>`. */
  id: string;
  title: string;
}

export interface HelpHome {
  categories: Array<{ id: number; name: string; description: string; count: number; questions: HelpQuestionRef[] }>;
  popular: Array<HelpQuestionRef & { category_id: number; category_name: string }>;
}

export interface HelpQuestions {
  categories: Array<{ id: number; name: string; description: string; count: number }>;
  category: { id: number; name: string; description: string } | null;
  list: Array<HelpQuestionRef & { updated_at: number }>;
}

export interface HelpDetail {
  id: string;
  category: { id: number; name: string };
  title: string;
  body: string;
  updated_at: number;
  pv: number;
  solved_yes: number;
  solved_no: number;
  my_solve: 0 | 1 | null;
  related: HelpQuestionRef[];
}

export interface HelpSearch {
  keyword: string;
  total: number;
  page: number;
  page_size: number;
  terms: string[];
  list: Array<HelpQuestionRef & { category_id: number; category_name: string; snippet: string }>;
}

export const questionPath = (id: string) => `/front/help-center/questions/${id}`;
export const HELP_HOME_PATH = '/front/help-center/home';
export const HELP_SEARCH_PATH = '/front/help-center/search';
export const HELP_QUESTIONS_PATH = '/front/help-center/questions';

const STALE_MS = 60_000;

export function useHelpHome() {
  return useQuery({
    queryKey: ['help', 'home'],
    queryFn: ({ signal }) => apiGet<HelpHome>('/api/pc/v1/help/index', undefined, { signal, silent: true }),
    staleTime: STALE_MS,
  });
}

export function useHelpQuestions(categoryId: number | undefined) {
  return useQuery({
    queryKey: ['help', 'questions', categoryId ?? null],
    queryFn: ({ signal }) =>
      apiGet<HelpQuestions>('/api/pc/v1/help/category', categoryId ? { category_id: categoryId } : undefined, {
        signal,
        silent: true,
      }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useHelpDetail(ids: string) {
  return useQuery({
    queryKey: ['help', 'detail', ids],
    queryFn: ({ signal }) => apiGet<HelpDetail>('/api/pc/v1/help/detail', { ids }, { signal, silent: true }),
    staleTime: STALE_MS,
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
  });
}

export function useHelpSearch(keyword: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['help', 'search', keyword, page, pageSize],
    queryFn: ({ signal }) =>
      apiGet<HelpSearch>('/api/pc/v1/help/search', { keyword, page, page_size: pageSize }, { signal, silent: true }),
    enabled: keyword.length > 0,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function recordView(ids: string): Promise<{ pv: number }> {
  return apiPost('/api/pc/v1/help/pv', { ids }, { silent: true });
}

export function sendSolve(ids: string, solved: 0 | 1) {
  return apiPost<{ solved_yes: number; solved_no: number; my_solve: 0 | 1 | null }>(
    '/api/pc/v1/help/solve',
    { ids, solved },
    { silent: true },
  );
}

import { useQuery } from '@tanstack/react-query';
import { CONSOLE_QUERY_ROOT, consoleGet, type ListPage } from '../../../console/console-api.ts';

/** The console's help-centre and AI-assistant routes (server: modules/help and modules/ai-assistant). */
export const HELP_API = {
  categories: '/api/admin/help/categories',
  categorySave: '/api/admin/help/category/save',
  categoryReorder: '/api/admin/help/category/reorder',
  categoryDelete: '/api/admin/help/category/delete',
  articles: '/api/admin/help/articles',
  article: '/api/admin/help/article',
  articleSave: '/api/admin/help/article/save',
  articleStatus: '/api/admin/help/article/status',
  articleDelete: '/api/admin/help/article/delete',
  articleAddAsked: '/api/admin/help/article/add-asked',
  chats: '/api/admin/ai-assistant/chats',
  nothingFound: '/api/admin/ai-assistant/nothing-found',
} as const;

/** Where authors read an article (on the brand's own host). */
export const authorArticlePath = (ids: string) => `/front/help-center/questions/${ids}`;

export interface HelpCategoryRow {
  /** The category's number in its brand (the `<category>` of an article's address). */
  id: number;
  name: string;
  description: string;
  sort: number;
  count: number;
  published: number;
  updated_at: number;
}

export interface HelpArticleRow {
  id: number;
  ids: string;
  category_id: number;
  category_name: string;
  title: string;
  keywords: string;
  popular: 0 | 1;
  status: 0 | 1;
  sort: number;
  pv: number;
  solved_yes: number;
  solved_no: number;
  updated_at: number;
}

export interface HelpArticleDetail extends Omit<HelpArticleRow, 'ids' | 'category_id' | 'category_name'> {
  ids: string | null;
  category_id: number | null;
  category_name: string | null;
  body: string;
  /** How authors ask what it answers, a question a line (search and the AI assistant match each line). */
  asked: string;
  /** How the AI assistant cuts the saved body into passages to quote. */
  passages: string[];
  created_at: number;
}

export interface AiChatRow {
  id: number;
  account_id: number;
  pen_name: string | null;
  question: string;
  answer: string;
  answer_index: number;
  provider: string;
  sources: string[];
  source_articles: { ids: string; title: string | null }[];
  outcome: 'answered' | 'no_match' | 'refused' | 'failed';
  error_code: number | null;
  mark: 'use' | 'useless' | null;
  marked_at: number | null;
  nothing_found: boolean;
  duration_ms: number;
  created_at: number;
}

export interface NothingFoundRow {
  question_key: string;
  question: string;
  asks: number;
  authors: number;
  first_asked_at: number;
  last_asked_at: number;
  found_now: { ids: string; title: string; url: string } | null;
}

/** Every category of the brand, in the help centre's order (for pickers and the categories screen). */
export function useHelpCategories() {
  return useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, HELP_API.categories, 'all'],
    queryFn: ({ signal }) =>
      consoleGet<ListPage<HelpCategoryRow>>(HELP_API.categories, { page_size: 500 }, { signal, silent: true }),
  });
}

import { apiGet, apiPost } from '../../platform/api.ts';

export type ActivityStatus = 'current' | 'upcoming' | 'past';

export interface ActivityCard {
  id: number;
  title: string;
  summary: string;
  cover: string;
  starts_at: number;
  ends_at: number;
  status: ActivityStatus;
}

export interface ActivityDetail extends ActivityCard {
  content_html: string;
  rules_html: string;
  book_kind: '' | 'novel' | 'short' | 'screenplay';
  min_words: number;
  categories: string[];
  entries: { book_id: number; title: string; cover: string | null; pen_name: string; created_at: number }[];
  my_books:
    | { book_id: number; title: string; entered: boolean; eligible: boolean; why: Record<string, string> | null }[]
    | null;
}

export interface Article {
  id: number;
  kind: 'announcement' | 'signing_policy';
  title: string;
  summary: string;
  content_html: string;
  publish_at: number;
  updated_at: number;
}

const quiet = { silent: true };

export const activityList = (status: string, page: number, signal?: AbortSignal) =>
  apiGet<{ list: ActivityCard[]; total: number; page: number; page_size: number }>(
    '/api/pc/v1/custom-activity/list',
    { status, page, page_size: 12 },
    { ...quiet, signal },
  );

export const activityDetail = (id: number, signal?: AbortSignal) =>
  apiGet<ActivityDetail>('/api/pc/v1/custom-activity/detail', { id }, { ...quiet, signal });

export const enterActivity = (id: number, bookId: number) =>
  apiPost<{ entered: boolean }>('/api/pc/v1/custom-activity/enter', { id, book_id: bookId }, quiet);

export const articleDetail = (id: number, signal?: AbortSignal) =>
  apiGet<Article>('/api/pc/v1/article/detail', { id }, { ...quiet, signal });

export type AgreementKind = 'privacy' | 'user' | 'publish';

export interface Agreement {
  id: number;
  kind: AgreementKind;
  version: number;
  title: string;
  content_html: string;
  effective_at: number;
}

export interface PendingAgreement {
  kind: AgreementKind;
  version: number;
  title: string;
  effective_at: number;
}

export const agreementDetail = (kind: AgreementKind, signal?: AbortSignal) =>
  apiGet<Agreement>('/api/pc/v1/agreement/detail', { kind }, { ...quiet, signal });

export const pendingAgreements = (signal?: AbortSignal) =>
  apiGet<{ list: PendingAgreement[] }>('/api/pc/v1/agreement/pending', undefined, { ...quiet, signal });

export const acceptAgreement = (kind: AgreementKind, version: number) =>
  apiPost<{ list: PendingAgreement[] }>('/api/pc/v1/agreement/accept', { kind, version }, quiet);

export interface AdaptBook {
  id: number;
  title: string;
  author_name: string;
  genre: string;
  cover: string;
  intro: string;
  heat: number;
}

export const adaptBooks = (query: { keyword: string; genre: string; page: number }, signal?: AbortSignal) =>
  apiGet<{ list: AdaptBook[]; total: number; page: number; page_size: number; genres: string[] }>(
    '/api/pc/v1/screenplay/adapt-books',
    query,
    { ...quiet, signal },
  );

export const adaptRanking = (signal?: AbortSignal) =>
  apiGet<{ list: (AdaptBook & { rank: number })[] }>('/api/pc/v1/screenplay/ranking', undefined, { ...quiet, signal });

export const adaptMaterials = (id: number, signal?: AbortSignal) =>
  apiGet<AdaptBook & { materials_html: string }>('/api/pc/v1/screenplay/materials', { id }, { ...quiet, signal });

/** GET /api/book-activity/index: each of the author's books, the activities it entered and those it may enter now. */
export interface BookActivityIndex {
  list: {
    book_id: number;
    title: string;
    activities: { activity_id: number; title: string; starts_at: number; ends_at: number; status: ActivityStatus }[];
    eligible: { activity_id: number; title: string; starts_at: number; ends_at: number }[];
  }[];
}

export const BOOK_ACTIVITY_INDEX_KEY = ['book-activity-index'] as const;

export const bookActivityIndex = (signal?: AbortSignal) =>
  apiGet<BookActivityIndex>('/api/book-activity/index', undefined, { ...quiet, signal });

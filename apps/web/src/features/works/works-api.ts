import type { BookKind, ChapterStatus, RegularSchedule, TextCheckFinding } from '@author-centre/shared/works';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentLocale } from '../../i18n/index.ts';
import { apiGet, apiPost } from '../../platform/api.ts';
import { ApiError } from '../../platform/api-error.ts';
import { reactToError } from '../../platform/api-reactions.ts';
import { signRequest } from '../../platform/request-signing.ts';
import { getSecret } from '../../platform/secret.ts';
import { serverNow } from '../../platform/server-time.ts';

/** Types and Query hooks of works. Paths: spec §7 catalogue (book, book-chapter, text-correct). */

export interface Book {
  book_id: number;
  kind: BookKind;
  title: string;
  category: string;
  tags: string[];
  intro: string;
  cover: string | null;
  finished: boolean;
  sort_order: number;
  total_words: number;
  published_words: number;
  chapter_count: number;
  published_count: number;
  pay_point_chapter_id: number | null;
  last_published_at: number | null;
  created_at: number;
  updated_at: number;
  deletable?: boolean;
  delete_refusal?: string | null;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface Volume {
  volume_id: number;
  title: string;
  sort: number;
  is_notice: boolean;
  chapters: number;
  drafts: number;
  words: number;
}

export interface ChapterItem {
  chapter_id: number;
  book_id: number;
  volume_id: number;
  title: string;
  status: ChapterStatus;
  sort: number;
  words: number;
  published_words: number;
  vip: number;
  counted: boolean;
  revision: number;
  scheduled_at: number | null;
  published_at: number | null;
  first_published_at: number | null;
  saved_at: number;
  updated_at: number;
  deleted_at: number | null;
  volume_title?: string;
}

export interface ChapterDetail extends ChapterItem {
  content: string;
  author_say: string;
  published_content: string | null;
  title_problem: boolean;
  volume_title: string;
  volume_is_notice: boolean;
  book: { book_id: number; title: string; kind: BookKind };
  last_publish: {
    source: string;
    outcome: string;
    note: string | null;
    scheduled_at: number | null;
    published_at: number;
    late_ms: number | null;
  } | null;
}

export interface SaveReply {
  chapter_id: number;
  revision: number;
  saved_at: number;
  words: number;
  status: ChapterStatus;
  title_problem: boolean;
  duplicate: boolean;
}

export interface Version {
  version_id: number;
  revision: number;
  kind: string;
  title: string;
  words: number;
  created_at: number;
}

export type DiffRow =
  | { op: 'equal'; left: string; right: string }
  | { op: 'delete'; left: string }
  | { op: 'insert'; right: string }
  | { op: 'change'; left: string; right: string };

export interface DiffReply {
  left: { version_id: number; title: string; kind: string; created_at: number; words: number };
  right: { label: 'current' | 'published' | 'version'; title: string; created_at: number | null; words: number };
  rows: DiffRow[];
}

export interface CheckReply {
  findings: TextCheckFinding[];
  can_publish: boolean;
}

export interface StageReply {
  book_id: number;
  kind: BookKind;
  title: string;
  created_at: number;
  days_since_created: number;
  stage: 'new' | 'growing' | 'sign' | 'listing';
  total_words: number;
  published_words: number;
  sign_threshold: number;
  sign_condition_text: string;
  sign_progress: number;
  can_apply_sign: boolean;
  words_to_threshold: number;
  listing_threshold: number | null;
  avg_words_7d: number;
  days_to_threshold: number | null;
  streak: number;
  update_days: number;
  daily: Array<{ date: string; words: number; chapters: number }>;
}

export interface RegularReply extends RegularSchedule {
  book_id: number;
  next_run_at: number | null;
  queue: Array<{ chapter_id: number; title: string; words: number }>;
  /** Unclaimed drafts the recurring queue leaves out: notice-volume ones and short or empty ones. */
  skipped?: Array<{ chapter_id: number; title: string; words: number; reason: 'notice' | 'short' }>;
}

export interface PayPointInfo {
  book_id: number;
  pay_point_chapter_id: number | null;
  pay_point_chapter_title: string | null;
  free_chapters: number;
  free_words: number;
  has_published_paid: boolean;
}

export interface PublishNotice {
  id: number;
  chapter_id: number;
  /** null for an idle firing (no chapter). */
  title: string | null;
  source: string;
  /** idle: a recurring firing that published nothing (no chapter; note says why). */
  outcome: 'published' | 'blocked' | 'idle';
  note: string | null;
  scheduled_at: number | null;
  published_at: number;
  late_ms: number | null;
}

export interface ImportSegment {
  line: number;
  kind: 'chapter' | 'volume' | 'skip';
  title: string;
  consume: boolean;
  lines: number;
  words: number;
  preview: string;
  adjusted: boolean;
}

export interface UploadReply {
  import_id: number;
  file_name: string;
  encoding: string;
  total_lines: number;
  total_words: number;
  segments: ImportSegment[];
}

export interface ImportStatus {
  import_id: number;
  book_id: number;
  status: 'previewed' | 'committing' | 'done' | 'failed';
  total: number;
  done: number;
  progress: number;
  error: string | null;
}

/** The page of a book's information, per kind (the book list, the information pages and chapter management link it). */
export const INFO_PATH: Record<BookKind, string> = {
  novel: '/front/book-manage/information',
  short: '/front/book-manage/short/information',
  screenplay: '/front/book-manage/screenplay/information',
};
/** The page of a book's chapters, per kind. */
export const MANAGE_PATH: Record<BookKind, string> = {
  novel: '/front/book-manage/manage',
  short: '/front/book-manage/manage',
  screenplay: '/front/book-manage/screenplay/manage',
};

export const LIST_PATH: Record<BookKind, string> = {
  novel: '/api/pc/v1/book/list',
  short: '/api/pc/v1/book/short-story-list',
  screenplay: '/api/pc/v1/book/screenplay-list',
};

export const worksKeys = {
  all: ['works'] as const,
  list: (kind: BookKind, sort: string, page: number) => ['works', 'books', kind, sort, page] as const,
  book: (id: number) => ['works', 'book', id] as const,
  volumes: (id: number) => ['works', 'volumes', id] as const,
  chapters: (bookId: number, volumeId: number | undefined, page: number) =>
    ['works', 'chapters', bookId, volumeId ?? 0, page] as const,
  chapter: (id: number) => ['works', 'chapter', id] as const,
};

export function useBookList(kind: BookKind, sort: string, page: number) {
  return useQuery({
    queryKey: worksKeys.list(kind, sort, page),
    queryFn: ({ signal }) => apiGet<Page<Book>>(LIST_PATH[kind], { sort, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBook(bookId: number | null) {
  return useQuery({
    queryKey: worksKeys.book(bookId ?? 0),
    queryFn: ({ signal }) => apiGet<Book>('/api/pc/v1/book/info', { book_id: bookId }, { signal, silent: true }),
    enabled: Boolean(bookId),
    retry: false,
  });
}

export function useCategories(kind: BookKind) {
  return useQuery({
    queryKey: ['works', 'categories', kind],
    queryFn: ({ signal }) =>
      apiGet<Array<{ value: string; label: string }>>('/api/pc/v1/book/categories', { kind }, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useVolumes(bookId: number) {
  return useQuery({
    queryKey: worksKeys.volumes(bookId),
    queryFn: ({ signal }) => apiGet<Volume[]>('/api/pc/v1/book-chapter/volumes', { book_id: bookId }, { signal }),
    enabled: bookId > 0,
  });
}

export function useChapters(bookId: number, volumeId: number | undefined, page: number) {
  return useQuery({
    queryKey: worksKeys.chapters(bookId, volumeId, page),
    queryFn: ({ signal }) =>
      apiGet<Page<ChapterItem>>(
        '/api/pc/v1/book-chapter/list',
        { book_id: bookId, volume_id: volumeId, page },
        { signal },
      ),
    enabled: bookId > 0,
    placeholderData: keepPreviousData,
  });
}

export function useDrafts(bookId: number) {
  return useQuery({
    queryKey: ['works', 'drafts', bookId],
    queryFn: ({ signal }) => apiGet<ChapterItem[]>('/api/pc/v1/book-chapter/drafts', { book_id: bookId }, { signal }),
    enabled: bookId > 0,
  });
}

export function useRecycleBin(bookId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['works', 'bin', bookId],
    queryFn: ({ signal }) =>
      apiGet<ChapterItem[]>('/api/pc/v1/book-chapter/recycle-bin', { book_id: bookId }, { signal }),
    enabled: bookId > 0 && enabled,
  });
}

export function useStage(bookId: number) {
  return useQuery({
    queryKey: ['works', 'stage', bookId],
    queryFn: ({ signal }) => apiGet<StageReply>('/api/pc/v1/book/growth-cycle', { book_id: bookId }, { signal }),
    enabled: bookId > 0,
  });
}

export function usePayPoint(bookId: number) {
  return useQuery({
    queryKey: ['works', 'pay-point', bookId],
    queryFn: ({ signal }) => apiGet<PayPointInfo>('/api/pc/v1/book/pay-point-info', { book_id: bookId }, { signal }),
    enabled: bookId > 0,
  });
}

export function useRegular(bookId: number) {
  return useQuery({
    queryKey: ['works', 'regular', bookId],
    queryFn: ({ signal }) =>
      apiGet<RegularReply>('/api/pc/v1/book-chapter/regular-time-data', { book_id: bookId }, { signal }),
    enabled: bookId > 0,
  });
}

export function usePublishNotices(bookId: number) {
  return useQuery({
    queryKey: ['works', 'notices', bookId],
    queryFn: ({ signal }) =>
      apiGet<{ has: boolean; list: PublishNotice[] }>(
        '/api/pc/v1/book-chapter/publish-notices',
        { book_id: bookId },
        { signal },
      ),
    enabled: bookId > 0,
  });
}

export function useHistory(chapterId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['works', 'history', chapterId],
    queryFn: ({ signal }) =>
      apiGet<{ current: { revision: number }; list: Version[] }>(
        '/api/pc/v1/book-chapter/history',
        { chapter_id: chapterId },
        { signal },
      ),
    enabled: enabled && chapterId > 0,
    // The list grows with every save: reopening the drawer must not show a list from before the last save.
    staleTime: 0,
  });
}

export function useDiff(chapterId: number, versionId: number | null, against: 'current' | 'published') {
  return useQuery({
    queryKey: ['works', 'diff', chapterId, versionId, against],
    queryFn: ({ signal }) =>
      apiGet<DiffReply>(
        '/api/pc/v1/book-chapter/chapter-diff',
        { chapter_id: chapterId, version_id: versionId, against },
        { signal },
      ),
    enabled: Boolean(versionId),
    // The right-hand side is the chapter's current text, which changes with every save and restore.
    staleTime: 0,
  });
}

export function fetchChapter(chapterId: number, signal?: AbortSignal) {
  return apiGet<ChapterDetail>('/api/pc/v1/book-chapter/detail', { chapter_id: chapterId }, { signal, silent: true });
}

export function createChapter(bookId: number, volumeId?: number, title = '') {
  return apiPost<ChapterDetail>('/api/pc/v1/book-chapter/create', { book_id: bookId, volume_id: volumeId, title });
}

/** Everything about works is stale after a write that changes totals. */
export function useInvalidateWorks() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: worksKeys.all }), [client]);
}

export function formatTime(ms: number | null | undefined, withSeconds = false): string {
  if (!ms) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${withSeconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${date} ${time}`;
}

/** Reads a positive integer query parameter (book_id, chapter_id). */
export function idParam(params: URLSearchParams, name: string): number {
  const n = Number(params.get(name));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * Downloads a whole work as `.txt` or ePub (GET /api/pc/v1/book/export). Fetched, not followed: a
 * refusal (a stale signing key, an expired session, a deleted book) is handled like any call's (§8)
 * instead of replacing the app with the raw error reply.
 */
export async function downloadExport(bookId: number, format: 'txt' | 'epub'): Promise<void> {
  // A signed call through the client first: it renews a stale signing key and sends a lost session to login.
  await apiGet('/api/pc/v1/book/info', { book_id: bookId });
  const { secret } = await getSecret();
  const signed = signRequest(
    { method: 'GET', path: '/api/pc/v1/book/export', params: { book_id: bookId, format } },
    secret,
    serverNow(),
  );
  let response: Response;
  try {
    response = await fetch(signed.url, { credentials: 'include', headers: { 'x-lang': currentLocale() } });
  } catch {
    const error = new ApiError({ kind: navigator.onLine === false ? 'offline' : 'network', code: 0, title: '' });
    reactToError(error);
    throw error;
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await response.json().catch(() => null)) as { errors?: { code?: number; title?: string } } | null;
    const error = body?.errors
      ? new ApiError({
          kind: 'business',
          code: body.errors.code ?? 0,
          title: body.errors.title ?? '',
          status: response.status,
        })
      : new ApiError({ kind: 'http', code: response.status, title: '', status: response.status });
    reactToError(error);
    throw error;
  }
  const disposition = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '');
  const name = disposition ? decodeURIComponent(disposition[1]) : `book-${bookId}.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// Screenplay applications (book-manage/screenplay/application) ------------------------------------

export type ScreenplayApplicationKind = 'original' | 'adaptation';
export type ScreenplayApplicationStatus = 'pending' | 'approved' | 'refused' | 'cancelled';

export interface ScreenplayApplication {
  application_id: number;
  kind: ScreenplayApplicationKind;
  book_id: number | null;
  book_title: string | null;
  title: string;
  category: string;
  category_label: string;
  synopsis: string;
  episodes: number;
  contact_note: string;
  status: ScreenplayApplicationStatus;
  status_label: string;
  reason: string | null;
  reviewed_at: number | null;
  cancelled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ScreenplayApplicationOptions {
  kinds: Array<{ value: ScreenplayApplicationKind; label: string }>;
  categories: Array<{ value: string; label: string }>;
  books: Array<{ book_id: number; title: string; published_count: number; published: boolean; pending: boolean }>;
  limits: {
    titleMax: number;
    synopsisMin: number;
    synopsisMax: number;
    episodesMin: number;
    episodesMax: number;
    contactNoteMax: number;
    pendingMax: number;
  };
}

export interface ScreenplayApplicationInput {
  kind: ScreenplayApplicationKind;
  book_id?: number | null;
  title: string;
  category: string;
  synopsis: string;
  episodes: number;
  contact_note: string;
}

export const applicationKeys = {
  all: ['works', 'screenplay-application'] as const,
  list: (page: number) => ['works', 'screenplay-application', 'list', page] as const,
  options: ['works', 'screenplay-application', 'options'] as const,
};

export function useScreenplayApplications(page: number) {
  return useQuery({
    queryKey: applicationKeys.list(page),
    queryFn: ({ signal }) =>
      apiGet<Page<ScreenplayApplication>>('/api/pc/v1/screenplay/application-list', { page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useScreenplayApplicationOptions() {
  return useQuery({
    queryKey: applicationKeys.options,
    queryFn: ({ signal }) =>
      apiGet<ScreenplayApplicationOptions>('/api/pc/v1/screenplay/application-options', {}, { signal }),
  });
}

export function submitScreenplayApplication(input: ScreenplayApplicationInput) {
  return apiPost<ScreenplayApplication>('/api/pc/v1/screenplay/application', { ...input });
}

export function cancelScreenplayApplication(applicationId: number) {
  return apiPost<ScreenplayApplication>('/api/pc/v1/screenplay/application-cancel', {
    application_id: applicationId,
  });
}

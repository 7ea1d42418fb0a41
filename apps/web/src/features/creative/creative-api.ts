import type {
  COVER_LIMITS,
  CoverFontView,
  CoverSetting,
  CoverTemplateView,
  ILLUSTRATION_LIMITS,
} from '@author-centre/shared/cover';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../platform/api.ts';

/** Types and Query hooks of the cover maker and interactive images (§7: cover config/templates/fonts, interact-pic). */

export interface CoverConfig {
  book_id: number;
  title: string;
  pen_name: string;
  category: string;
  cover_image: string | null;
  cover_image_2x: string | null;
  tpl_id: number | null;
  tpl_setting: CoverSetting | null;
  limits: typeof COVER_LIMITS;
}

export interface GlobalBook {
  id: number;
  title: string;
  kind: string;
}

export const useGlobalBooks = () =>
  useQuery({
    queryKey: ['creative', 'books'],
    queryFn: ({ signal }) => apiGet<{ list: GlobalBook[] }>('/api/pc/v1/global/book-list', undefined, { signal }),
  });

export const useCoverConfig = (bookId: number) =>
  useQuery({
    queryKey: ['creative', 'cover-config', bookId],
    queryFn: ({ signal }) =>
      apiGet<CoverConfig>('/api/pc/v1/cover/config', { book_id: bookId }, { signal, silent: true }),
    enabled: bookId > 0,
  });

export const useCoverTemplates = () =>
  useQuery({
    queryKey: ['creative', 'templates'],
    queryFn: ({ signal }) => apiGet<{ list: CoverTemplateView[] }>('/api/pc/v1/cover/templates', undefined, { signal }),
  });

export const useCoverFontList = () =>
  useQuery({
    queryKey: ['creative', 'fonts'],
    queryFn: ({ signal }) => apiGet<{ list: CoverFontView[] }>('/api/pc/v1/cover/fonts', undefined, { signal }),
  });

export interface IllustrationChapter {
  chapter_id: number;
  title: string;
  words: number;
  status: 'draft' | 'published' | 'revised';
  illustration_count: number;
}

export interface ChapterList {
  books: Array<{ book_id: number; title: string; kind: string; chapter_count: number }>;
  book_id: number | null;
  book_title: string;
  list: IllustrationChapter[];
}

export const useIllustrationChapters = (bookId: number) =>
  useQuery({
    queryKey: ['creative', 'chapters', bookId],
    queryFn: ({ signal }) =>
      apiGet<ChapterList>('/api/pc/v1/interact-pic/chapter-list', bookId ? { book_id: bookId } : undefined, { signal }),
  });

export interface Illustration {
  illustration_id?: number;
  paragraph_index: number;
  image_url: string;
  caption: string;
  picture_id: number | null;
}

export interface ChapterIllustrations {
  book_id: number;
  book_title: string;
  chapter_id: number;
  title: string;
  status: string;
  paragraphs: string[];
  illustrations: Illustration[];
  limits: typeof ILLUSTRATION_LIMITS;
}

export const useChapterIllustrations = (chapterId: number) =>
  useQuery({
    queryKey: ['creative', 'chapter', chapterId],
    queryFn: ({ signal }) =>
      apiGet<ChapterIllustrations>(
        '/api/pc/v1/interact-pic/chapter-info',
        { chapter_id: chapterId },
        { signal, silent: true },
      ),
    enabled: chapterId > 0,
  });

export interface AiConfig {
  available: boolean;
  provider: string | null;
  model: string | null;
  daily_limit: number;
  used_today: number;
  left_today: number;
}

export const useAiConfig = () =>
  useQuery({
    queryKey: ['creative', 'ai-config'],
    queryFn: ({ signal }) => apiGet<AiConfig>('/api/pc/v1/interact-pic/ai-config', undefined, { signal }),
  });

export interface AiPicture {
  picture_id: number;
  paragraph_index: number;
  prompt: string;
  image_url: string;
  model: string;
  created_at: number;
}

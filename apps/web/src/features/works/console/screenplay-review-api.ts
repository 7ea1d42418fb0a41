/** The console's screenplay review calls (apps/server/src/modules/works/screenplay-application.ts). */
export const QUEUE_PATH = '/api/admin/screenplay/applications';
export const DETAIL_PATH = '/api/admin/screenplay/applications/detail';
export const REVIEW_PATH = '/api/admin/screenplay/applications/review';

/** The longest reason the server takes (SCREENPLAY_APPLICATION_LIMITS.reasonMax). */
export const REASON_MAX = 500;

export type ApplicationStatus = 'pending' | 'approved' | 'refused' | 'cancelled';

export interface ApplicationRow {
  application_id: number;
  kind: 'original' | 'adaptation';
  book_id: number | null;
  book_title: string | null;
  title: string;
  category: string;
  category_label: string;
  synopsis: string;
  episodes: number;
  contact_note: string;
  status: ApplicationStatus;
  status_label: string;
  reason: string | null;
  reviewed_at: number | null;
  cancelled_at: number | null;
  created_at: number;
  account_id: number;
  pen_name: string;
  reviewer_name: string | null;
}

export interface ApplicationDetail extends ApplicationRow {
  book: {
    book_id: number;
    title: string;
    published_count: number;
    published_words: number;
    deleted: boolean;
    reading_url: string | null;
  } | null;
  other_applications: Array<{
    application_id: number;
    title: string;
    status: ApplicationStatus;
    status_label: string;
    created_at: number;
  }>;
}

export const STATUS_COLOR: Record<ApplicationStatus, string> = {
  pending: 'processing',
  approved: 'success',
  refused: 'error',
  cancelled: 'default',
};

/** Tables of the works module's legacy author-book calls (migration 202611251330_works_editors_toasts). */

import type { Generated } from 'kysely';

/** The editors ('责任编辑', the brand's editorTitle) responsible for a book. */
export interface BookEditorTable {
  id: Generated<number>;
  client_id: number;
  book_id: number;
  /** An account of the brand with role 'editor'. */
  editor_account_id: number;
  assigned_at: number;
}

/** A toast the author dismissed for a book, never shown again ('sign_words': the signing threshold was reached). */
export interface BookToastClosedTable {
  id: Generated<number>;
  client_id: number;
  book_id: number;
  account_id: number;
  toast: string;
  closed_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    book_editors: BookEditorTable;
    book_toasts_closed: BookToastClosedTable;
  }
}

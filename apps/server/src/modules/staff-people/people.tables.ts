/** Tables of the console's authors and editors' portfolios (migration 202611270100_console_people). */

import type { Generated } from 'kysely';

/**
 * The editors ('责任编辑', the brand's editorTitle) responsible for an author's pen name, as
 * book_editors is for a book. A book without its own editor is looked after by its author's.
 */
export interface AuthorEditorTable {
  id: Generated<number>;
  client_id: number;
  /** The author's account (pen name). */
  account_id: number;
  /** An account of the brand with role 'editor'. */
  editor_account_id: number;
  assigned_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    author_editors: AuthorEditorTable;
  }
}

/** Tables of the report centre (migration 202612060001_report_centre). */

import type { Generated } from 'kysely';

/** A phone an informer proved by its type 5 code; the token lets them upload, submit and follow. */
export interface ReportInformerTable {
  id: Generated<number>;
  client_id: number;
  token_hash: string;
  phone_enc: string;
  phone_hash: string;
  created_at: number;
  expires_at: number;
}

export type ReportTargetType = 'book' | 'chapter' | 'comment' | 'site';
export type ReportReason = 'infringement' | 'illegal' | 'plagiarism';
/** submitted → in_review (a staff member took it) ⇄ need_more (asked the informer) → closed. */
export type ReportState = 'submitted' | 'in_review' | 'need_more' | 'closed';
export type ReportDecision = 'upheld' | 'rejected';

export interface ReportCaseTable {
  id: Generated<number>;
  client_id: number;
  case_no: string;
  phone_enc: string;
  phone_hash: string;
  informer_account_id: number | null;
  target_type: ReportTargetType;
  book_id: number | null;
  /** A chapter or comment id, or the outside site's address. */
  target_ref: string;
  /** The reported book's (and chapter's) title when the case was filed. */
  target_title: string;
  reason: ReportReason;
  original_url: string;
  description: string;
  state: ReportState;
  decision: ReportDecision | null;
  assignee_account_id: number | null;
  created_at: number;
  updated_at: number;
}

export type ReportStepKind = 'submitted' | 'assigned' | 'asked' | 'supplied' | 'decided';

export interface ReportCaseStepTable {
  id: Generated<number>;
  case_id: number;
  kind: ReportStepKind;
  note: string;
  staff_account_id: number | null;
  created_at: number;
}

export interface ReportEvidenceTable {
  id: Generated<number>;
  client_id: number;
  phone_hash: string;
  case_id: number | null;
  storage_key: string;
  name: string;
  mime: string;
  size: number;
  created_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    report_informers: ReportInformerTable;
    report_cases: ReportCaseTable;
    report_case_steps: ReportCaseStepTable;
    report_evidence: ReportEvidenceTable;
  }
}

/** Tables of personal information and online signing (migration 202612010000_contracts). */

import type { ContractStatus, IdDocType } from '@author-centre/shared';
import type { Generated } from 'kysely';

export interface AuthorProfileTable {
  user_id: number;
  client_id: number;
  qq_enc: string | null;
  email_enc: string | null;
  wx_no_enc: string | null;
  emergency_name_enc: string | null;
  relationship: string | null;
  relationship_phone_enc: string | null;
  province_code: string | null;
  city_code: string | null;
  address_enc: string | null;
  id_type: IdDocType | null;
  doc_enc: string | null;
  doc_hash: string | null;
  birth_date: string | null;
  id_photo_front: string | null;
  id_photo_back: string | null;
  identity_at: number | null;
  updated_at: number;
}

/** draft (saved, not committed) → pending (under review) → active, or refused; the active card it replaces → superseded. */
export type BankCardStatus = 'active' | 'draft' | 'pending' | 'superseded' | 'refused';

export interface BankCardTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  status: BankCardStatus;
  bank_num_enc: string;
  bank_num_mask: string;
  account_name_enc: string;
  bank_name: string;
  bank_branch: string;
  bank_phone_enc: string;
  reason: string | null;
  review_reason: string | null;
  reviewer_account_id: number | null;
  reviewed_at: number | null;
  state_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface DeliveryAddressTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  name_enc: string;
  phone_enc: string;
  province_code: string;
  city_code: string;
  address_enc: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

export interface ContractTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  account_id: number;
  book_id: number;
  status: ContractStatus;
  step: string;
  steps: string;
  share_permille: number | null;
  guarantee_fen_per_month: number | null;
  term_months: number | null;
  parties_enc: string | null;
  signature_key: string | null;
  pdf_key: string | null;
  signed_pdf_key: string | null;
  pdf_sha256: string | null;
  signed_sha256: string | null;
  verify_code: string | null;
  audit: string;
  refuse_reason: string | null;
  reviewer_account_id: number | null;
  submitted_at: number | null;
  reviewed_at: number | null;
  signed_at: number | null;
  express_company: number | null;
  express_no: string | null;
  express_address_id: number | null;
  express_at: number | null;
  superseded_by: number | null;
  open_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface BookApplicationTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  book_id: number;
  kind: 'sale' | 'guarantee';
  status: 'pending' | 'approved' | 'refused';
  note: string;
  amount_fen: number | null;
  review_reason: string | null;
  reviewer_account_id: number | null;
  reviewed_at: number | null;
  pending_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface PenNameChangeTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  old_pen_name: string;
  new_pen_name: string;
  created_at: number;
}

export interface PlatformCertificateTable {
  id: Generated<number>;
  name: string;
  p12_enc: string;
  created_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    author_profiles: AuthorProfileTable;
    bank_cards: BankCardTable;
    delivery_addresses: DeliveryAddressTable;
    contracts: ContractTable;
    book_applications: BookApplicationTable;
    platform_certificates: PlatformCertificateTable;
    pen_name_changes: PenNameChangeTable;
  }
}

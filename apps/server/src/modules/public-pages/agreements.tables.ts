/** Tables of agreements (migration 202612060003_agreements). */

import type { Generated } from 'kysely';

export const AGREEMENT_KINDS = ['privacy', 'user', 'publish'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export interface AgreementTable {
  id: Generated<number>;
  client_id: number;
  kind: AgreementKind;
  version: number;
  title: string;
  content_html: string;
  /** From when this version is the one in force (the newest version whose time has come). */
  effective_at: number;
  created_by: number | null;
  created_at: number;
}

export interface AgreementAcceptanceTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  account_id: number;
  agreement_id: number;
  kind: AgreementKind;
  version: number;
  ip: string;
  accepted_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    agreements: AgreementTable;
    agreement_acceptances: AgreementAcceptanceTable;
  }
}

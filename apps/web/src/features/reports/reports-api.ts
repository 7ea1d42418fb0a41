import { apiPost, apiUpload } from '../../platform/api.ts';

export type ReportState = 'submitted' | 'in_review' | 'need_more' | 'closed';
export type ReportDecision = 'upheld' | 'rejected';
export type TargetType = 'book' | 'chapter' | 'comment' | 'site';
export type Reason = 'infringement' | 'illegal' | 'plagiarism';

export interface Evidence {
  id: number;
  name: string;
  mime: string;
  size: number;
}

export interface ReportCase {
  case_no: string;
  state: ReportState;
  decision: ReportDecision | null;
  target_type: TargetType;
  target_title: string;
  target_ref: string;
  reason: Reason;
  original_url: string;
  description: string;
  created_at: number;
  updated_at: number;
  steps: { kind: 'submitted' | 'assigned' | 'asked' | 'supplied' | 'decided'; note: string; created_at: number }[];
  evidence: Evidence[];
}

export type CaseSummary = Pick<
  ReportCase,
  'case_no' | 'state' | 'decision' | 'target_type' | 'target_title' | 'reason' | 'created_at' | 'updated_at'
>;

const quiet = { silent: true };

export const verifyInformer = (phone: string, code: string) =>
  apiPost<{ token: string; phone: string; expires_in: number }>('/api/report/informer-verify', { phone, code }, quiet);

/** The file goes as plain bytes: the server decides what it is by its content, not its name or type. */
export const uploadEvidence = (token: string, file: File) =>
  apiUpload<Evidence>(
    '/api/report/upload',
    new Blob([file], { type: 'application/octet-stream' }),
    { token, file_name: file.name },
    quiet,
  );

export const submitReport = (body: Record<string, unknown>) => apiPost<ReportCase>('/api/report/submit', body, quiet);

export const followCase = (token: string, caseNo: string) =>
  apiPost<ReportCase>('/api/report/case', { token, case_no: caseNo }, quiet);

export const casesOf = (token: string) => apiPost<{ list: CaseSummary[] }>('/api/report/cases', { token }, quiet);

export const supplyCase = (token: string, caseNo: string, note: string, evidenceIds: number[]) =>
  apiPost<ReportCase>(
    '/api/report/supply',
    { token, case_no: caseNo, note, evidence_ids: evidenceIds.join(',') },
    quiet,
  );

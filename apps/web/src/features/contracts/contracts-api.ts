import type { ContractStatus, IdDocType, SignStep } from '@author-centre/shared/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLocale } from '../../i18n/index.ts';
import { apiGet } from '../../platform/api.ts';
import { ApiError } from '../../platform/api-error.ts';
import { reactToError } from '../../platform/api-reactions.ts';
import { type Params, signRequest } from '../../platform/request-signing.ts';
import { getSecret } from '../../platform/secret.ts';
import { serverNow } from '../../platform/server-time.ts';

/** Types and Query hooks of personal information and online signing (server module `contracts`). */

export const PATHS = {
  provinces: '/api/online-sign/get-district',
  basic: '/api/pc/v1/author/basic-data',
  saveBasic: '/api/pc/v3/author/save-basic-data',
  changePenName: '/api/pc/v1/author/change-pen-name',
  avatar: '/api/pc/v1/author/upload-avatar',
  relationship: '/api/pc/v3/author/update-relationship',
  identity: '/api/pc/v3/author/identity-card-info',
  saveIdentity: '/api/pc/v3/author/save-identity-card-info',
  idPhoto: '/api/online-sign/upload-water-image',
  bank: '/api/pc/v1/bank-card/get',
  bindBank: '/api/pc/v1/bank-card/create',
  bankLog: '/api/pc/v1/bank-card/log',
  changeSave: '/api/author-change-card/save-info',
  changeCommit: '/api/author-change-card/commit',
  addresses: '/api/pc/v3/author/delivery-address-list',
  saveAddress: '/api/pc/v3/author/delivery-address-update',
  deleteAddress: '/api/pc/v1/author/delete-delivery-address',
  getStep: '/api/online-sign/get-step',
  apply: '/api/author-book/apply-direct-sign',
  preConfirm: '/api/online-sign/pre-confirm',
  reapply: '/api/online-sign/reapply',
  contracts: '/api/pc/v1/sign-contracts/list',
  download: '/api/pc/v1/sign-contracts/download',
  verify: '/api/pc/v1/sign-contracts/verify',
} as const;

export interface Province {
  code: string;
  name: string;
  cities: Array<{ code: string; name: string }>;
}

export interface BasicData {
  pen_name: string;
  /** When the pen name may next change; null: now. */
  pen_name_next_change_at: number | null;
  avatar: string;
  phone: string;
  province: string;
  city: string;
  province_name: string;
  city_name: string;
  relationship: string;
  relationship_phone_mask: string;
  /** The owner's contact values in full (sent rules-encrypted; the client decrypts). */
  contact: {
    qq: string;
    email: string;
    wx_no: string;
    address: string;
    emergency_name: string;
    relationship_phone: string;
  };
}

export interface Identity {
  id_type: IdDocType;
  verified: boolean;
  real_name: string;
  real_name_mask: string;
  id_number: string;
  id_number_mask: string;
  adult: boolean | null;
  photo_front: boolean;
  photo_back: boolean;
}

export interface BankCardView {
  id: number;
  status: 'active' | 'draft' | 'pending' | 'superseded' | 'refused';
  bank_num?: string;
  bank_num_mask: string;
  account_name: string;
  bank_name: string;
  bank_branch: string;
  bank_phone: string;
  reason: string;
  review_reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export interface BankCard {
  bound: boolean;
  card: BankCardView | null;
  change: BankCardView | null;
  /** The latest card change an editor refused (masked, with the editor's reason), until a newer one. */
  refused_change: Omit<BankCardView, 'bank_num'> | null;
}

export interface Address {
  id: number;
  name: string;
  phone: string;
  phone_mask: string;
  province: string;
  city: string;
  province_name: string;
  city_name: string;
  address: string;
  is_default: boolean;
}

export interface Contract {
  id: number;
  contract_no: string;
  book_id: number;
  book_title?: string;
  status: ContractStatus;
  status_label: string;
  step: SignStep;
  steps: Partial<Record<SignStep, Record<string, unknown>>>;
  share_permille: number | null;
  guarantee_fen_per_month: number | null;
  term_months: number | null;
  refuse_reason: string;
  verify_code: string | null;
  submitted_at: number | null;
  reviewed_at: number | null;
  signed_at: number | null;
  express_company: number | null;
  express_company_label: string;
  express_no: string;
  express_at: number | null;
  can_download: boolean;
  success_text: string;
}

export interface SignState {
  condition: {
    book: { id: number; title: string; kind: string; published_words: number };
    threshold: number;
    condition_text: string;
    words_missing: number;
    words_ok: boolean;
    need_real_name: boolean;
    real_name_ok: boolean;
    need_pay_point: boolean;
    pay_point_ok: boolean;
    can_apply: boolean;
  };
  contract: Contract | null;
  steps: SignStep[];
  options: { share_permille: number[]; term_months: number[]; guarantee_fen_per_month: number };
}

export interface Verification {
  contract_no: string;
  book_title: string;
  status: ContractStatus;
  status_label: string;
  signed_at: number;
  signed_sha256: string;
  certificate: { subject: string; fingerprint: string } | null;
  audit: Array<{ label: string; actor: string; at: number; ip: string; before: string | null; after: string | null }>;
  file_sha256: string | null;
  matches: boolean | null;
}

export interface BookApplication {
  id: number;
  book_id: number;
  kind: 'sale' | 'guarantee';
  kind_label: string;
  status: 'pending' | 'approved' | 'refused';
  status_label: string;
  note: string;
  amount_fen: number | null;
  review_reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export const CONTRACTS_QUERY = 'contracts';

export const useBookApplications = (bookId: number) =>
  useQuery({
    queryKey: [CONTRACTS_QUERY, 'applications', bookId],
    queryFn: ({ signal }) =>
      apiGet<{ list: BookApplication[]; on_sale_at: number | null }>(
        '/api/pc/v1/book/applications',
        { book_id: bookId },
        { signal },
      ),
    enabled: bookId > 0,
  });

export function useProvinces() {
  return useQuery({
    queryKey: [CONTRACTS_QUERY, 'provinces'],
    queryFn: ({ signal }) => apiGet<{ provinces: Province[] }>(PATHS.provinces, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useBasicData = () =>
  useQuery({
    queryKey: [CONTRACTS_QUERY, 'basic'],
    queryFn: ({ signal }) => apiGet<BasicData>(PATHS.basic, undefined, { signal }),
  });
export const useIdentity = () =>
  useQuery({
    queryKey: [CONTRACTS_QUERY, 'identity'],
    queryFn: ({ signal }) => apiGet<Identity>(PATHS.identity, undefined, { signal }),
  });
export const useBankCard = () =>
  useQuery({
    queryKey: [CONTRACTS_QUERY, 'bank'],
    queryFn: ({ signal }) => apiGet<BankCard>(PATHS.bank, undefined, { signal }),
  });
export const useBankLog = (enabled: boolean) =>
  useQuery({
    queryKey: [CONTRACTS_QUERY, 'bank-log'],
    queryFn: ({ signal }) => apiGet<{ list: BankCardView[] }>(PATHS.bankLog, undefined, { signal }),
    enabled,
  });
export const useAddresses = () =>
  useQuery({
    queryKey: [CONTRACTS_QUERY, 'addresses'],
    queryFn: ({ signal }) => apiGet<{ list: Address[] }>(PATHS.addresses, undefined, { signal }),
  });
export const useSignState = (bookId: number) =>
  useQuery({
    queryKey: [CONTRACTS_QUERY, 'step', bookId],
    queryFn: ({ signal }) => apiGet<SignState>(PATHS.getStep, { book_id: bookId }, { signal }),
    enabled: bookId > 0,
  });
export const useMyContracts = () =>
  useQuery({
    queryKey: [CONTRACTS_QUERY, 'list'],
    queryFn: ({ signal }) => apiGet<{ list: Contract[] }>(PATHS.contracts, undefined, { signal }),
  });

export function useInvalidateContracts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [CONTRACTS_QUERY] });
}

/**
 * Fetches a file from a signed GET and saves it (a contract PDF). Fetched, not followed: a refusal
 * is handled like any call's (§8) instead of replacing the app with the raw error reply.
 */
export async function downloadSigned(
  path: string,
  params: Params,
  fallbackName: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const { secret } = await getSecret();
  const signed = signRequest({ method: 'GET', path, params }, secret, serverNow());
  let response: Response;
  try {
    response = await fetch(signed.url, { credentials: 'include', headers: { 'x-lang': currentLocale(), ...headers } });
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
  const name = disposition ? decodeURIComponent(disposition[1]) : fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../platform/api.ts';

/** Types and Query hooks of income and book data (server: apps/server/src/modules/income). */

export interface RangeParams {
  days?: 7 | 30 | 90;
  start_date?: string;
  end_date?: string;
  book_id?: number;
}

/** Every estimate page: its lines, their total, and where the figures stand. */
export interface EstimateReply<L> {
  status: 'estimate';
  status_label: string;
  cut_off_at: number | null;
  note: string;
  start_date: string;
  end_date: string;
  list: L[];
  total: Record<string, number>;
  adds_up: boolean;
}

export type DayLine = { date: string } & Record<string, number>;

export interface MonthLine {
  month: string;
  total_fen: number;
  status: 'final';
  status_label: string;
  due_date: string;
  released_at: number;
  payout_status: 'to_confirm' | 'due' | 'paid';
  payout_label: string;
}

export interface MonthBalance {
  list: MonthLine[];
  total: { total_fen: number };
  adds_up: boolean;
  current: {
    month: string;
    status: 'estimate';
    status_label: string;
    estimate_fen: number;
    cut_off_at: number | null;
    note: string;
  };
}

export interface StatementLine {
  book_id: number;
  book_title: string;
  kind: 'share' | 'guarantee' | 'welfare' | 'correction';
  for_month: string;
  revenue_fen: number;
  amount_fen: number;
  note: string;
}

export interface Statement {
  month: string;
  status: 'final';
  total_fen: number;
  due_date: string;
  confirmed_at: number | null;
  paid_at: number | null;
  payout_status: MonthLine['payout_status'];
  payout_label: string;
  /**
   * The card it is paid to, masked: once paid, the card recorded at payment (a card bound later does
   * not change it); before, the card bound now. Null when there is none.
   */
  payee_card: { bank_name: string; bank_num_mask: string; holder_mask: string } | null;
  payee_card_label: string;
  list: StatementLine[];
  adds_up: boolean;
  rounding: string;
}

export interface BookOption {
  id: number;
  title: string;
  kind: string;
}

const clean = (p: RangeParams) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Record<string, string | number>;

export function useEstimate<L = DayLine>(path: string, params: RangeParams, enabled = true) {
  return useQuery({
    queryKey: ['income', path, params],
    queryFn: ({ signal }) => apiGet<EstimateReply<L>>(path, clean(params), { signal }),
    enabled,
  });
}

export function useBooks() {
  return useQuery({
    queryKey: ['income', 'books'],
    queryFn: ({ signal }) => apiGet<{ list: BookOption[] }>('/api/pc/v1/global/book-list', {}, { signal }),
    select: (d) => d.list.filter((b) => b.kind !== 'screenplay'),
  });
}

export function useMonthBalance() {
  return useQuery({
    queryKey: ['income', 'month-balance'],
    queryFn: ({ signal }) => apiGet<MonthBalance>('/api/profit/month-balance', {}, { signal }),
  });
}

export interface ZhMonthLine {
  month: string;
  book_id: number;
  book_title: string;
  /** share: the zh revenue at the contract rate; guarantee, welfare, correction: the book's whole month. */
  kind: 'share' | 'guarantee' | 'welfare' | 'correction';
  /** The zh revenue: of the month (share lines), the zh part of the late revenue (corrections); 0 on the others. */
  partner_fen: number;
  share_permille: number | null;
  amount_fen: number;
  note: string;
  status: 'final' | 'estimate';
  status_label: string;
}

export interface ZhMonthBalance {
  site_kind: 'zh';
  list: ZhMonthLine[];
  total: { partner_fen: number; amount_fen: number };
  by_kind: Array<{ kind: ZhMonthLine['kind']; amount_fen: number }>;
  adds_up: boolean;
  cut_off_at: number | null;
  note: string;
}

export function useZhMonthBalance() {
  return useQuery({
    queryKey: ['income', 'zh-month-balance'],
    queryFn: ({ signal }) => apiGet<ZhMonthBalance>('/api/profit/zong-heng-month-balance', {}, { signal }),
  });
}

export function useStatement(month: string | null) {
  return useQuery({
    queryKey: ['income', 'statement', month],
    queryFn: ({ signal }) => apiGet<Statement>('/api/profit/detail', { month: month as string }, { signal }),
    enabled: !!month,
  });
}

export function useConfirmStatement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => apiPost<{ month: string }>('/api/v2/profit/profit-confirm', { month }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['income'] }),
  });
}

export function useRoyaltyBalance() {
  return useQuery({
    queryKey: ['income', 'royalty-balance'],
    queryFn: ({ signal }) =>
      apiGet<{
        list: Array<{ key: string; label: string; amount_fen: number }>;
        total: { amount_fen: number };
        adds_up: boolean;
      }>('/api/profit/royalty-balance', {}, { signal }),
  });
}

export function useWelfare() {
  return useQuery({
    queryKey: ['income', 'welfare'],
    queryFn: ({ signal }) =>
      apiGet<{
        rules: Array<{ key: string; name: string; condition: string; amount_fen: number }>;
        list: Array<{ month: string; book_id: number; book_title: string; amount_fen: number; note: string }>;
        total: { amount_fen: number };
        adds_up: boolean;
        current_month: {
          month: string;
          books: Array<{ book_id: number; book_title: string; month_words: number; days_updated: number }>;
        };
      }>('/api/profit/welfare-detail', {}, { signal }),
  });
}

/** Fen as yuan with two decimals: 123456 → '1,234.56'. Integer arithmetic only. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

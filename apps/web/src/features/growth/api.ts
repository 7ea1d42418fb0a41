/** What the growth pages read (server: apps/server/src/modules/growth). */

export interface LevelInfo {
  level: number;
  level_txt: string;
  growth: number;
  sources: { words: number; update_days: number; readers: number; signed: number; badges: number; total: number };
  weights: { per_thousand_words: number; per_update_day: number; per_ten_readers: number; signed: number };
  next: { level: number; level_txt: string; min_growth: number; needed: number } | null;
  progress: number;
  surpass_txt: string;
  levels: { level: number; level_txt: string; min_growth: number | null }[];
  rights: Right[];
}

export interface Right {
  id: number;
  level: number;
  title: string;
  description: string;
  needs_apply: boolean;
  reached: boolean;
  held: boolean;
  can_apply: boolean;
  application: { id: number; status: 'pending' | 'approved' | 'refused'; review_note: string } | null;
}

export type LeaveStatus = 'pending' | 'approved' | 'refused' | 'cancelled';

export interface LeaveList {
  list: {
    id: number;
    start_day: string;
    end_day: string;
    days: number;
    reason: string;
    status: LeaveStatus;
    review_note: string;
    can_cancel: boolean;
  }[];
  quota: { level: number; per_month: number; used: number };
  max_days: number;
  today: string;
}

export interface BadgeRule {
  kind: string;
  threshold: number;
  current: number;
}

/** Tables of growth (migration 202612070001_growth): badge rules, growth facts, level rights, leave. */

import type { Generated } from 'kysely';
import '../rewards/rewards.tables.ts';

export const BADGE_RULE_KINDS = [
  'chapters',
  'words',
  'streak',
  'update_days',
  'signed',
  'subscriptions',
  'readers',
  'graduated',
] as const;
export type BadgeRuleKind = (typeof BADGE_RULE_KINDS)[number];

export interface BadgeRuleTable {
  id: Generated<number>;
  client_id: number;
  badge_id: number;
  kind: BadgeRuleKind;
  threshold: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** Facts reported by other modules; the event key makes a replay count nothing twice. */
export interface GrowthEventTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  fact: 'subscriptions' | 'readers';
  amount: number;
  event_key: string;
  created_at: number;
}

export interface LevelRightTable {
  id: Generated<number>;
  client_id: number;
  level: number;
  title: string;
  description: string;
  needs_apply: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export type ReviewStatus = 'pending' | 'approved' | 'refused';

export interface RightApplicationTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  right_id: number;
  note: string;
  status: ReviewStatus;
  review_note: string;
  created_at: number;
  reviewed_at: number | null;
}

export type LeaveStatus = ReviewStatus | 'cancelled';

export interface LeaveRequestTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  /** Asia/Shanghai 'YYYY-MM-DD', inclusive. */
  start_day: string;
  end_day: string;
  days: number;
  reason: string;
  status: LeaveStatus;
  review_note: string;
  created_at: number;
  reviewed_at: number | null;
  noticed_at: number | null;
}

export interface LeaveRuleTable {
  client_id: number;
  /** JSON: days a month per level, {"1": 3, "default": 3}. */
  quotas: string;
  auto_approve: number;
  /** The most days one request may cover. */
  max_days: number;
  updated_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    badge_rules: BadgeRuleTable;
    growth_events: GrowthEventTable;
    level_rights: LevelRightTable;
    right_applications: RightApplicationTable;
    leave_requests: LeaveRequestTable;
    leave_rules: LeaveRuleTable;
  }
}

export type ExamKind = 'answer' | 'camp';
export type QuestionType = 'single' | 'multiple' | 'judge';

export interface ExamPaperTable {
  id: Generated<number>;
  client_id: number;
  kind: ExamKind;
  title: string;
  period_name: string;
  time_limit_s: number;
  pass_score: number;
  excellent_score: number;
  max_attempts: number;
  retake_wait_ms: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface ExamQuestionTable {
  id: Generated<number>;
  client_id: number;
  paper_id: number;
  type: QuestionType;
  stem: string;
  options: string;
  /** Never sent to the browser before the paper is submitted. */
  answer: string;
  explanation: string;
  score: number;
  sort: number;
  /** Removed in the console (202612110001): no longer on the paper; past attempts keep their answers and scores. */
  removed_at: number | null;
}

export interface ExamAttemptTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  paper_id: number;
  started_at: number;
  deadline_at: number;
  answers: string;
  submitted_at: number | null;
  score: number | null;
  passed: number | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    exam_papers: ExamPaperTable;
    exam_questions: ExamQuestionTable;
    exam_attempts: ExamAttemptTable;
  }
}

export interface CampPeriodTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  start_day: string;
  end_day: string;
  lessons_required: number;
  words_goal: number;
  chapters_goal: number;
  created_at: number;
}

export interface CampLessonTable {
  id: Generated<number>;
  client_id: number;
  period_id: number;
  title: string;
  kind: 'video' | 'article';
  content: string;
  starts_at: number;
  capacity: number;
}

export interface CampMemberTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  period_id: number;
  status: 'learning' | 'delayed' | 'graduated';
  joined_at: number;
}

export interface CampAppointmentTable {
  id: Generated<number>;
  client_id: number;
  lesson_id: number;
  account_id: number;
  created_at: number;
  attended_at: number | null;
  repair: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    camp_periods: CampPeriodTable;
    camp_lessons: CampLessonTable;
    camp_members: CampMemberTable;
    camp_appointments: CampAppointmentTable;
  }
}

export interface CollegeArticleTable {
  id: Generated<number>;
  client_id: number;
  category: string;
  title: string;
  summary: string;
  body: string;
  views: number;
  published: number;
  created_at: number;
  updated_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    college_articles: CollegeArticleTable;
  }
}

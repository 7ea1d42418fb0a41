/**
 * Payloads of the author's home, messages and the global pop-ups (issue 4; spec §3 "Badge pop data",
 * "Graduate data", "Author-level upgrade", "Home model list"). The server answers them, the web app
 * reads them.
 */

export interface TalkLine {
  content: string;
  author: string;
}

/** The parts of a badge item the envelope shows (§3 "fields"). */
export type BadgeField = 'title' | 'image' | 'talk' | 'advanceText' | 'tips';
export const BADGE_FIELDS: readonly BadgeField[] = ['title', 'image', 'talk', 'advanceText', 'tips'];

export interface BadgeItem {
  id: number;
  title: string;
  /** One address, or several (frames of an animated badge). */
  image: string | string[];
  advance_text: string;
  desc: string;
  tips: string;
  /** Asia/Shanghai date the badge was awarded, 'YYYY-MM-DD'. */
  date: string;
  talk: TalkLine;
  /** Growth value this badge adds ('+growth value' note); 0 shows no note. */
  author_level_score: number;
}

export interface BadgePopData {
  show: boolean;
  list: BadgeItem[];
  fields: BadgeField[];
  /** 'more' (default): a 'view more badges' link; 'fireworks': the button fires confetti. */
  btnType: 'more' | 'fireworks';
  /** '1' (default): the envelope opens with its animation; '0': shown opened. */
  animation: '1' | '0';
  button_text: string;
  /** Total growth value of the listed badges. */
  author_level_score: number;
}

export const BADGE_POP_DEFAULTS = {
  btnType: 'more',
  animation: '1',
  button_text: '太棒了',
} as const satisfies Pick<BadgePopData, 'btnType' | 'animation' | 'button_text'>;

/** A writing-camp graduation waiting to be seen (§3 "Graduate data"). */
export interface GraduateItem {
  id: number;
  /** '1' normal, anything else excellent. */
  level: string;
  period_name: string;
  date: string;
}

/** An author-level upgrade card (§3), from a level change (pop 2) or the home model list (pop 4). */
export interface LevelUpgradeItem {
  id: number;
  level: number;
  level_txt: string;
  surpass_txt: string;
  talk: TalkLine;
  /** Sent to HOME_MODEL_REPORT after a home-model card was shown; '' for level changes. */
  report_name: string;
  jump_url: string;
  bg_image_link: string;
}

export interface AccountSplitItem {
  account_id: number;
  pen_name: string;
}

export interface HomeModelList {
  common_model: LevelUpgradeItem[];
  account_split_model: AccountSplitItem[];
}

/** The pop-up fields the profile carries (merged into GET /api/author/profile). */
export interface PopupProfileFields {
  badges: BadgePopData;
  new_user_graduate: { list: GraduateItem[] };
  author_level_upgrade: { list: LevelUpgradeItem[] };
  /** Unread messages and notices together, for the header. */
  message_count: number;
}

export type WorkKind = 'novel' | 'short' | 'screenplay';

export interface HomeWork {
  book_id: number;
  title: string;
  kind: WorkKind;
  cover: string;
  /** A short state name, e.g. '连载中', and its machine value. */
  state: string;
  state_txt: string;
  words: number;
  chapters: number;
  updated_at: number;
}

export interface HomeActivity {
  id: number;
  title: string;
  summary: string;
  cover: string;
  url: string;
  starts_at: number;
  ends_at: number;
}

/** GET /api/author/index. */
export interface HomeIndex {
  author: { account_id: number; pen_name: string; avatar: string; level: number; sign_flag: number };
  words: { today: number; month: number };
  works: HomeWork[];
  /** False when the works module could not answer: the home says so instead of showing zeros as facts. */
  works_available: boolean;
  unread: { message: number; notice: number };
  badges: { count: number; recent: Pick<BadgeItem, 'id' | 'title' | 'image' | 'date'>[] };
  activities: HomeActivity[];
  server_time: number;
}

/** GET /api/author/date-calendar (works module): words published per Shanghai day of a month. */
export interface DateCalendar {
  month: string;
  today: string;
  total: number;
  /** Consecutive days with published words, ending today (or yesterday). */
  streak: number;
  days: { date: string; words: number; chapters: number; updated: boolean; future: boolean }[];
}

export type NewsType = 'message' | 'notice';

export interface NewsItem {
  id: number;
  type: NewsType;
  category: string;
  title: string;
  /** The first characters of the content, as plain text. */
  summary: string;
  is_read: boolean;
  pinned: boolean;
  created_at: number;
}

export interface NewsDetail extends NewsItem {
  /** Messages: plain text; notices: limited HTML. */
  content: string;
  link: string;
  sender: string;
}

export interface NewsList {
  list: NewsItem[];
  total: number;
  page: number;
  page_size: number;
  unread: number;
}

export interface UnreadCounts {
  message: number;
  notice: number;
  total: number;
}

/** GLOBAL_CHECK_ENV (§3 "Environment check"). */
export interface EnvCheck {
  /** 1: the request comes from outside the brand's service region (the web warns once and stops polling). */
  env: number;
  ip: string;
}

export interface BranchEntry {
  branchName: string;
  lastMergeTime: string;
  current: boolean;
}

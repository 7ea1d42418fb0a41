/** Tables of badges, level changes, graduations and home models (migration 202611241500_home_messages_rewards). */

import type { Generated } from 'kysely';

/** A badge a brand can award. */
export interface BadgeTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  /** One image address, or a JSON array of addresses. */
  image: string;
  advance_text: string;
  description: string;
  tips: string;
  talk_content: string;
  talk_author: string;
  /** Growth value the badge adds to the author level score ('+growth value' note). */
  growth_value: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A badge held by an author account; noticed_at is set once the badge envelope was seen. */
export interface AccountBadgeTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  badge_id: number;
  awarded_at: number;
  noticed_at: number | null;
}

/** An author-level change (pop 2); noticed_at is set by GET /api/author-level/noticed. */
export interface LevelChangeTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  from_level: number;
  level: number;
  level_txt: string;
  surpass_txt: string;
  talk_content: string;
  talk_author: string;
  bg_image_link: string;
  jump_url: string;
  created_at: number;
  noticed_at: number | null;
}

/** A writing-camp graduation (pop 7); noticed_at is set by the new-user noticed call. */
export interface GraduationTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  period_name: string;
  /** '1' normal, anything else excellent. */
  level: string;
  graduated_at: number;
  noticed_at: number | null;
}

/** A card of the home model list (pop 4); reported_at is set by HOME_MODEL_REPORT. */
export interface HomeModelTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  model: string;
  report_name: string;
  /** JSON of the level-upgrade fields. */
  payload: string;
  created_at: number;
  reported_at: number | null;
}

/** A brand's level catalogue: the texts of the level-upgrade pop-up (pop 2) for each level. */
export interface AuthorLevelTable {
  id: Generated<number>;
  client_id: number;
  level: number;
  level_txt: string;
  surpass_txt: string;
  talk_content: string;
  talk_author: string;
  bg_image_link: string;
  jump_url: string;
  /** The growth value that reaches this level (growth module); null: given only by hand. */
  min_growth: number | null;
  created_at: number;
  updated_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    badges: BadgeTable;
    account_badges: AccountBadgeTable;
    level_changes: LevelChangeTable;
    graduations: GraduationTable;
    home_models: HomeModelTable;
    author_levels: AuthorLevelTable;
  }
}

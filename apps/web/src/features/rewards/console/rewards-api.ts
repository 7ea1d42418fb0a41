/** The console's badge, level and graduation calls (server: modules/rewards/rewards-console.routes.ts). */

export const BADGES_PATH = '/api/admin/rewards/badges';
export const AWARDS_PATH = '/api/admin/rewards/awards';
export const LEVELS_PATH = '/api/admin/rewards/levels';
export const LEVEL_CHANGES_PATH = '/api/admin/rewards/level-changes';
export const GRADUATIONS_PATH = '/api/admin/rewards/graduations';
export const IMAGES_PATH = '/api/admin/rewards/images';

export interface Talk {
  content: string;
  author: string;
}

export interface Badge {
  id: number;
  title: string;
  image: string | string[];
  advance_text: string;
  desc: string;
  tips: string;
  talk: Talk;
  growth_value: number;
  sort: number;
  created_at: number;
  updated_at: number;
  award_count: number;
}

export interface Award {
  id: number;
  account_id: number;
  pen_name: string;
  badge_id: number;
  title: string;
  image: string;
  awarded_at: number;
  noticed_at: number | null;
}

export interface Level {
  id: number;
  level: number;
  level_txt: string;
  surpass_txt: string;
  talk: Talk;
  bg_image_link: string;
  jump_url: string;
  created_at: number;
  updated_at: number;
  authors: number;
}

export interface LevelChange {
  id: number;
  account_id: number;
  pen_name: string;
  from_level: number;
  level: number;
  level_txt: string;
  created_at: number;
  noticed_at: number | null;
}

export interface Graduation {
  id: number;
  account_id: number;
  pen_name: string;
  period_name: string;
  level: '1' | '2';
  graduated_at: number;
  noticed_at: number | null;
}

export const firstImage = (image: string | string[]) => (Array.isArray(image) ? (image[0] ?? '') : image);

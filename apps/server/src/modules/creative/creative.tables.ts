import type { Generated } from 'kysely';

export interface CoverFontTable {
  id: Generated<number>;
  client_id: number;
  /** The name authors see. */
  name: string;
  /** The fontconfig family the server renders with (e.g. 'Noto Serif CJK SC'). */
  family: string;
  weight: number;
  licence: string;
  licence_url: string;
  enabled: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface CoverTemplateTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  background_image: string | null;
  background_color: string;
  background_color2: string;
  /** JSON CoverSlots (packages/shared/src/cover.ts). */
  slots: string;
  enabled: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface CoverDesignTable {
  id: Generated<number>;
  client_id: number;
  book_id: number;
  cover_image: string;
  cover_image_2x: string;
  tpl_id: number;
  /** JSON CoverSetting. */
  tpl_setting: string;
  updated_at: number;
}

export interface ChapterIllustrationTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  book_id: number;
  chapter_id: number;
  paragraph_index: number;
  sort: number;
  image_url: string;
  caption: string;
  picture_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface AiPictureTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  book_id: number;
  chapter_id: number;
  paragraph_index: number;
  prompt: string;
  image_url: string;
  provider: string;
  model: string;
  created_at: number;
}

/** AI pictures a pen name used (made or being made) on an Asia/Shanghai day: the daily limit's reservations. */
export interface AiPictureDayTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  /** yyyy-mm-dd, Asia/Shanghai. */
  day: string;
  used: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    cover_fonts: CoverFontTable;
    cover_templates: CoverTemplateTable;
    cover_designs: CoverDesignTable;
    chapter_illustrations: ChapterIllustrationTable;
    ai_pictures: AiPictureTable;
    ai_picture_days: AiPictureDayTable;
  }
}

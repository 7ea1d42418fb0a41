import { STORAGE_KEYS } from '@author-centre/shared/constants';

/**
 * Every localStorage key the web app uses. The shared ones (§9: stored user, AI flag, time-tip date,
 * app-download prompts) come from packages/shared; the two below are the web app's own.
 */
export const WEB_STORAGE_KEYS = {
  ...STORAGE_KEYS,
  /** UI language chosen in the header: 'zh-CN' | 'en-US'. */
  language: 'ac:language',
  /** Chapter-editor skin on /front/book-upload and /front/book-upload/short: 'normal' | 'night' | 'eye'. */
  editorSkin: 'ac:editor-skin',
} as const;

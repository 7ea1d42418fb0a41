import { STORAGE_KEYS } from '@author-centre/shared/constants';

/**
 * Every localStorage key the web app uses. The shared ones (§9: stored user, AI flag, time-tip date,
 * app-download prompts) come from packages/shared; the ones below are the web app's own.
 */
export const WEB_STORAGE_KEYS = {
  ...STORAGE_KEYS,
  /** UI language chosen in the header: 'zh-CN' | 'en-US'. */
  language: 'ac:language',
  /** Chapter-editor skin on /front/book-upload and /front/book-upload/short: 'normal' | 'night' | 'eye'. */
  editorSkin: 'ac:editor-skin',
  /** The order chosen on a works list, per kind (`ac:book-list-sort:novel`…): 'updated' | 'created' | 'words' | 'custom'. */
  bookListSort: 'ac:book-list-sort',
  /** The brand a platform admin last chose in the console's brand switcher (a client id). */
  consoleClient: 'ac:console-client',
} as const;

import { useSyncExternalStore } from 'react';
import { readItem, subscribeItem, writeItem } from '../../platform/storage.ts';
import { WEB_STORAGE_KEYS } from '../../platform/storage-keys.ts';

/**
 * The chapter editor's skin (§2): /front/book-upload and /front/book-upload/short carry the class
 * `skin-normal`, `skin-night` or `skin-eye` on the page. The editor changes it with setEditorSkin().
 */
export const EDITOR_SKINS = ['normal', 'night', 'eye'] as const;
export type EditorSkin = (typeof EDITOR_SKINS)[number];

const SKINNED_PATHS = new Set(['/front/book-upload', '/front/book-upload/short']);
const KEY = WEB_STORAGE_KEYS.editorSkin;

export function readEditorSkin(): EditorSkin {
  const saved = readItem(KEY);
  return (EDITOR_SKINS as readonly string[]).includes(saved ?? '') ? (saved as EditorSkin) : 'normal';
}

export function setEditorSkin(skin: EditorSkin): void {
  writeItem(KEY, skin);
}

const subscribe = (onChange: () => void) => subscribeItem(KEY, onChange);

export function useEditorSkin(): EditorSkin {
  return useSyncExternalStore(subscribe, readEditorSkin, () => 'normal');
}

/** The skin class for this page, or undefined off the two editor pages. */
export function skinClassFor(pathname: string, skin: EditorSkin): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SKINNED_PATHS.has(path) ? `skin-${skin}` : undefined;
}

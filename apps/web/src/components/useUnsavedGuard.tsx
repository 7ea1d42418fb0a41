import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** What the leaving dialog says, in the page's own words. */
export interface UnsavedTexts {
  title: string;
  text: string;
  leave: string;
  stay: string;
}

/**
 * Unsaved text on a form page (a book's introduction, a screenplay's synopsis, a help article, a
 * brand's settings): leaving asks first,
 * inside the app (a link, Back) and on closing or reloading the tab. `setDirty(false)` before a
 * navigation of the page's own (after saving) lets it through: the flag is a ref, read at once.
 */
export function useUnsavedGuard(texts: UnsavedTexts): {
  dirty: boolean;
  isDirty: () => boolean;
  setDirty: (dirty: boolean) => void;
  dialog: ReactNode;
} {
  const dirtyRef = useRef(false);
  const [dirty, setDirtyState] = useState(false);
  const isDirty = useCallback(() => dirtyRef.current, []);
  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [dirty]);
  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={texts.title}
      plainTxt={texts.text}
      btnTxt={texts.leave}
      cancelBtnTxt={texts.stay}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { dirty, isDirty, setDirty, dialog };
}

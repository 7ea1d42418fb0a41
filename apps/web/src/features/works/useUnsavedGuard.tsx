import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { WORKS_NS } from './i18n.ts';

/**
 * Unsaved text on a form page (a book's introduction, a screenplay's synopsis): leaving asks first,
 * inside the app (a link, Back) and on closing or reloading the tab. `setDirty(false)` before a
 * navigation of the page's own (after saving) lets it through: the flag is a ref, read at once.
 */
export function useUnsavedGuard(text: string): {
  dirty: boolean;
  isDirty: () => boolean;
  setDirty: (dirty: boolean) => void;
  dialog: ReactNode;
} {
  const { t } = useTranslation(WORKS_NS);
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
      title={t('info.leaveTitle')}
      plainTxt={text}
      btnTxt={t('info.leave')}
      cancelBtnTxt={t('info.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { dirty, isDirty, setDirty, dialog };
}

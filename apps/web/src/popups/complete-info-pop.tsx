import { CompleteInfoDialog } from '../features/auth/CompleteInfoDialog.tsx';

/** Pop 1 opens the sign-in module's complete-author-info dialog (apps/web/src/features/auth). */
export function CompleteInfoPop({ onClose }: { onClose: () => void }) {
  return <CompleteInfoDialog open onClose={onClose} testId="complete-info-pop" />;
}

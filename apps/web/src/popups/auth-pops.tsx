import type { AccountSplitItem } from '@author-centre/shared/home-api';
import { CompleteInfoDialog } from '../features/auth/CompleteInfoDialog.tsx';
import { PenNameBindDialog } from '../features/auth/PenNameBindDialog.tsx';

/**
 * Pops 'account-split' and 1 open the sign-in module's flows: the pen-name phone binding dialog
 * and the complete-author-info dialog (apps/web/src/features/auth).
 */
export function AccountSplitPop({ onClose }: { accounts: AccountSplitItem[]; onClose: () => void }) {
  return <PenNameBindDialog open onClose={onClose} testId="account-split-pop" />;
}

export function CompleteInfoPop({ onClose }: { onClose: () => void }) {
  return <CompleteInfoDialog open onClose={onClose} testId="complete-info-pop" />;
}

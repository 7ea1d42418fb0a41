import type { AccountSplitItem } from '@author-centre/shared/home-api';
import { PenNameBindDialog } from '../features/auth/PenNameBindDialog.tsx';

/**
 * Pop 'account-split' opens the sign-in module's pen-name phone binding dialog (apps/web/src/features/auth).
 * Pop 1, the complete-author-info dialog, is in complete-info-pop.tsx: each downloads only when it shows.
 */
export function AccountSplitPop({ onClose }: { accounts: AccountSplitItem[]; onClose: () => void }) {
  return <PenNameBindDialog open onClose={onClose} testId="account-split-pop" />;
}

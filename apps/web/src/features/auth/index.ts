/** What other features open from sign-in: the account dialogs (the pop-up queue's pops 1 and 'account-split'). */

export { clearLocalUser, logout } from './auth-api.ts';
export { CompleteInfoDialog } from './CompleteInfoDialog.tsx';
export { HeaderAccount } from './HeaderAccount.tsx';
export { PenNameBindDialog } from './PenNameBindDialog.tsx';

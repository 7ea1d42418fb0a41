import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyAntd } from '../../app/antd-lazy.tsx';
import { useLoginStatus } from '../../platform/session.ts';
import { pendingAgreements } from './public-api.ts';

/** The dialog (antd) is downloaded only when a logged-in author has a version to accept. */
const AgreementDialog = lazyAntd(() => import('./AgreementDialog.tsx'), 'AgreementDialog');

export const PENDING_AGREEMENTS_KEY = ['agreements', 'pending'] as const;

/**
 * Mounted by the front layout: a logged-in author with an agreement version they have not accepted
 * is asked to accept it (once; the server records it). Visitors download and ask nothing.
 */
export function AgreementPrompt() {
  const login = useLoginStatus();
  const accountId = login.data?.logged_in ? login.data.account_id : null;
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: [...PENDING_AGREEMENTS_KEY, accountId],
    queryFn: ({ signal }) => pendingAgreements(signal),
    enabled: accountId !== null,
    staleTime: 5 * 60_000,
  });
  const list = pending.data?.list ?? [];
  if (accountId === null || list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AgreementDialog
        pending={list}
        onChange={(next) => queryClient.setQueryData([...PENDING_AGREEMENTS_KEY, accountId], { list: next })}
      />
    </Suspense>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/PageState.tsx';
import { PlainButton } from '../components/plain/Button.tsx';
import { StateResult } from '../components/StateResult.tsx';
import { loginUrl } from '../platform/login-redirect.ts';
import { useLoginStatus } from '../platform/session.ts';
import { needsLogin } from './route-access.ts';
import { useCurrentRoute } from './route-meta.ts';

/**
 * Sends a visitor on a protected page to `/front/register-login/login?redirect=<path>&<query>`
 * (§2). Public pages render at once; protected ones wait for the login status.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const location = useLocation();
  const status = useLoginStatus();

  if (!needsLogin(route, location.pathname)) return children;
  if (status.data) {
    if (status.data.logged_in) return children;
    return <Navigate to={loginUrl(location.pathname, location.search)} replace />;
  }
  if (status.isError) {
    return (
      <StateResult
        status="warning"
        title={t('app.loginStatusFailed')}
        subTitle={t('app.loginStatusFailedDesc')}
        extra={
          <PlainButton type="primary" loading={status.isFetching} onClick={() => void status.refetch()}>
            {t('common.retry')}
          </PlainButton>
        }
      />
    );
  }
  return <PageLoading />;
}

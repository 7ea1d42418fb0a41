import { ErrorCode } from '@author-centre/shared/errors';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LinkButton } from '../components/LinkButton.tsx';
import { logout } from '../features/auth/index.ts';
import { apiGet } from '../platform/api.ts';
import { ApiError } from '../platform/api-error.ts';
import { errorMessage } from '../platform/api-reactions.ts';
import { profileQuery } from '../platform/author-profile.ts';
import { loginUrl } from '../platform/login-redirect.ts';
import { ConsoleLayout } from './ConsoleLayout.tsx';
import type { Staff } from './console-api.ts';
import './i18n.ts';
import './console.css';

/** The staff member's own identity: asked without a brand switch, so it always answers for their own brand. */
export const STAFF_QUERY_KEY = ['console-staff'];

/**
 * /admin: the operations console. A visitor is sent to the login page (and back here after), an
 * author sees why they cannot enter, an editor or admin gets the console.
 */
export default function ConsoleApp() {
  const { t } = useTranslation();
  const location = useLocation();
  const staff = useQuery({
    queryKey: STAFF_QUERY_KEY,
    queryFn: ({ signal }) => apiGet<Staff>('/api/admin/me', undefined, { signal, silent: true }),
    retry: false,
    staleTime: 60_000,
  });

  if (staff.isPending) {
    return (
      <div className="ac-console-center">
        <Spin size="large" />
      </div>
    );
  }
  if (staff.isError) {
    const error = staff.error;
    if (error instanceof ApiError && (error.status === 401 || error.code === ErrorCode.sessionExpired)) {
      return <Navigate replace to={loginUrl(location.pathname, location.search)} />;
    }
    if (error instanceof ApiError && error.status === 403) return <ConsoleForbidden />;
    return (
      <div className="ac-console-center">
        <Result
          status="warning"
          title={t('console.loadFailed')}
          subTitle={errorMessage(error)}
          extra={
            <Button type="primary" onClick={() => void staff.refetch()}>
              {t('console.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return <ConsoleLayout staff={staff.data} />;
}

function ConsoleForbidden() {
  const { t } = useTranslation();
  const location = useLocation();
  // The pen name the author is logged in with, so they know which account lacks the right.
  const profile = useQuery({ ...profileQuery, retry: false });
  return (
    <div className="ac-console-center">
      <Result
        status="403"
        title={t('console.forbidden.title')}
        subTitle={t('console.forbidden.desc', { penName: profile.data?.user.pen_name ?? '' })}
        extra={[
          <LinkButton key="back" type="primary" to="/front/index">
            {t('console.backToAuthor')}
          </LinkButton>,
          <Button
            key="switch"
            onClick={() =>
              void logout().then(() => window.location.assign(loginUrl(location.pathname, location.search)))
            }
          >
            {t('console.logout')}
          </Button>,
        ]}
      />
    </div>
  );
}

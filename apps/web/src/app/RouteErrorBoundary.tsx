import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoading } from '../components/PageState.tsx';
import { PlainButton } from '../components/plain/Button.tsx';
import { StateResult } from '../components/StateResult.tsx';

const NotFound = lazy(() => import('../components/NotFound.tsx'));

/** A page that crashed while rendering or whose code failed to download. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={<PageLoading />}>
        <NotFound />
      </Suspense>
    );
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="ac-card ac-result-page" role="alert">
      <StateResult
        status="error"
        title={t('app.pageLoadFailed')}
        subTitle={t('app.pageLoadFailedDesc')}
        extra={
          <PlainButton type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </PlainButton>
        }
      />
    </section>
  );
}

import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyAntd } from '../../app/antd-lazy.tsx';
import { PageLoading } from '../../components/PageState.tsx';
import { PlainButton } from '../../components/plain/Button.tsx';
import { StateResult } from '../../components/StateResult.tsx';
import { ApiError } from '../../platform/api-error.ts';
import { errorMessage } from '../../platform/api-reactions.ts';
import { PUBLIC_NS } from './i18n.ts';

/** The app's not-found page (antd), downloaded only when an unknown id is opened. */
const NotFound = lazyAntd(() => import('../../components/NotFound.tsx'), 'default');

/** Loading, not found (unknown or unpublished id) and failure of a public page, without antd. */
export function PublicState(props: { pending: boolean; error: unknown; notFound?: boolean; retry: () => void }) {
  const { t } = useTranslation(PUBLIC_NS);
  if (props.pending) return <PageLoading />;
  if (props.notFound || (props.error instanceof ApiError && props.error.status === 404)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <NotFound />
      </Suspense>
    );
  }
  return (
    <StateResult
      status="error"
      title={t('loadFailed')}
      subTitle={props.error instanceof ApiError ? errorMessage(props.error) : t('loadFailedDesc')}
      extra={
        <PlainButton type="primary" onClick={props.retry}>
          {t('retry')}
        </PlainButton>
      }
    />
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton.tsx';
import { PageLoading } from '../../components/PageState.tsx';
import { isApiError } from '../../platform/api-error.ts';
import { HELP_HOME_PATH } from './help-api.ts';
import { HELP_NS } from './i18n.ts';

/** Loading, not-found and failed states of a help-centre query. */
export function HelpQueryState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(HELP_NS);
  const { t: tc } = useTranslation();
  if (!error) return <PageLoading />;
  if (isApiError(error) && error.status === 404) {
    return (
      <Result
        status="404"
        title={t('notFound')}
        subTitle={t('notFoundDesc')}
        extra={
          <LinkButton type="primary" to={HELP_HOME_PATH}>
            {t('backHome')}
          </LinkButton>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title={t('loadFailed')}
      subTitle={isApiError(error) && error.title ? error.title : t('loadFailedDesc')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {tc('common.retry')}
        </Button>
      }
    />
  );
}

import { useTranslation } from 'react-i18next';
import { Spinner } from './plain/Spinner.tsx';

/** The loading state of a page or a page's content area. */
export function PageLoading({ tip }: { tip?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ac-page-state" role="status" aria-live="polite">
      <Spinner />
      <p>{tip ?? t('common.loading')}</p>
    </div>
  );
}

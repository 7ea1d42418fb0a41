import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The loading state of a page or a page's content area. */
export function PageLoading({ tip }: { tip?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ac-page-state" role="status" aria-live="polite">
      <Spin size="large" />
      <p>{tip ?? t('common.loading')}</p>
    </div>
  );
}

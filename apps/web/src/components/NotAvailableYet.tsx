import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../app/route-meta.ts';
import { LinkButton } from './LinkButton.tsx';

/**
 * The honest placeholder for a route whose capability another issue delivers. That issue gives
 * the route a `page` in app/route-table.ts, and this stops showing there.
 */
export default function NotAvailableYet() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <section className="ac-card ac-result-page" aria-labelledby="not-available-title">
      <Result
        status="info"
        title={<h1 id="not-available-title">{title}</h1>}
        subTitle={
          <>
            <strong className="ac-result-page__lead">{t('notAvailable.title')}</strong>
            <span>{t('notAvailable.desc', { page: title })}</span>
          </>
        }
        extra={
          <LinkButton type="primary" to="/front/index">
            {t('common.backHome')}
          </LinkButton>
        }
      />
    </section>
  );
}

import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton.tsx';

/** Unknown addresses under /front (and anywhere else) land here (§2). */
export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="ac-card ac-result-page" aria-labelledby="not-found-title">
      <Result
        status="404"
        title={<h1 id="not-found-title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.desc')}
        extra={
          <LinkButton type="primary" to="/front/index">
            {t('common.backHome')}
          </LinkButton>
        }
      />
    </section>
  );
}

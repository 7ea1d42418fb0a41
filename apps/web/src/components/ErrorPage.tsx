import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LinkButton } from './LinkButton.tsx';

/** /front/error (§2): where a missing interface (HTTP 404) sends the author. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // 'default' is the first page of this tab: going back would leave the author centre.
  const canGoBack = useLocation().key !== 'default';
  return (
    <section className="ac-card ac-result-page" aria-labelledby="error-page-title">
      <Result
        status="500"
        title={<h1 id="error-page-title">{t('errorPage.title')}</h1>}
        subTitle={t('errorPage.desc')}
        extra={
          <Space>
            <LinkButton type="primary" to="/front/index">
              {t('common.backHome')}
            </LinkButton>
            {canGoBack && <Button onClick={() => void navigate(-1)}>{t('common.goBack')}</Button>}
          </Space>
        }
      />
    </section>
  );
}

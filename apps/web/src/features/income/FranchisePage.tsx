import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrand } from '../../platform/brand.tsx';
import { INCOME_NS } from './i18n.ts';
import './income.css';

/**
 * franchise-settle (版权结算): settlements of rights licensed outside the reading sites (film, animation,
 * games, print, audio). Nothing on this platform records such licences yet, so the page says what
 * would be here, why it is empty, and where the author's royalties and a rights enquiry go instead.
 */
export default function FranchisePage() {
  const { t } = useTranslation(INCOME_NS);
  const { editorTitle } = useBrand();
  const navigate = useNavigate();
  return (
    <div className="ac-income" data-testid="franchise-settle">
      <div className="ac-income__head">
        <h1>{t('pages.franchise')}</h1>
      </div>
      <Empty description={t('pages.franchiseEmpty')}>
        <div style={{ maxWidth: 560, margin: '0 auto', textAlign: 'left' }}>
          <Typography.Paragraph>{t('pages.franchiseWhat')}</Typography.Paragraph>
          <Typography.Paragraph>{t('pages.franchiseWhyEmpty')}</Typography.Paragraph>
          <Typography.Paragraph>{t('pages.franchiseContact', { editor: editorTitle })}</Typography.Paragraph>
        </div>
        <Button type="primary" onClick={() => navigate('/front/income-manage/settlement-summary/month-settlement')}>
          {t('pages.franchiseToMonthly')}
        </Button>
      </Empty>
    </div>
  );
}

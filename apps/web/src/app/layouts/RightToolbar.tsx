import { CommentOutlined, QuestionCircleOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrand } from '../../platform/brand.tsx';
import { externalUrl, feedbackUrl } from './links.tsx';

const HELP_CENTRE_PATH = '/front/help-center/home';

/** The right fixed bar (§2): help centre, feedback, back to top. */
export function RightToolbar() {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const feedback =
    brand.footerLinks.find((link) => /\/category\/8\/?$/.test(link.url))?.url ?? feedbackUrl(brand.domains.bbs);

  return (
    <FloatButton.Group shape="square" className="ac-right-toolbar">
      <FloatButton
        icon={<QuestionCircleOutlined />}
        tooltip={{ title: t('rightBar.helpCenter'), placement: 'left' }}
        aria-label={t('rightBar.helpCenter')}
        href={HELP_CENTRE_PATH}
        onClick={(e) => {
          if (e.ctrlKey || e.metaKey || e.shiftKey) return;
          e.preventDefault();
          void navigate(HELP_CENTRE_PATH);
        }}
      />
      <FloatButton
        icon={<CommentOutlined />}
        tooltip={{ title: t('rightBar.feedback'), placement: 'left' }}
        aria-label={t('rightBar.feedback')}
        href={externalUrl(feedback)}
        target="_blank"
      />
      <FloatButton.BackTop
        icon={<VerticalAlignTopOutlined />}
        tooltip={{ title: t('rightBar.backTop'), placement: 'left' }}
        aria-label={t('rightBar.backTop')}
        visibilityHeight={200}
      />
    </FloatButton.Group>
  );
}

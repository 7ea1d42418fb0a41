import { CommentOutlined, QuestionCircleOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../../components/plain/plain.css';
import { BrandLink, useForumLinks } from './links.tsx';

const HELP_CENTRE_PATH = '/front/help-center/home';
/** Back-to-top shows once the page is scrolled this far (antd's FloatButton.BackTop visibilityHeight). */
const BACK_TOP_AFTER_PX = 200;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > px);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

/**
 * The right fixed bar (§2): help centre, feedback, back to top — antd's square FloatButton group
 * look, with a tooltip on the left, without antd (it is on every page, the login page included).
 */
export function RightToolbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showBackTop = useScrolledPast(BACK_TOP_AFTER_PX);
  const feedback = useForumLinks().feedback;

  return (
    <div className="ac-float-group ac-right-toolbar">
      <a
        className="ac-float-btn"
        href={HELP_CENTRE_PATH}
        aria-label={t('rightBar.helpCenter')}
        data-tip={t('rightBar.helpCenter')}
        onClick={(e) => {
          if (e.ctrlKey || e.metaKey || e.shiftKey) return;
          e.preventDefault();
          void navigate(HELP_CENTRE_PATH);
        }}
      >
        <QuestionCircleOutlined aria-hidden />
      </a>
      <BrandLink className="ac-float-btn" url={feedback} label={t('rightBar.feedback')}>
        <CommentOutlined aria-hidden />
      </BrandLink>
      {showBackTop && (
        <button
          type="button"
          className="ac-float-btn"
          aria-label={t('rightBar.backTop')}
          data-tip={t('rightBar.backTop')}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <VerticalAlignTopOutlined aria-hidden />
        </button>
      )}
    </div>
  );
}

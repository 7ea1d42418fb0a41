import { CommentOutlined, QuestionCircleOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../../components/plain/plain.css';
import { BrandLink, useForumLinks } from './links.tsx';

const HELP_CENTRE_PATH = '/front/help-center/home';
/** Back-to-top shows once the page is scrolled this far (antd's FloatButton.BackTop visibilityHeight). */
const BACK_TOP_AFTER_PX = 200;

/**
 * Whether the page is scrolled more than `px`: an invisible block `px` tall at the top of the document is
 * watched by an IntersectionObserver, so it is out of view exactly then. The browser reports that with its
 * own rendering, so nothing reads the scroll position: read while React was building the page at load, that
 * read forced a layout of the whole page inside the page's longest task (a CPU profile of the chapter list put
 * ~10% of that task there), and a scroll listener ran on every scroll.
 */
function useScrolledPast(px: number): { past: boolean; sentinel: ReactNode } {
  const [past, setPast] = useState(false);
  const [block, setBlock] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!block || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setPast(!entry.isIntersecting));
    observer.observe(block);
    return () => observer.disconnect();
  }, [block]);
  // In <body>, whose box starts at the top of the document (the toolbar itself is fixed to the window).
  const sentinel = createPortal(
    <div ref={setBlock} className="ac-scroll-sentinel" style={{ height: px }} aria-hidden />,
    document.body,
  );
  return { past, sentinel };
}

/**
 * The right fixed bar (§2): help centre, feedback, back to top — antd's square FloatButton group
 * look, with a tooltip on the left, without antd (it is on every page, the login page included).
 */
export function RightToolbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { past: showBackTop, sentinel } = useScrolledPast(BACK_TOP_AFTER_PX);
  const feedback = useForumLinks().feedback;

  return (
    <div className="ac-float-group ac-right-toolbar">
      {sentinel}
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

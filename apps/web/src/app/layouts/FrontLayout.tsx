import { LAYOUT } from '@author-centre/shared/constants';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AiAssistantMount } from '../../features/ai-assistant/AiAssistantMount.tsx';
import { AgreementPrompt } from '../../features/public-pages/AgreementPrompt.tsx';
import { useBrand } from '../../platform/brand.tsx';
import { GlobalPopups } from '../../popups/GlobalPopups.tsx';
import { RouteGuard } from '../RouteGuard.tsx';
import { paletteFor, paletteVariables } from '../theme.ts';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { skinClassFor, useEditorSkin } from './editor-skin.ts';
import { NavigationProgress } from './NavigationProgress.tsx';
import { RightToolbar } from './RightToolbar.tsx';
import './front-layout.css';

/** The page frame of every /front page: header, content, footer, right fixed bar (§2, §9). */
export function FrontLayout() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { pathname } = useLocation();
  const skin = useEditorSkin();
  const palette = paletteFor(brand.theme);
  const style = {
    '--ac-min-width': `${LAYOUT.minWidth}px`,
    '--ac-max-width': `${LAYOUT.maxWidth}px`,
    '--ac-margin': `${LAYOUT.margin}px`,
    '--ac-space': `${LAYOUT.space.min}px`,
    '--ac-padding': `${LAYOUT.padding.min}px`,
    ...paletteVariables(palette),
  } as CSSProperties;
  const className = ['ac-front', `theme-${brand.theme}`, skinClassFor(pathname, skin)].filter(Boolean).join(' ');

  return (
    <div className={className} style={style}>
      <a className="ac-skip-link" href="#ac-main">
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      <AppHeader />
      <main id="ac-main" className="ac-main" tabIndex={-1}>
        <div className="ac-container">
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </div>
      </main>
      <AppFooter />
      <RightToolbar />
      <GlobalPopups />
      <AgreementPrompt />
      <AiAssistantMount />
    </div>
  );
}

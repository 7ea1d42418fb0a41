import type { ConsoleScreen } from '../../../console/screens.ts';
// The menu and breadcrumbs say the titles before a screen's code is loaded.
import './i18n.ts';

/** The works area of the console: the screenplay review queue and one application. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'screenplay-applications',
    area: 'works',
    titleKey: 'console.screenplay.title',
    role: 'editor',
    menu: true,
    page: () => import('./ScreenplayQueuePage.tsx'),
  },
  {
    path: 'screenplay-applications/:applicationId',
    area: 'works',
    titleKey: 'console.screenplay.detailTitle',
    role: 'editor',
    menu: false,
    parent: 'screenplay-applications',
    page: () => import('./ScreenplayReviewPage.tsx'),
  },
];

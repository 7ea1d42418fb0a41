import type { ConsoleScreen } from '../../../console/screens.ts';
import './i18n.ts';

/** Reader comments in the console: the moderation queue of reported comments and the brand's sensitive words. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'comment-reports',
    area: 'brand',
    titleKey: 'console.comments.reports',
    role: 'editor',
    menu: true,
    page: () => import('./ReportsPage.tsx'),
  },
  {
    path: 'sensitive-words',
    area: 'brand',
    titleKey: 'console.comments.words',
    role: 'editor',
    menu: true,
    page: () => import('./SensitiveWordsPage.tsx'),
  },
];

import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/** The report centre's queue: editors take on, ask for more and decide the brand's reports. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'reports',
    area: 'support',
    titleKey: 'console.reports.title',
    role: 'editor',
    menu: true,
    page: () => import('./ReportsPage.tsx'),
  },
  {
    path: 'reports/:id',
    area: 'support',
    titleKey: 'console.reports.detail',
    role: 'editor',
    menu: false,
    parent: 'reports',
    page: () => import('./ReportDetailPage.tsx'),
  },
];

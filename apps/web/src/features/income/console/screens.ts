import type { ConsoleScreen } from '../../../console/screens.ts';
// The menu and breadcrumbs say the titles before a screen's code is loaded.
import './i18n.ts';

/** Income in the console: the month's settlement (review, release, payout file) and the reading sites' keys and health. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'settlement',
    area: 'brand',
    titleKey: 'console.income.runs',
    role: 'admin',
    menu: true,
    page: () => import('./SettlementRunsPage.tsx'),
  },
  {
    path: 'settlement/:runId',
    area: 'brand',
    titleKey: 'console.income.run',
    role: 'admin',
    menu: false,
    parent: 'settlement',
    page: () => import('./SettlementRunPage.tsx'),
  },
  {
    path: 'reading-sites',
    area: 'brand',
    titleKey: 'console.income.sites',
    role: 'admin',
    menu: true,
    page: () => import('./ReadingSitesPage.tsx'),
  },
];

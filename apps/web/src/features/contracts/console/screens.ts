import type { ConsoleScreen } from '../../../console/screens.ts';
// The menu and breadcrumbs say the titles before a screen's code is loaded.
import './i18n.ts';

/** Contracts in the console: the sign-application review queue, one application, and bank card changes. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'contracts',
    area: 'works',
    titleKey: 'console.contracts.title',
    role: 'editor',
    menu: true,
    page: () => import('./ContractQueuePage.tsx'),
  },
  {
    path: 'contracts/:contractId',
    area: 'works',
    titleKey: 'console.contracts.detailTitle',
    role: 'editor',
    menu: false,
    parent: 'contracts',
    page: () => import('./ContractReviewPage.tsx'),
  },
  {
    path: 'book-applications',
    area: 'works',
    titleKey: 'console.contracts.appsTitle',
    role: 'editor',
    menu: true,
    page: () => import('./BookApplicationsPage.tsx'),
  },
  {
    path: 'bank-card-changes',
    area: 'people',
    titleKey: 'console.contracts.cardsTitle',
    role: 'editor',
    menu: true,
    page: () => import('./CardChangesPage.tsx'),
  },
];

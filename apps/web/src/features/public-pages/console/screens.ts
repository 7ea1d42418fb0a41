import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/** Public pages in the console: the activity centre's activities and articles (announcements, signing policy). */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'activities',
    area: 'engagement',
    titleKey: 'console.publicPages.activities',
    role: 'editor',
    menu: true,
    page: () => import('./ActivitiesPage.tsx'),
  },
  // 'new' before ':id', so the address of a new activity is never read as an id.
  {
    path: 'activities/new',
    area: 'engagement',
    titleKey: 'console.publicPages.newActivity',
    role: 'editor',
    menu: false,
    parent: 'activities',
    page: () => import('./ActivityEditorPage.tsx'),
  },
  {
    path: 'activities/:id',
    area: 'engagement',
    titleKey: 'console.publicPages.activity',
    role: 'editor',
    menu: false,
    parent: 'activities',
    page: () => import('./ActivityEditorPage.tsx'),
  },
  {
    path: 'articles',
    area: 'engagement',
    titleKey: 'console.publicPages.articles',
    role: 'editor',
    menu: true,
    page: () => import('./ArticlesPage.tsx'),
  },
  {
    path: 'articles/new',
    area: 'engagement',
    titleKey: 'console.publicPages.newArticle',
    role: 'editor',
    menu: false,
    parent: 'articles',
    page: () => import('./ArticleEditorPage.tsx'),
  },
  {
    path: 'articles/:id',
    area: 'engagement',
    titleKey: 'console.publicPages.article',
    role: 'editor',
    menu: false,
    parent: 'articles',
    page: () => import('./ArticleEditorPage.tsx'),
  },
  {
    path: 'adapt-books',
    area: 'works',
    titleKey: 'console.publicPages.adaptBooks',
    role: 'editor',
    menu: true,
    page: () => import('./AdaptBooksPage.tsx'),
  },
  {
    path: 'agreements',
    area: 'brand',
    titleKey: 'console.publicPages.agreements',
    role: 'editor',
    menu: true,
    page: () => import('./AgreementsPage.tsx'),
  },
];

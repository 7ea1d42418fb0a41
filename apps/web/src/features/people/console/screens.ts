import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/** The console's authors (search, a person's detail and roles) and editors' portfolios. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'authors',
    area: 'people',
    titleKey: 'console.people.authors.title',
    role: 'editor',
    menu: true,
    page: () => import('./AuthorsPage.tsx'),
  },
  {
    path: 'authors/:userId',
    area: 'people',
    titleKey: 'console.people.person.title',
    role: 'editor',
    menu: false,
    parent: 'authors',
    page: () => import('./PersonPage.tsx'),
  },
  {
    path: 'editors',
    area: 'people',
    titleKey: 'console.people.editors.title',
    role: 'editor',
    menu: true,
    page: () => import('./EditorsPage.tsx'),
  },
  {
    path: 'editors/:editorId',
    area: 'people',
    titleKey: 'console.people.editors.portfolio',
    role: 'editor',
    menu: false,
    parent: 'editors',
    page: () => import('./PortfolioPage.tsx'),
  },
];

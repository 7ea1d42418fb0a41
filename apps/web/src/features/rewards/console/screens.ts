import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/** Badges, levels and graduations: the catalogues, and what is given to an author by hand. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'rewards',
    area: 'engagement',
    titleKey: 'console.rewards.actions.title',
    role: 'admin',
    menu: true,
    page: () => import('./RewardsPage.tsx'),
  },
  {
    path: 'badges',
    area: 'engagement',
    titleKey: 'console.rewards.badges.title',
    role: 'admin',
    menu: true,
    page: () => import('./BadgesPage.tsx'),
  },
  {
    path: 'levels',
    area: 'engagement',
    titleKey: 'console.rewards.levels.title',
    role: 'admin',
    menu: true,
    page: () => import('./LevelsPage.tsx'),
  },
];

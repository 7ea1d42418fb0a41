import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'home-activities',
    area: 'engagement',
    titleKey: 'console.activities.title',
    role: 'admin',
    menu: true,
    page: () => import('./HomeActivitiesPage.tsx'),
  },
];

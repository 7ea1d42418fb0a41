import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/** Growth: leave and rights applications to review; the rules of badges, levels, rights and leave. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'growth-review',
    area: 'engagement',
    titleKey: 'console.growth.review.title',
    role: 'admin',
    menu: true,
    page: () => import('./GrowthReviewPage.tsx'),
  },
  {
    path: 'growth-rules',
    area: 'engagement',
    titleKey: 'console.growth.rules.title',
    role: 'admin',
    menu: true,
    page: () => import('./GrowthRulesPage.tsx'),
  },
  {
    path: 'growth-content',
    area: 'engagement',
    titleKey: 'console.growth.content.title',
    role: 'admin',
    menu: true,
    page: () => import('./GrowthContentPage.tsx'),
  },
];

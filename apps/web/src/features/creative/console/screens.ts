import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/** The cover maker's templates and fonts (issue 17). */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'cover-templates',
    area: 'works',
    titleKey: 'console.creative.templates.title',
    role: 'admin',
    menu: true,
    page: () => import('./CoverTemplatesPage.tsx'),
  },
  {
    path: 'cover-fonts',
    area: 'works',
    titleKey: 'console.creative.fonts.title',
    role: 'admin',
    menu: true,
    page: () => import('./CoverFontsPage.tsx'),
  },
];

import type { ConsoleScreen } from '../../../console/screens.ts';
// The menu and breadcrumbs say the title before the screen's code is loaded.
import './i18n.ts';

/** The brand area of the console: a brand's settings (admins only). */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'brand-settings',
    area: 'brand',
    titleKey: 'console.brandSettings.title',
    role: 'admin',
    menu: true,
    page: () => import('./BrandSettingsPage.tsx'),
  },
];

import type { ComponentType } from 'react';
import { consoleScreens as brandSettingsScreens } from '../features/brand-settings/console/screens.ts';
import { consoleScreens as commentsScreens } from '../features/comments/console/screens.ts';
import { consoleScreens as contractsScreens } from '../features/contracts/console/screens.ts';
import { consoleScreens as creativeScreens } from '../features/creative/console/screens.ts';
import { consoleScreens as forumScreens } from '../features/forum/console/screens.ts';
import { consoleScreens as growthScreens } from '../features/growth/console/screens.ts';
import { consoleScreens as helpScreens } from '../features/help-center/console/screens.ts';
import { consoleScreens as homeScreens } from '../features/home/console/screens.ts';
import { consoleScreens as incomeScreens } from '../features/income/console/screens.ts';
import { consoleScreens as messagesScreens } from '../features/messages/console/screens.ts';
import { consoleScreens as peopleScreens } from '../features/people/console/screens.ts';
import { consoleScreens as publicPagesScreens } from '../features/public-pages/console/screens.ts';
import { consoleScreens as reportsScreens } from '../features/reports/console/screens.ts';
import { consoleScreens as rewardsScreens } from '../features/rewards/console/screens.ts';
import { consoleScreens as worksScreens } from '../features/works/console/screens.ts';

/**
 * THE CONSOLE'S SCREEN TABLE. Every screen of /admin is one row, listed by its capability in
 * `features/<feature>/console/screens.ts` (an exported `consoleScreens` array) and added below with
 * one import. The shell builds the side menu, the routes, the breadcrumbs and the role check from it.
 */
export type ConsoleArea = 'people' | 'works' | 'engagement' | 'support' | 'brand' | 'audit';

/** Menu order of the areas. */
export const CONSOLE_AREAS: readonly ConsoleArea[] = ['people', 'works', 'engagement', 'support', 'brand', 'audit'];

export interface ConsoleScreen {
  /** Path under /admin, React Router syntax: 'authors', 'authors/:accountId'. */
  path: string;
  area: ConsoleArea;
  /** i18n key of the screen's title (menu, breadcrumb, page and document title). */
  titleKey: string;
  /** The least role that may open it; the server checks the same rule on every call. */
  role: 'editor' | 'admin';
  /** Listed in the side menu (detail screens are not). */
  menu: boolean;
  /** For a detail screen: the path of the list it belongs to (its breadcrumb parent). */
  parent?: string;
  page: () => Promise<{ default: ComponentType }>;
}

/** The shell's own screens. */
const shellScreens: ConsoleScreen[] = [
  {
    path: 'audit',
    area: 'audit',
    titleKey: 'console.audit.title',
    role: 'editor',
    menu: true,
    page: () => import('./AuditLogPage.tsx'),
  },
];

/** One capability a line. */
export const CONSOLE_SCREENS: ConsoleScreen[] = [
  ...shellScreens,
  ...homeScreens,
  ...messagesScreens,
  ...rewardsScreens,
  ...growthScreens,
  ...worksScreens,
  ...creativeScreens,
  ...brandSettingsScreens,
  ...peopleScreens,
  ...helpScreens,
  ...incomeScreens,
  ...reportsScreens,
  ...forumScreens,
  ...publicPagesScreens,
  ...contractsScreens,
  ...commentsScreens,
];

export const canOpen = (screen: Pick<ConsoleScreen, 'role'>, role: 'editor' | 'admin') =>
  screen.role === 'editor' || role === 'admin';

import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/** Notices to a brand's authors and messages to one author. */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'notices',
    area: 'engagement',
    titleKey: 'console.notices.title',
    role: 'admin',
    menu: true,
    page: () => import('./NoticesPage.tsx'),
  },
  {
    path: 'notices/new',
    area: 'engagement',
    titleKey: 'console.notices.new',
    role: 'admin',
    menu: false,
    parent: 'notices',
    page: () => import('./NoticeComposerPage.tsx'),
  },
  {
    path: 'notices/:id',
    area: 'engagement',
    titleKey: 'console.notices.detail',
    role: 'admin',
    menu: false,
    parent: 'notices',
    page: () => import('./NoticeComposerPage.tsx'),
  },
  {
    path: 'messages',
    area: 'engagement',
    titleKey: 'console.messages.title',
    role: 'admin',
    menu: true,
    page: () => import('./MessagesPage.tsx'),
  },
];

import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/** Moderation of the embedded forum: threads, reported posts, hide/restore/close (editors and admins). */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'forum',
    area: 'support',
    titleKey: 'console.forum.title',
    role: 'editor',
    menu: true,
    page: () => import('./ForumThreadsPage.tsx'),
  },
  {
    path: 'forum/reported',
    area: 'support',
    titleKey: 'console.forum.reported',
    role: 'editor',
    menu: true,
    page: () => import('./ForumReportsPage.tsx'),
  },
  {
    path: 'forum/:id',
    area: 'support',
    titleKey: 'console.forum.detail',
    role: 'editor',
    menu: false,
    parent: 'forum',
    page: () => import('./ForumThreadPage.tsx'),
  },
];

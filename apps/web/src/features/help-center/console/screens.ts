import './i18n.ts';
import type { ConsoleScreen } from '../../../console/screens.ts';

/**
 * The help centre and the AI assistant in the console. Help content is an admin's (decisions.md);
 * editors read what authors ask the assistant. The server checks the same rules on every call.
 */
export const consoleScreens: ConsoleScreen[] = [
  {
    path: 'help/articles',
    area: 'support',
    titleKey: 'console.help.menu.articles',
    role: 'admin',
    menu: true,
    page: () => import('./ArticlesPage.tsx'),
  },
  // 'new' before ':id', so the address of a new article is never read as an article number.
  {
    path: 'help/articles/new',
    area: 'support',
    titleKey: 'console.help.menu.newArticle',
    role: 'admin',
    menu: false,
    parent: 'help/articles',
    page: () => import('./ArticleEditorPage.tsx'),
  },
  {
    path: 'help/articles/:id',
    area: 'support',
    titleKey: 'console.help.menu.editArticle',
    role: 'admin',
    menu: false,
    parent: 'help/articles',
    page: () => import('./ArticleEditorPage.tsx'),
  },
  {
    path: 'help/categories',
    area: 'support',
    titleKey: 'console.help.menu.categories',
    role: 'admin',
    menu: true,
    page: () => import('./CategoriesPage.tsx'),
  },
  {
    path: 'ai/questions',
    area: 'support',
    titleKey: 'console.help.menu.questions',
    role: 'editor',
    menu: true,
    page: () => import('./AiQuestionsPage.tsx'),
  },
  {
    path: 'ai/nothing-found',
    area: 'support',
    titleKey: 'console.help.menu.nothingFound',
    role: 'editor',
    menu: true,
    page: () => import('./NothingFoundPage.tsx'),
  },
];

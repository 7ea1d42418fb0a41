import type { HelpMessages } from './i18n.ts';

/** The English strings of i18n.ts, downloaded only when the app is shown in English (issue 19). */
export const helpEnUS: HelpMessages = {
  title: 'Help centre',
  lead: 'How the author centre works and its rules: signing, getting on shelf, royalties, publishing chapters…',
  searchPlaceholder: 'Search questions, e.g. when are royalties paid',
  search: 'Search',
  popular: 'Popular questions',
  categories: 'Categories',
  viewAll: 'View all ({{count}})',
  noQuestions: 'No questions in this category yet',
  questions: 'Questions',
  updatedAt: 'Updated {{date}}',
  views: '{{count}} views',
  solvedAsk: 'Did this article solve your problem?',
  solvedYes: 'Yes',
  solvedNo: 'No',
  solvedThanks: 'Thanks for your feedback!',
  solvedNoHint: 'Sorry it did not help. Try other search words, or ask the AI assistant or your editor.',
  solvedCount: '{{count}} found this helpful',
  solveFailed: 'Your answer was not saved, please try again later',
  related: 'Related questions',
  backHome: 'Back to the help centre',
  searchResults: 'Search results',
  searchCount: '{{count}} questions found for “{{keyword}}”',
  searchEmpty: 'Nothing found for “{{keyword}}”',
  searchEmptyHint:
    'Try other words, such as “signing”, “royalties” or “on shelf” in Chinese, or see the popular questions below.',
  searchPrompt: 'Type what you want to find',
  loadFailed: 'The content failed to load',
  loadFailedDesc: 'Please check your network and try again.',
  notFound: 'This question does not exist or was taken down',
  notFoundDesc: 'It may have been deleted or moved; you can look for it in the help centre.',
  stillNeedHelp: 'No answer found?',
  stillNeedHelpDesc:
    'After logging in, ask the AI assistant on the right of the page; it answers from the help centre.',
  breadcrumb: 'You are here',
};

export default helpEnUS;

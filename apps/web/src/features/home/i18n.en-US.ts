import type { zhCN } from './i18n.ts';

/** The English strings of i18n.ts, downloaded only when the app is shown in English (issue 19). */
const enUS: typeof zhCN = {
  home: {
    greeting: 'Hello, {{name}}',
    level: 'Lv{{level}}',
    signed: 'Signed author',
    unsigned: 'Not signed yet',
    badges: 'My badges: {{count}}',
    badgesEmpty: 'No badges yet',
    medalWall: 'Medal wall',
    beginnerGuide: 'Beginner guide',
    loadFailed: 'The home page could not load',
    loadFailedDesc: 'Your works and messages cannot be fetched right now. Please try again later.',
    stats: {
      title: 'Today at a glance',
      wordsToday: 'Words today',
      wordsMonth: 'Words this month',
      messages: 'Unread messages',
      notices: 'Unread notices',
      comments: 'New comments',
      corrections: 'Reader corrections',
      unit: 'chars',
    },
    calendar: {
      title: 'Writing calendar',
      prev: 'Previous month',
      next: 'Next month',
      total: '{{total}} characters this month',
      streak: 'Updated {{days}} days in a row',
      day: '{{date}}: {{words}} characters',
      none: '{{date}}: no update',
      failed: 'The calendar could not load',
      weekdays: 'Sun,Mon,Tue,Wed,Thu,Fri,Sat',
      month: '{{month}}/{{year}}',
    },
    works: {
      title: 'My works',
      manage: 'Manage works',
      empty: 'No works yet. Start your first one!',
      create: 'Create a work',
      unavailable: 'Your works cannot be fetched right now; please refresh later.',
      words: '{{count}} chars',
      chapters: '{{count}} chapters',
      kinds: { novel: 'Novel', short: 'Short story', screenplay: 'Screenplay' },
      updated: 'Updated {{date}}',
      states: { draft: 'Not published', serializing: 'Serializing', finished: 'Finished', published: 'Published' },
    },
    activities: {
      title: 'Activities',
      empty: 'No activities running',
      until: 'Until {{date}}',
    },
    notices: {
      title: 'Latest notices',
      more: 'More',
      empty: 'No notices',
    },
  },
  medalWall: {
    title: 'Medal wall',
    summary: '{{owned}} of {{total}} badges earned',
    owned: 'Earned',
    locked: 'Not yet earned',
    empty: 'No badges',
    failed: 'The badges could not load',
    date: 'Earned on {{date}}',
  },
};

export default enUS;

import type { zhCN } from './i18n.ts';

/** The English strings of i18n.ts, downloaded only when the app is shown in English (issue 19). */
const enUS: typeof zhCN = {
  news: {
    message: 'Messages',
    notice: 'Notices',
    tabs: { message: 'Messages', notice: 'Notices' },
    allRead: 'Mark all read',
    allReadDone: 'All marked as read',
    unread: 'Unread',
    pinned: 'Pinned',
    empty: { message: 'No messages', notice: 'No notices' },
    failed: 'The list could not load',
    failedDesc: 'The list cannot be fetched right now. Please try again later.',
    detailFailed: 'This could not load. Please try again later.',
    from: 'From: {{sender}}',
    open: 'Open',
    total: '{{total}} in all',
    categories: {
      system: 'System',
      editor: 'Editor',
      sign: 'Signing',
      income: 'Royalties',
      activity: 'Activity',
      platform: 'Platform',
      rule: 'Rules',
    },
  },
};

export default enUS;

import type { ForumMessages } from './i18n.ts';

/** The English strings of i18n.ts, downloaded only when the app is shown in English (issue 19). */
const enUS: ForumMessages = {
  title: 'My posts',
  lead: 'The threads and replies you posted on the forum, and their state.',
  tabs: { thread: 'My threads', reply: 'My replies' },
  compose: 'New thread',
  feedback: 'Feedback',
  empty: 'No posts yet',
  emptyHint: 'Have a suggestion or a problem? Post it under “Feedback”; we read every one.',
  columns: { title: 'Title', category: 'Category', state: 'State', replies: 'Replies', time: 'Posted' },
  states: { open: 'Open', closed: 'Closed', hidden: 'Removed', visible: 'Visible' },
  replyTo: 'Re: {{title}}',
  open: 'Open',
  category: 'Category',
  postTitle: 'Title',
  postTitleRule: 'The title needs 4 to 60 characters',
  body: 'Content',
  bodyRule: 'The content needs 10 to 5000 characters',
  send: 'Post',
  sent: 'Posted',
  thread: 'Thread',
  replyBox: 'Write your reply',
  replyRule: 'A reply needs 2 to 5000 characters',
  reply: 'Reply',
  replied: 'Replied',
  closedNote: 'This thread is closed to replies',
  external: 'Opens on the forum',
  loadFailed: 'Failed to load',
  retry: 'Retry',
  report: 'Report',
  reportTitle: 'Report this post',
  reportLead:
    'Say what breaks the rules (advertising, abuse, someone’s private details); the editors will look at it soon.',
  reportReason: 'Reason (2–200 characters)',
  reportRule: 'Please say why you report it (at least 2 characters)',
  reported: 'Reported; the editors will look at it soon',
};

export default enUS;

import type { AiAssistantMessages } from './i18n.ts';

/** The English strings of i18n.ts, downloaded only when the app is shown in English (issue 19). */
export const aiAssistantEnUS: AiAssistantMessages = {
  title: 'AI assistant',
  feedback: 'Feedback',
  clear: 'Clear',
  close: 'Close',
  intro:
    'Hello, I am the AI assistant! I answer questions about using the author centre and its rules from the help centre: applying for signing, royalty settlement, getting on shelf, publishing chapters, leave.',
  introQuestions: 'You may want to ask',
  placeholder: 'Please enter your question',
  empty: 'Please enter your question',
  ask: 'Send',
  inputHint: 'Enter to send, Shift+Enter for a new line',
  pendingOutside: 'The AI assistant is busy, please try again later',
  pendingInside: 'Working on it, please wait',
  useful: 'Useful',
  useless: 'Not useful',
  another: 'Another answer',
  retry: 'Retry',
  marked: 'Thanks for your feedback',
  markFailed: 'Your rating was not saved, please try again later',
  source: 'Read the article: ',
  goHelp: 'Browse all questions in the help centre',
  prevAnswer: 'Previous answer',
  nextAnswer: 'Next answer',
  pager: 'Answer {{current}} of {{total}}',
  clearTitle: 'Clear the conversation?',
  clearDesc: 'Once cleared it cannot be viewed again; please think it over',
  hide: 'Hide the AI assistant',
  hideTitle: 'Confirm hiding the AI assistant?',
  hideDesc: 'You can reopen it on the right side after hiding',
  open: 'Open the AI assistant',
  reopen: 'Reopen the AI assistant',
  hoverPrompt: 'Questions? Ask the AI assistant',
  you: 'Me',
  messages: 'AI assistant conversation',
};

export default aiAssistantEnUS;

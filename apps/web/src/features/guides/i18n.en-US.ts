import type { zhCN } from './i18n.ts';

/** The English strings of i18n.ts, downloaded only when the app is shown in English (issue 19). */
const enUS: typeof zhCN = {
  guides: {
    beginner: {
      title: 'Beginner guide',
      selectTitle: 'Welcome to the author centre! What would you like to write?',
      options: {
        long: { label: 'Novel', text: 'A serial you update over time; sign it and earn royalties once listed' },
        short: { label: 'Short story', text: 'A story published in one go; set a paywall point to earn from it' },
        skip: { label: 'I know my way', text: 'Skip the guide and start right away' },
      },
      confirm: 'Confirm',
      counter: 'Step {{index}} of {{total}}',
      prev: 'Previous',
      next: 'Next',
      steps: {
        'create-book': {
          title: 'Create a work',
          long: 'In “Works”, click “Create work”, fill in the title, category, tags and blurb, then write your first chapter.',
          short:
            'In “Short stories”, click “Create short story”, give it a title and blurb, and write your story in the editor.',
        },
        'apply-sign': {
          title: 'Apply for signing',
          long: 'Once your work reaches {{condition}} characters you can apply for signing; your editor will contact you after review.',
          short:
            'A short story of {{short}} characters can apply for signing after real-name verification and setting a paywall point.',
        },
        'get-onshlve': {
          title: 'Get listed',
          long: 'Once signed and past {{listing}} characters, your work is listed on the free reading app automatically.',
        },
        'get-profit': {
          title: 'Earn royalties',
          long: 'Royalties are settled monthly and paid on the {{day}}th to your bound bank card. They have three parts: guaranteed minimum, revenue share and welfare.',
        },
        welcome: {
          title: 'Welcome aboard',
          long: 'You have finished the beginner guide. Start your writing journey now!',
          short: 'You have finished the beginner guide. Write your first story now!',
        },
      },
      detail: 'Read the detailed guide',
      start: 'Start writing',
      close: 'Close the beginner guide',
    },
    page: {
      counter: '{{index}}/{{total}}',
      next: 'Next',
      done: 'Got it',
      32: {
        title: 'Cover maker',
        steps: [
          'Pick a cover template you like; your title and pen name are filled in for you.',
          'Adjust the font, size and colour with a live preview on the right, then save to use it.',
        ],
      },
      7: {
        title: 'Reader corrections',
        steps: [
          'Typos your readers found are gathered here.',
          'Review each one and fix the chapter in one click; every change is kept.',
        ],
      },
      34: {
        title: 'Comments',
        steps: [
          'Readers’ comments are gathered here; filter by work to see them.',
          'Reply, like, pin, feature or fold comments to talk with your readers.',
        ],
      },
    },
  },
};

export default enUS;

import type { zhCN } from './i18n.ts';

/** The English strings of i18n.ts, downloaded only when the app is shown in English (issue 19). */
const enUS: typeof zhCN = {
  popups: {
    close: 'Close',
    badge: {
      title: 'You earned a new badge',
      titleMany: 'You earned {{count}} new badges',
      open: 'Open the envelope',
      openHint: 'You have a letter from the platform',
      viewMore: 'View more badges',
      growth: '+{{count}} growth points',
      counter: 'Badge {{index}} of {{total}}',
      prev: 'Previous badge',
      next: 'Next badge',
      date: 'Earned on {{date}}',
      carousel: 'Badge carousel',
    },
    level: {
      title: 'Level up!',
      levelBadge: 'Lv{{level}}',
      detail: 'View level details',
      gotIt: 'Got it',
      counter: '{{index}} / {{total}}',
    },
    graduate: {
      normal: 'Congratulations on graduating',
      excellent: 'Graduated with distinction',
      normalDesc: 'You completed every lesson of “{{period}}” and graduated!',
      excellentDesc: 'You did outstanding work in “{{period}}” and graduated as an excellent trainee!',
      button: 'See the honour wall',
      open: 'Open the envelope',
    },
    timeZone: {
      title: 'Time zone',
      text: "Your device's time zone seems inaccurate. We suggest changing it to the time zone of where you are now.",
      detail: 'Network time zone: {{ip}}; device time zone: {{device}}',
      gotIt: 'Got it',
    },
    accountSplit: {
      title: 'Bind a phone number to each pen name',
      text: 'Several of your pen names share one phone number. To keep your accounts safe, bind a separate phone number to each.',
      penNames: 'Pen names sharing the phone',
      go: 'Bind now',
      later: 'Later',
    },
    completeInfo: {
      title: 'Complete your author information',
      text: 'Your account has no phone number yet. Bind one to receive signing and royalty notices.',
      go: 'Complete now',
      later: 'Later',
    },
    env: {
      title: 'Network environment',
      text: 'You are visiting the author centre from a network outside the mainland (IP: {{ip}}). If this was not you, change your password now.',
      gotIt: 'Got it',
    },
    compat: {
      text: 'Your browser is out of date and some features may not work. Please upgrade to the latest Chrome, Edge or Firefox.',
      close: 'Close notice',
    },
    appDownload: {
      title: 'Get the author app',
      text: 'The author app makes {{label}} easier, wherever you are.',
      download: 'Download the app',
      later: 'Not now',
    },
    branch: {
      label: 'Branches',
      title: 'Test environment branches',
      current: 'current',
      lastMerge: 'Last merge: {{time}}',
      empty: 'No branch information',
      failed: 'Could not load branch information',
    },
  },
};

export default enUS;

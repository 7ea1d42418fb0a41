/**
 * Business constants and limits of spec §9 (and the few of §2–§5 the UI needs), shared by the server
 * and the web app. Durations are in milliseconds unless the name says otherwise.
 */

/** UI languages. zh-CN is the default and complete; en-US is complete (ARCHITECTURE.md, i18n). */
export type Locale = 'zh-CN' | 'en-US';
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/** A user-facing text in every UI language. */
export type LocalizedText = Readonly<Record<Locale, string>>;

/** Verification-code button and phone input (§4, §5, §9). */
export const VERIFY_CODE = {
  countdownSeconds: 60,
  phoneLength: 11,
  codeLength: 4,
} as const;

/** The page-size list is empty in §9: tables offer no page-size switcher. */
export const PAGINATION = {
  defaultPageSize: 30,
  pageSizeOptions: [] as readonly number[],
} as const;

/** Data-period shortcuts in days (§9). */
export const PERIOD_SHORTCUT_DAYS = [7, 30, 90] as const;

/** The value of the 'All' option in filters (§3). */
export const ALL_OPTION_VALUE = '-999';

export const CHAPTER_VIP_STATUS = { free: 0, paid: 1 } as const;
export type ChapterVipStatus = (typeof CHAPTER_VIP_STATUS)[keyof typeof CHAPTER_VIP_STATUS];

export const EXPRESS_CARRIER = { sf: 1, ems: 2, jd: 3, other: 4 } as const;
export type ExpressCarrier = (typeof EXPRESS_CARRIER)[keyof typeof EXPRESS_CARRIER];
export const EXPRESS_CARRIER_LABELS: Readonly<Record<ExpressCarrier, LocalizedText>> = {
  1: { 'en-US': 'SF', 'zh-CN': '顺丰速运' },
  2: { 'en-US': 'EMS China Post', 'zh-CN': '中国邮政EMS' },
  3: { 'en-US': 'JD', 'zh-CN': '京东物流' },
  4: { 'en-US': 'other', 'zh-CN': '其他' },
};

/** Global pop-up codes ('current pop', §2 and §4). */
export const POP_ID = {
  accountSplit: 'account-split',
  authorInfo: '1',
  authorLevelUpgrade: '2',
  badgeEnvelope: '3',
  /** Author-level upgrade from the home model list (common_model). */
  authorLevelUpgradeModel: '4',
  timeZoneTip: '6',
  graduateEnvelope: '7',
  writingGuide: '10',
} as const;
export type PopId = (typeof POP_ID)[keyof typeof POP_ID];

/** The pop-up queue shows at most one at a time, in this order (§4). */
export const POP_ORDER: readonly PopId[] = ['account-split', '1', '10', '7', '3', '2', '4', '6'];

export const POPUP = {
  /** Level-upgrade and badge pops tell the server they were seen after this delay (§4). */
  noticeSeenDelayMs: 2000,
  defaultBadgeButtonText: '太棒了',
  /** The '+growth value' note shows this long per envelope item (§4). */
  growthNoteMs: 3000,
} as const;

export const CONFETTI = {
  particleCount: 100,
  repeat: 2,
  /** Envelopes fire once: the envelope itself already animates. */
  envelopeRepeat: 1,
} as const;

/** Pages whose pop-ups and guides are configured by key (§2). */
export const PAGE_KEYS = [
  'index',
  'book-upload-editor',
  'short-book-upload-editor',
  'custom-picture',
  'reader-error-correction',
  'reader-error-correction-detail',
  'book-manage_information',
  'short-book-manage_information',
  'comment-index',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** Feature-guide ids queued per page (§4); each is shown while guide_conf[id] is false. */
export const GUIDE_IDS_BY_PAGE: Readonly<Partial<Record<PageKey, readonly number[]>>> = {
  'custom-picture': [32],
  'reader-error-correction': [7],
  'comment-index': [34],
};

/** guide_conf id of the beginner guide dialog (pop 10, §4). */
export const BEGINNER_GUIDE_ID = 37;

export const TOAST = {
  durationMs: 1000,
  errorDurationMs: 3000,
  /** The older request layer's 99999999 toast (§8). */
  legacyErrorDurationMs: 5000,
} as const;

export const INPUT_DEBOUNCE_MS = 200;

export const AI_ASSISTANT = {
  hoverDelayMs: 500,
  /** A press shorter than this is a click; longer is a drag. */
  clickMaxMs: 200,
  animationReplayMs: 180_000,
  typewriterIntervalMs: 50,
  requestTimeoutMs: 60_000,
  drawerWidthPx: 600,
  questionMaxLength: 200,
  historyMessages: 60,
  /** The stored open flag hides the assistant only when it equals this (§4). */
  hiddenFlag: '0',
} as const;

export const TIMERS = {
  envCheckIntervalMs: 300_000,
  loginTimestampIntervalMs: 1000,
  loginClearCheckMs: 5000,
  lazyScriptDelayMs: 2000,
} as const;

/** Tip text hides its line beyond this many weighted characters; non-ASCII counts 2 (§9). */
export const TIP_WEIGHTED_MAX = 36;

/** Front-end monitoring: error-report sample rate, performance sample, report cache size (§9). */
export const MONITORING = {
  errorSampleRate: 0.5,
  performanceSample: 80,
  cacheSize: 5,
} as const;

/** Layout sizes in px (§9). */
export const LAYOUT = {
  minWidth: 1160,
  maxWidth: 1490,
  margin: 90,
  space: { min: 16, max: 24 },
  padding: { min: 24, max: 32 },
  indexMainWidth: { min: 1000, max: 1304 },
  indexSideWidth: { min: 144, max: 170 },
  scaleRange: 330,
  scrollBottomThresholdPx: 50,
} as const;

/** Numbers the guide text states (§9); signing thresholds per brand live in brands.ts. */
export const SIGNING_GUIDE = {
  novelFreeAppListingChars: 30_000,
  royaltyPaymentDayOfMonth: 8,
} as const;

/**
 * Browser storage keys (§4, §9). The stored user is a cache for first paint, never proof of login
 * (decisions.md). Prefixed keys take a suffix: the route group or the account id.
 */
export const STORAGE_KEYS = {
  user: 'ac:user',
  aiAssistantOpen: 'ac:ai-assistant-open',
  timeTipDate: 'ac:time-tip-date',
  appDownloadPromptPrefix: 'ac:app-download:',
  aiHistoryPrefix: 'ac:ai-history:',
} as const;

/** App-download prompts: mobile clients only, once per route group (§2). */
export const APP_DOWNLOAD_PROMPT_GROUPS = [
  {
    key: 'data-income',
    pathPrefixes: ['/front/book-data', '/front/income-manage'],
    label: { 'zh-CN': '数据查看和收入管理', 'en-US': 'data viewing and income management' },
  },
  {
    key: 'comment-dynamic',
    pathPrefixes: ['/front/comment-manage', '/front/dynamic-manage'],
    label: { 'zh-CN': '评论和动态管理', 'en-US': 'comment and dynamic management' },
  },
] as const satisfies readonly { key: string; pathPrefixes: readonly string[]; label: LocalizedText }[];

/**
 * Brand (client) settings, spec §1 and §3 "Platform config". These are the seed values; the
 * server stores them as data (table `brands`) and serves them from GET /api/pc/v1/global/config.
 */

export interface FooterLink {
  label: string;
  url: string;
}

export interface BrandDomains {
  pc: string;
  mobile: string;
  bbs: string;
  activity: string;
  /** Welfare (author benefits) document. */
  welfareDoc: string;
  /** Editors' document. */
  editorsDoc: string;
  /** Host of the reading site where published books are read: `https://<reading>/book/<book id>` (jump-book-detail). */
  reading: string;
}

/**
 * The forum the brand's forum links lead to: the server's configured provider (FORUM_PROVIDER), sent
 * with the brand config (`forum` next to the settings) — not a brand setting.
 */
export interface BrandForum {
  provider: 'embedded' | 'discourse';
  /** The forum's address (Discourse); null for the embedded forum (its pages are the app's own). */
  url: string | null;
}

/** What GET /api/pc/v1/global/config answers: the brand's settings and the forum its links lead to. */
export type BrandConfig = BrandSettings & { forum?: BrandForum };

/** The feedback board is forum category 8 (§2); the footer link that means "the forum's feedback". */
export const FORUM_FEEDBACK_CATEGORY = 8;
export const FORUM_FEEDBACK_LINK = `/front/my-post?compose=${FORUM_FEEDBACK_CATEGORY}`;
/** The forum's new-author board (embedded category 3 新人报到), where the beginner guide's detailed guide leads. */
export const FORUM_NEWCOMER_CATEGORY = 3;
/** The help centre's new-author guide (questions/1-12): the detailed guide when the forum is the embedded one. */
export const NEWCOMER_GUIDE_PATH = '/front/help-center/questions/1-12';

/**
 * Where the header's forum module and the feedback links go: the embedded forum's own pages
 * (my posts, composing in category 8), or the configured Discourse (its home and category 8).
 * Without a forum in the config (an old offline copy) the embedded forum's pages.
 */
export function forumLinks(forum: BrandForum | undefined): { home: string; feedback: string; guide: string } {
  if (forum?.provider === 'discourse' && forum.url) {
    const base = forum.url.replace(/\/+$/, '');
    return {
      home: base,
      feedback: `${base}/c/${FORUM_FEEDBACK_CATEGORY}`,
      guide: `${base}/c/${FORUM_NEWCOMER_CATEGORY}`,
    };
  }
  return { home: '/front/my-post', feedback: FORUM_FEEDBACK_LINK, guide: NEWCOMER_GUIDE_PATH };
}

/**
 * Whether a footer link is the feedback link: the default (FORUM_FEEDBACK_LINK) or a forum's category 8
 * as stored by earlier settings (`https://bbs.<host>/category/8`); it follows the configured forum.
 */
export function isFeedbackLink(url: string): boolean {
  return url === FORUM_FEEDBACK_LINK || /\/(category|c)\/8\/?$/.test(url);
}

/**
 * A brand's welfare rules (book-welfare-rule-list), paid on signed books at the month's close. An
 * amount of 0 turns a rule off for the brand.
 */
export interface WelfareRules {
  /** 全勤奖: every day of the Beijing month (approved leave excepted) at least `min_daily_words`. */
  full_attendance: { amount_fen: number; min_daily_words: number };
  /** 更新奖: at least `min_month_words` in the month. */
  update_bonus: { amount_fen: number; min_month_words: number };
}

/** The rules every brand starts with. */
export const DEFAULT_WELFARE_RULES: WelfareRules = {
  full_attendance: { amount_fen: 30_000, min_daily_words: 4000 },
  update_bonus: { amount_fen: 20_000, min_month_words: 150_000 },
};

export interface BrandSettings {
  clientId: number;
  /** Brief name used in local host names (`<brief>.localhost`). */
  brief: string;
  clientName: string;
  platformName: string;
  titleName: string;
  keywords: string;
  description: string;
  faviconLink: string;
  domains: BrandDomains;
  editorTitle: string;
  /** Editor contact links; present for three clients (§1). */
  editorLinks: FooterLink[];
  /** Words needed to apply for signing a novel, e.g. '2万'. */
  applySignCondition: string;
  /** Characters a short story needs to apply for signing. */
  shortStorySignCondition: number;
  onlineSignSuccessText: string;
  /** A pen name may change once in this many days (personal information); 90 unless the brand says otherwise. */
  penNameChangeDays: number;
  /** The three sibling reading sites, help centre, feedback (forum category 8), report studio. */
  footerLinks: FooterLink[];
  signingPolicyLinks: FooterLink[];
  theme: 'orange' | 'red';
  proxyApi: string;
  apiDomain: string;
  captchaConfig: { is_closed: boolean };
  /** Layout config: global pop-ups only show when true (§2). */
  appGlobalPop: { show: boolean };
  /** Menu and feature permissions of the layout config, e.g. 'writing-camp', 'ai-assistant'. */
  permissions: string[];
  /** The environment value; the branch-info tooltip shows only when it is '0' (§2). */
  environment: string;
  /**
   * §3 global config `intelligent_chapter_division`: whether an imported manuscript is divided into
   * chapters by its headings (第十二章, Chapter 12…). Off: one chapter per file (still split by size).
   * On for every seeded brand; spelled as the specification names it.
   */
  intelligent_chapter_division: boolean;
  welfareRules: WelfareRules;
}

export const MAIN_PLATFORM_CLIENT_ID = 1;
/** Plain `localhost` answers as client 2 (decisions.md). */
export const LOCALHOST_CLIENT_ID = 2;

const EDITOR_TITLE = '责任编辑';

function brand(
  clientId: number,
  brief: string,
  names: { clientName: string; platformName: string; titleName: string },
  rest: Partial<BrandSettings> & Pick<BrandSettings, 'applySignCondition' | 'onlineSignSuccessText' | 'theme'>,
): BrandSettings {
  const host = `${brief}.example.com`;
  return {
    clientId,
    brief,
    ...names,
    keywords: `${names.platformName},作者中心,网络小说,短篇故事,剧本,签约,稿酬`,
    description: `${names.platformName}作者中心：作品管理、章节发布、在线签约、收入与数据、读者评论与纠错。`,
    faviconLink: '/favicon.svg',
    domains: {
      pc: `author.${host}`,
      mobile: `m-author.${host}`,
      bbs: `bbs.${host}`,
      activity: `activity.${host}`,
      welfareDoc: `https://doc.${host}/welfare`,
      editorsDoc: `https://doc.${host}/editors`,
      reading: `www.${host}`,
    },
    editorTitle: EDITOR_TITLE,
    editorLinks: [],
    shortStorySignCondition: 4000,
    penNameChangeDays: 90,
    footerLinks: [
      { label: '阅读站·男频', url: `https://www.${host}` },
      { label: '阅读站·女频', url: `https://mm.${host}` },
      { label: '阅读站·免费', url: `https://free.${host}` },
      { label: '帮助中心', url: '/front/help-center/home' },
      { label: '意见反馈', url: FORUM_FEEDBACK_LINK },
      { label: '举报中心', url: '/front/report-studio' },
    ],
    signingPolicyLinks: [{ label: '签约政策', url: `https://doc.${host}/sign-policy` }],
    proxyApi: '/api',
    apiDomain: `https://author.${host}`,
    captchaConfig: { is_closed: false },
    appGlobalPop: { show: true },
    permissions: ['writing-camp', 'ai-assistant'],
    environment: '1',
    intelligent_chapter_division: true,
    welfareRules: structuredClone(DEFAULT_WELFARE_RULES),
    ...rest,
  };
}

const editorLinks = (brief: string): FooterLink[] => [
  { label: `${EDITOR_TITLE}名录`, url: `https://doc.${brief}.example.com/editors` },
  { label: '投稿须知', url: `https://doc.${brief}.example.com/submit` },
];

export const SEED_BRANDS: BrandSettings[] = [
  brand(
    1,
    'main',
    { clientName: '主站', platformName: '主站作者中心', titleName: '主站作者中心' },
    {
      applySignCondition: '2万',
      onlineSignSuccessText: '您发起的线上电子签约已提交成功，预计在5~7个工作日内完成公司审核和盖章！',
      theme: 'orange',
    },
  ),
  brand(
    2,
    'wonder',
    { clientName: '奇妙小说', platformName: '奇妙小说作者中心', titleName: '奇妙小说作者中心' },
    {
      applySignCondition: '2万',
      onlineSignSuccessText: '您发起的线上电子签约已提交成功，预计在1~3个工作日内完成公司审核和盖章！',
      theme: 'orange',
      editorLinks: editorLinks('wonder'),
    },
  ),
  brand(
    3,
    'third',
    { clientName: '三号书城', platformName: '三号书城作者中心', titleName: '三号书城作者中心' },
    {
      applySignCondition: '1万',
      onlineSignSuccessText: '您发起的线上电子签约已提交成功，预计在5~7个工作日内完成公司审核和盖章！',
      theme: 'red',
      editorLinks: editorLinks('third'),
    },
  ),
  brand(
    4,
    'brain-hole',
    { clientName: '脑洞故事', platformName: '脑洞故事作者中心', titleName: '脑洞故事作者中心' },
    {
      applySignCondition: '4千',
      onlineSignSuccessText: '您发起的线上电子签约已提交成功，预计在5~7个工作日内完成公司审核和盖章！',
      theme: 'red',
      editorLinks: editorLinks('brain-hole'),
    },
  ),
];

/** Page title: `<route title>-<platform titleName>`, or the platform title alone (§1). */
export function pageTitle(routeTitle: string | undefined, titleName: string): string {
  return routeTitle ? `${routeTitle}-${titleName}` : titleName;
}

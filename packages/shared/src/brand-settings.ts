/**
 * The part of a brand's settings (§1, §3 "Platform config") its admins edit in the operations
 * console, as one zod schema the server checks and the console's form uses; the messages in both
 * languages; the field labels; and the list of what changed between two versions.
 *
 * Not exported from the package index: the author pages never load it (import
 * '@author-centre/shared/brand-settings').
 */
import { z } from 'zod';
import type { BrandDomains, BrandSettings } from './brands.ts';
import type { Locale, LocalizedText } from './constants.ts';
import { parseWordAmount } from './works.ts';

export const BRAND_LIMITS = {
  /** clientName, platformName, titleName. */
  name: 30,
  keywords: 200,
  description: 300,
  editorTitle: 10,
  onlineSignSuccessText: 200,
  linkLabel: 20,
  url: 500,
  /** Links of one list (footer, signing policy, editors). */
  links: 12,
  /** A host name (RFC 1035). */
  host: 253,
  shortStoryMin: 100,
  shortStoryMax: 1_000_000,
  /** applySignCondition as words: 1000 to 10,000,000 (1千 to 1000万). */
  applyMin: 1000,
  applyMax: 10_000_000,
  /** penNameChangeDays: once a day to once in ten years. */
  penNameDaysMin: 1,
  penNameDaysMax: 3650,
  /** A welfare rule's amount in fen: 0 (the rule is off) to 100,000 yuan. */
  welfareAmountMax: 10_000_000,
  /** Words a welfare rule asks for: per day, per month. */
  welfareDailyWordsMax: 100_000,
  welfareMonthWordsMax: 3_100_000,
} as const;

/** Message keys of the schema's issues; `brandIssueText` says them in a language. */
export const BRAND_MESSAGES = {
  required: { 'zh-CN': '请填写此项', 'en-US': 'This field is required' },
  tooLong: { 'zh-CN': '最多{max}个字', 'en-US': 'At most {max} characters' },
  host: {
    'zh-CN': '请填写域名，如 author.example.com（不含 http:// 和路径）',
    'en-US': 'Enter a host name such as author.example.com (without http:// and without a path)',
  },
  url: {
    'zh-CN': '请填写以 http:// 或 https:// 开头的网址',
    'en-US': 'Enter an address starting with http:// or https://',
  },
  link: {
    'zh-CN': '请填写以 http:// 或 https:// 开头的网址，或以 / 开头的站内路径',
    'en-US': 'Enter an address starting with http:// or https://, or a path on this site starting with /',
  },
  condition: {
    'zh-CN': '请填写1千~1000万之间的字数，如 2万、4千 或 15000',
    'en-US': 'Enter a word count from 1千 to 1000万, such as 2万, 4千 or 15000',
  },
  shortStory: {
    'zh-CN': '请填写100~1000000之间的整数',
    'en-US': 'Enter a whole number from 100 to 1,000,000',
  },
  penNameDays: {
    'zh-CN': '请填写1~3650之间的整数天数',
    'en-US': 'Enter a whole number of days from 1 to 3650',
  },
  welfareAmount: {
    'zh-CN': '请填写0~10000000之间的整数（单位：分，0为不发放）',
    'en-US': 'Enter a whole number from 0 to 10,000,000 (in fen; 0 turns the rule off)',
  },
  welfareDailyWords: {
    'zh-CN': '请填写1~100000之间的整数字数',
    'en-US': 'Enter a whole number of words from 1 to 100,000',
  },
  welfareMonthWords: {
    'zh-CN': '请填写1~3100000之间的整数字数',
    'en-US': 'Enter a whole number of words from 1 to 3,100,000',
  },
  tooManyLinks: { 'zh-CN': '最多{max}个链接', 'en-US': 'At most {max} links' },
  switch: { 'zh-CN': '请选择开或关', 'en-US': 'Choose on or off' },
  revision: {
    'zh-CN': '缺少设置的版本，请刷新页面后再保存',
    'en-US': 'The version of the settings is missing; reload the page and save again',
  },
  /** Server only: a host another brand uses. */
  hostTaken: {
    'zh-CN': '域名 {host} 已被品牌「{brand}」使用',
    'en-US': 'The domain {host} is already used by the brand {brand}',
  },
  /** Server only: someone saved the brand since the form was opened. */
  stale: {
    'zh-CN': '这些设置在您打开后已被其他人修改，请刷新查看最新设置后再保存',
    'en-US': 'Someone else changed these settings after you opened them; reload to see the latest settings, then save',
  },
} as const satisfies Record<string, LocalizedText>;

export type BrandMessageKey = keyof typeof BRAND_MESSAGES;

/** A message in a language, with its {placeholders} filled in. */
export function brandMessage(
  key: BrandMessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return BRAND_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The text of one issue of `ZBrandSettingsEdit`, in a language. */
export function brandIssueText(issue: z.core.$ZodIssue, locale: Locale): string {
  const key = issue.message in BRAND_MESSAGES ? (issue.message as BrandMessageKey) : 'required';
  const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
  return brandMessage(key, locale, max === undefined ? {} : { max });
}

/** Host names: letters, digits and hyphens in dot-separated labels, at least two labels, lower case. */
const HOST_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const SITE_PATH_PATTERN = /^\/(?!\/)[^\s]*$/;

export function isHostName(value: string): boolean {
  return HOST_PATTERN.test(value) && !/^[\d.]+$/.test(value);
}

export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username;
  } catch {
    return false;
  }
}

/** An http(s) address or a path on the author centre itself (the footer's help centre, report studio). */
export function isLink(value: string): boolean {
  return isHttpUrl(value) || SITE_PATH_PATTERN.test(value);
}

const text = (max: number, required = true) => {
  const base = z.string({ error: 'required' }).trim();
  return (required ? base.min(1, { error: 'required' }) : base).max(max, { error: 'tooLong' });
};
const host = z
  .string({ error: 'host' })
  .trim()
  .toLowerCase()
  .max(BRAND_LIMITS.host, { error: 'host' })
  .refine(isHostName, { error: 'host' });
const url = z
  .string({ error: 'url' })
  .trim()
  .max(BRAND_LIMITS.url, { error: 'tooLong' })
  .refine(isHttpUrl, { error: 'url' });
const link = z
  .string({ error: 'link' })
  .trim()
  .max(BRAND_LIMITS.url, { error: 'tooLong' })
  .refine(isLink, { error: 'link' });
const links = z
  .array(z.object({ label: text(BRAND_LIMITS.linkLabel), url: link }), { error: 'required' })
  .max(BRAND_LIMITS.links, { error: 'tooManyLinks' });
const onOff = z.boolean({ error: 'switch' });

const welfareAmount = z
  .number({ error: 'welfareAmount' })
  .int({ error: 'welfareAmount' })
  .min(0, { error: 'welfareAmount' })
  .max(BRAND_LIMITS.welfareAmountMax, { error: 'welfareAmount' });
const welfareWords = (max: number, error: 'welfareDailyWords' | 'welfareMonthWords') =>
  z.number({ error }).int({ error }).min(1, { error }).max(max, { error });

const CONDITION_PATTERN = /^\d+(?:\.\d+)?(?:万|千)?$/;

export const ZBrandSettingsEdit = z.object({
  clientName: text(BRAND_LIMITS.name),
  platformName: text(BRAND_LIMITS.name),
  titleName: text(BRAND_LIMITS.name),
  keywords: text(BRAND_LIMITS.keywords, false),
  description: text(BRAND_LIMITS.description, false),
  faviconLink: link,
  domains: z.object({
    pc: host,
    mobile: host,
    bbs: host,
    activity: host,
    reading: host,
    welfareDoc: url,
    editorsDoc: url,
  }),
  applySignCondition: z
    .string({ error: 'condition' })
    .trim()
    .refine(
      (v) =>
        CONDITION_PATTERN.test(v) &&
        parseWordAmount(v) >= BRAND_LIMITS.applyMin &&
        parseWordAmount(v) <= BRAND_LIMITS.applyMax,
      { error: 'condition' },
    ),
  shortStorySignCondition: z
    .number({ error: 'shortStory' })
    .int({ error: 'shortStory' })
    .min(BRAND_LIMITS.shortStoryMin, { error: 'shortStory' })
    .max(BRAND_LIMITS.shortStoryMax, { error: 'shortStory' }),
  penNameChangeDays: z
    .number({ error: 'penNameDays' })
    .int({ error: 'penNameDays' })
    .min(BRAND_LIMITS.penNameDaysMin, { error: 'penNameDays' })
    .max(BRAND_LIMITS.penNameDaysMax, { error: 'penNameDays' }),
  editorTitle: text(BRAND_LIMITS.editorTitle),
  onlineSignSuccessText: text(BRAND_LIMITS.onlineSignSuccessText),
  captchaConfig: z.object({ is_closed: onOff }),
  appGlobalPop: z.object({ show: onOff }),
  footerLinks: links,
  signingPolicyLinks: links,
  editorLinks: links,
  welfareRules: z.object({
    full_attendance: z.object({
      amount_fen: welfareAmount,
      min_daily_words: welfareWords(BRAND_LIMITS.welfareDailyWordsMax, 'welfareDailyWords'),
    }),
    update_bonus: z.object({
      amount_fen: welfareAmount,
      min_month_words: welfareWords(BRAND_LIMITS.welfareMonthWordsMax, 'welfareMonthWords'),
    }),
  }),
});

export type BrandSettingsEdit = z.output<typeof ZBrandSettingsEdit>;

/** POST /api/admin/brand/settings: the settings and the revision they were read at. */
export const ZBrandSettingsSave = z.object({
  revision: z.number({ error: 'revision' }).int({ error: 'revision' }).min(0, { error: 'revision' }),
  settings: ZBrandSettingsEdit,
});

/** The edited fields, one per line of a change list (domains, switches and lists compared as a whole). */
export const BRAND_EDIT_FIELDS = [
  'clientName',
  'platformName',
  'titleName',
  'keywords',
  'description',
  'faviconLink',
  'domains.pc',
  'domains.mobile',
  'domains.bbs',
  'domains.activity',
  'domains.reading',
  'domains.welfareDoc',
  'domains.editorsDoc',
  'applySignCondition',
  'shortStorySignCondition',
  'penNameChangeDays',
  'editorTitle',
  'onlineSignSuccessText',
  'captchaConfig.is_closed',
  'appGlobalPop.show',
  'footerLinks',
  'signingPolicyLinks',
  'editorLinks',
  'welfareRules.full_attendance',
  'welfareRules.update_bonus',
] as const;
export type BrandEditField = (typeof BRAND_EDIT_FIELDS)[number];

/** The host fields: each belongs to one brand only. */
export const BRAND_HOST_FIELDS = ['pc', 'mobile', 'bbs', 'activity', 'reading'] as const satisfies ReadonlyArray<
  keyof BrandDomains
>;

export const BRAND_FIELD_LABELS: Readonly<Record<BrandEditField, LocalizedText>> = {
  clientName: { 'zh-CN': '品牌名称', 'en-US': 'Brand name' },
  platformName: { 'zh-CN': '平台名称', 'en-US': 'Platform name' },
  titleName: { 'zh-CN': '网页标题', 'en-US': 'Page title' },
  keywords: { 'zh-CN': '关键词', 'en-US': 'Keywords' },
  description: { 'zh-CN': '网站描述', 'en-US': 'Site description' },
  faviconLink: { 'zh-CN': '网站图标', 'en-US': 'Favicon' },
  'domains.pc': { 'zh-CN': 'PC端域名', 'en-US': 'PC domain' },
  'domains.mobile': { 'zh-CN': '移动端域名', 'en-US': 'Mobile domain' },
  'domains.bbs': { 'zh-CN': '论坛域名', 'en-US': 'Forum domain' },
  'domains.activity': { 'zh-CN': '活动页域名', 'en-US': 'Activity pages domain' },
  'domains.reading': { 'zh-CN': '阅读站域名', 'en-US': 'Reading site domain' },
  'domains.welfareDoc': { 'zh-CN': '福利说明文档', 'en-US': 'Welfare document' },
  'domains.editorsDoc': { 'zh-CN': '编辑说明文档', 'en-US': 'Editors document' },
  applySignCondition: { 'zh-CN': '长篇申请签约字数', 'en-US': 'Words to apply for signing (novel)' },
  shortStorySignCondition: { 'zh-CN': '短篇申请签约字数', 'en-US': 'Characters to apply for signing (short story)' },
  penNameChangeDays: { 'zh-CN': '笔名修改间隔（天）', 'en-US': 'Days between pen name changes' },
  editorTitle: { 'zh-CN': '编辑称谓', 'en-US': 'Editor title' },
  onlineSignSuccessText: { 'zh-CN': '线上签约成功提示', 'en-US': 'Online-sign success text' },
  'captchaConfig.is_closed': { 'zh-CN': '关闭图形验证', 'en-US': 'Captcha turned off' },
  'appGlobalPop.show': { 'zh-CN': '显示全局弹窗', 'en-US': 'Show global pop-ups' },
  footerLinks: { 'zh-CN': '页脚链接', 'en-US': 'Footer links' },
  signingPolicyLinks: { 'zh-CN': '签约政策链接', 'en-US': 'Signing policy links' },
  editorLinks: { 'zh-CN': '编辑链接', 'en-US': 'Editor links' },
  'welfareRules.full_attendance': { 'zh-CN': '全勤奖', 'en-US': 'Full-attendance bonus' },
  'welfareRules.update_bonus': { 'zh-CN': '更新奖', 'en-US': 'Update bonus' },
};

const LINK_PART: Record<string, LocalizedText> = {
  label: { 'zh-CN': '名称', 'en-US': 'name' },
  url: { 'zh-CN': '网址', 'en-US': 'address' },
  amount_fen: { 'zh-CN': '金额（分）', 'en-US': 'amount (fen)' },
  min_daily_words: { 'zh-CN': '每日字数', 'en-US': 'words a day' },
  min_month_words: { 'zh-CN': '当月字数', 'en-US': 'words in the month' },
};

/**
 * What a field of an issue path is called: 'PC端域名', '页脚链接第3条的网址' ('Footer links, item 3,
 * address'), so a refusal names exactly what to correct.
 */
export function brandFieldName(path: ReadonlyArray<PropertyKey>, locale: Locale): string {
  const [head, second, third] = path.map(String);
  const dotted =
    second !== undefined &&
    (head === 'domains' || head === 'captchaConfig' || head === 'appGlobalPop' || head === 'welfareRules');
  const field = (dotted ? `${head}.${second}` : head) as BrandEditField;
  const label = BRAND_FIELD_LABELS[field]?.[locale] ?? path.join('.');
  if (head === 'welfareRules' && third && LINK_PART[third])
    return locale === 'zh-CN' ? `${label}的${LINK_PART[third][locale]}` : `${label}, ${LINK_PART[third][locale]}`;
  if (dotted || second === undefined || !/^\d+$/.test(second)) return label;
  const n = Number(second) + 1;
  const part = third ? LINK_PART[third]?.[locale] : undefined;
  if (locale === 'zh-CN') return `${label}第${n}条${part ? `的${part}` : ''}`;
  return `${label}, item ${n}${part ? `, ${part}` : ''}`;
}

/** The value of one edited field (a dotted path into the settings). */
export function brandFieldValue(settings: BrandSettingsEdit | BrandSettings, field: BrandEditField): unknown {
  let value: unknown = settings;
  for (const part of field.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/** The editable part of stored settings. */
export function brandEditOf(settings: BrandSettings): BrandSettingsEdit {
  return {
    clientName: settings.clientName,
    platformName: settings.platformName,
    titleName: settings.titleName,
    keywords: settings.keywords,
    description: settings.description,
    faviconLink: settings.faviconLink,
    domains: { ...settings.domains },
    applySignCondition: settings.applySignCondition,
    shortStorySignCondition: settings.shortStorySignCondition,
    penNameChangeDays: settings.penNameChangeDays,
    editorTitle: settings.editorTitle,
    onlineSignSuccessText: settings.onlineSignSuccessText,
    captchaConfig: { is_closed: settings.captchaConfig.is_closed },
    appGlobalPop: { show: settings.appGlobalPop.show },
    footerLinks: settings.footerLinks.map((l) => ({ label: l.label, url: l.url })),
    signingPolicyLinks: settings.signingPolicyLinks.map((l) => ({ label: l.label, url: l.url })),
    editorLinks: (settings.editorLinks ?? []).map((l) => ({ label: l.label, url: l.url })),
    welfareRules: {
      full_attendance: { ...settings.welfareRules.full_attendance },
      update_bonus: { ...settings.welfareRules.update_bonus },
    },
  };
}

/** The fields whose values differ, in form order. */
export function brandSettingsChanges(
  before: BrandSettingsEdit | BrandSettings,
  after: BrandSettingsEdit | BrandSettings,
): BrandEditField[] {
  return BRAND_EDIT_FIELDS.filter(
    (field) => JSON.stringify(brandFieldValue(before, field)) !== JSON.stringify(brandFieldValue(after, field)),
  );
}

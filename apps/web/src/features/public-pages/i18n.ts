import { addNamespace } from '../../i18n/index.ts';

/** Strings of the public pages (`useTranslation('public')`): zh-CN first, en-US complete. */
export const PUBLIC_NS = 'public';

const zhCN = {
  bookActivities: {
    label: '活动',
    entered: '已报名「{{title}}」',
    eligible: '可报名「{{title}}」',
  },
  activities: {
    title: '活动中心',
    lead: '征文、评选和扶持活动：报名参加，让更多读者看到你的作品。',
    tabs: { all: '全部', current: '进行中', upcoming: '即将开始', past: '已结束' },
    status: { current: '进行中', upcoming: '即将开始', past: '已结束' },
    period: '{{from}} 至 {{to}}',
    empty: '暂时没有活动',
    prev: '上一页',
    next: '下一页',
    pageOf: '第 {{page}} / {{pages}} 页',
    view: '查看活动',
  },
  activity: {
    time: '活动时间',
    rules: '活动规则',
    content: '活动详情',
    entries: '参赛作品（{{count}}）',
    noEntries: '还没有作品报名，快来成为第一个吧',
    enterTitle: '报名参加',
    loginToEnter: '登录后即可用自己的作品报名',
    login: '登录报名',
    noBooks: '您还没有作品，先去创建一部吧',
    createBook: '创建作品',
    enter: '报名',
    entered: '已报名',
    enteredToast: '报名成功',
    notOpen: '活动未在进行中，暂不能报名',
    eligibility: '参加条件',
    kind: { '': '不限作品类型', novel: '长篇小说', short: '短篇', screenplay: '剧本' },
    minWords: '已发布字数不少于 {{count}} 字',
    back: '返回活动中心',
  },
  article: {
    published: '发布于 {{date}}',
    kinds: { announcement: '公告', signing_policy: '签约政策' },
  },
  agreement: {
    version: '第 {{version}} 版，{{date}} 起生效',
    promptTitle: '协议更新',
    promptLead: '以下协议有了新版本，请阅读并同意后继续使用作者中心：',
    read: '阅读全文',
    accept: '我已阅读并同意',
    accepted: '已同意',
    acceptFailed: '没有保存成功，请重试',
  },
  adapt: {
    title: '改编书单',
    lead: '平台开放改编的优质作品：阅读改编资料，申请将它们改编为剧本。',
    ranking: '改编热度榜',
    search: '搜索',
    searchPlaceholder: '书名、作者或题材',
    allGenres: '全部题材',
    results: '「{{keyword}}」的搜索结果（{{count}}）',
    empty: '没有找到符合条件的作品',
    heat: '热度 {{heat}}',
    by: '作者：{{name}}',
    materials: '改编资料',
    hideMaterials: '收起资料',
    apply: '申请改编',
    loginToApply: '登录后申请改编',
  },
  loadFailed: '内容加载失败',
  loadFailedDesc: '请检查网络后重试。',
  retry: '重试',
};

export type PublicMessages = typeof zhCN;

addNamespace(PUBLIC_NS, zhCN, () => import('./i18n.en-US.ts'));

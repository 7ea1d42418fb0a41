import { addNamespace } from '../../i18n/index.ts';

/** The help centre's strings (`useTranslation('help')`): zh-CN first, en-US complete. Articles themselves are Chinese content. */
export const HELP_NS = 'help';

export const helpZhCN = {
  title: '帮助中心',
  lead: '作者中心的使用说明和规则：签约、上架、稿酬、章节发布……',
  searchPlaceholder: '搜索问题，例如：稿酬什么时候发放',
  search: '搜索',
  popular: '热门问题',
  categories: '问题分类',
  viewAll: '查看全部（{{count}}）',
  noQuestions: '这个分类下还没有问题',
  questions: '问题列表',
  updatedAt: '更新于 {{date}}',
  views: '{{count}}次浏览',
  solvedAsk: '这篇文章解决了您的问题吗？',
  solvedYes: '已解决',
  solvedNo: '未解决',
  solvedThanks: '感谢您的反馈！',
  solvedNoHint: '抱歉没能帮到您。您可以换个关键词搜索，或者向AI助理、责任编辑提问。',
  solvedCount: '{{count}}人觉得有帮助',
  solveFailed: '反馈没有提交成功，请稍后再试',
  related: '相关问题',
  backHome: '返回帮助中心',
  searchResults: '搜索结果',
  searchCount: '找到 {{count}} 个与「{{keyword}}」相关的问题',
  searchEmpty: '没有找到与「{{keyword}}」相关的问题',
  searchEmptyHint: '换个说法试试，比如用“签约”“稿酬”“上架”这样的词；也可以看看下面的热门问题。',
  searchPrompt: '请输入要搜索的问题',
  loadFailed: '内容加载失败',
  loadFailedDesc: '请检查网络后重试。',
  notFound: '这个问题不存在或已下线',
  notFoundDesc: '它可能已被删除或移动，您可以回到帮助中心查找。',
  stillNeedHelp: '没找到答案？',
  stillNeedHelpDesc: '登录后可以点页面右侧的AI助理提问，它会根据帮助中心的内容回答您。',
  breadcrumb: '位置',
} as const;

export type HelpMessages = Record<keyof typeof helpZhCN, string>;

addNamespace(HELP_NS, helpZhCN, () => import('./i18n.en-US.ts'));

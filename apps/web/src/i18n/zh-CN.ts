import {
  HTTP_OTHER_MESSAGE,
  HTTP_STATUS_MESSAGES,
  OFFLINE_MESSAGE,
  TIMEOUT_MESSAGE,
} from '@author-centre/shared/errors';
import { ALL_ROUTES } from '../app/route-table.ts';

/**
 * Simplified Chinese: the default and complete language. Strings the specification gives in
 * Chinese appear here verbatim (the HTTP and network messages come straight from packages/shared).
 */
const zhCN = {
  common: {
    home: '首页',
    backHome: '返回首页',
    goBack: '返回上一页',
    retry: '重试',
    reload: '刷新页面',
    loading: '加载中…',
    confirm: '确定',
    cancel: '取消',
    close: '关闭',
    operationSucceeded: '操作成功',
    showPassword: '显示密码',
    hidePassword: '隐藏密码',
  },
  table: {
    pagination: '分页',
    prevPage: '上一页',
    nextPage: '下一页',
    page: '第 {{page}} 页',
    prev5: '向前 5 页',
    next5: '向后 5 页',
    selectAll: '全选当前页',
    selectRow: '选择此行',
  },
  app: {
    skipToContent: '跳到主要内容',
    brandLoading: '正在加载平台配置…',
    updateReady: '作者中心有新版本，内容保存后点击刷新即可使用',
    updateReload: '刷新',
    brandLoadFailed: '平台配置加载失败',
    brandLoadFailedDesc: '暂时无法连接作者中心，请检查网络后重试。',
    loginStatusFailed: '登录状态获取失败',
    loginStatusFailedDesc: '暂时无法确认您的登录状态，请稍后重试。',
    pageLoadFailed: '页面加载失败',
    pageLoadFailedDesc: '页面出现异常，请刷新后重试。如果问题持续出现，请联系我们。',
  },
  header: {
    nav: '页头导航',
    bbs: '作者论坛',
    signingPolicy: '签约政策',
    writingCamp: '新人训练营',
    message: '消息',
    comments: '评论',
    login: '登录/注册',
    penNamePlaceholder: '作者 {{id}}',
    language: '语言',
  },
  footer: {
    nav: '页脚链接',
    copyright: '© {{year}} {{name}} 版权所有',
  },
  rightBar: {
    backTop: '回到顶部',
    helpCenter: '帮助中心',
    feedback: '意见反馈',
  },
  language: {
    'zh-CN': '简体中文',
    'en-US': 'English',
  },
  notAvailable: {
    title: '该功能暂未开放',
    desc: '「{{page}}」正在建设中，开放后即可在这里使用。',
  },
  notFound: {
    title: '页面不存在',
    desc: '您访问的页面不存在，可能是链接有误或页面已被移除。',
  },
  errorPage: {
    title: '出错了',
    desc: '页面遇到了问题，请稍后重试。如果问题持续出现，请通过意见反馈告诉我们。',
  },
  copy: {
    success: '复制成功',
    failed: '复制失败',
  },
  image: {
    loadFailed: '图片加载失败',
  },
  api: {
    http: Object.fromEntries(Object.entries(HTTP_STATUS_MESSAGES).map(([status, text]) => [status, text])) as Record<
      string,
      string
    >,
    httpOther: HTTP_OTHER_MESSAGE,
    timeout: TIMEOUT_MESSAGE,
    offline: OFFLINE_MESSAGE,
    network: '网络连接失败，请稍后重试！',
    badResponse: '服务器返回的数据无法识别，请稍后重试！',
  },
  example: {
    intro:
      '本页展示作者中心的通用布局与组件：页面宽度在 {{min}}–{{max}} 像素之间，两侧各留 {{margin}} 像素，页头、页脚和右侧工具栏由布局统一提供。',
    layoutTitle: '布局常量',
    minWidth: '最小宽度',
    maxWidth: '最大宽度',
    margin: '两侧边距',
    componentsTitle: '通用组件',
    openConfirm: '打开确认框',
    confirmTitle: '是否清空记录',
    confirmTxt: '清空记录后将<b>无法查看</b>，请仔细考虑',
    confirmTips: '此操作仅为演示，不会修改任何数据。',
    confirmed: '已确认',
    copyLabel: '复制平台名称',
    brokenImage: '加载失败的图片会显示默认图',
  },
  routeTitle: Object.fromEntries(ALL_ROUTES.map((r) => [r.id, r.title])) as Record<string, string>,
};

export default zhCN;

/** The shape every language must fill: same keys, string leaves. */
export type Messages = typeof zhCN;

import { addNamespace } from '../../i18n/index.ts';

export const zhCN = {
  news: {
    message: '消息中心',
    notice: '公告',
    tabs: { message: '消息', notice: '公告' },
    allRead: '全部已读',
    allReadDone: '已全部标为已读',
    unread: '未读',
    pinned: '置顶',
    empty: { message: '暂无消息', notice: '暂无公告' },
    failed: '列表加载失败',
    failedDesc: '暂时无法获取列表，请稍后重试。',
    detailFailed: '内容加载失败，请稍后重试。',
    from: '来自：{{sender}}',
    open: '查看详情',
    total: '共 {{total}} 条',
    categories: {
      system: '系统',
      editor: '编辑',
      sign: '签约',
      income: '稿酬',
      activity: '活动',
      platform: '平台',
      rule: '规则',
    },
  },
};

addNamespace('translation', zhCN, () => import('./i18n.en-US.ts'));

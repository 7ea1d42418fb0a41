import i18n from '../../i18n/index.ts';

const zhCN = {
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

const enUS: typeof zhCN = {
  news: {
    message: 'Messages',
    notice: 'Notices',
    tabs: { message: 'Messages', notice: 'Notices' },
    allRead: 'Mark all read',
    allReadDone: 'All marked as read',
    unread: 'Unread',
    pinned: 'Pinned',
    empty: { message: 'No messages', notice: 'No notices' },
    failed: 'The list could not load',
    failedDesc: 'The list cannot be fetched right now. Please try again later.',
    detailFailed: 'This could not load. Please try again later.',
    from: 'From: {{sender}}',
    open: 'Open',
    total: '{{total}} in all',
    categories: {
      system: 'System',
      editor: 'Editor',
      sign: 'Signing',
      income: 'Royalties',
      activity: 'Activity',
      platform: 'Platform',
      rule: 'Rules',
    },
  },
};

i18n.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
i18n.addResourceBundle('en-US', 'translation', enUS, true, false);

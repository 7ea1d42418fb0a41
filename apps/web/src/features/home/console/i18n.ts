import i18n from '../../../i18n/index.ts';

const zhCN = {
  console: {
    activities: {
      title: '首页活动',
      new: '新建活动',
      edit: '编辑活动',
      end: '提前结束',
      endTitle: '提前结束「{{title}}」？',
      endDesc: '结束后，作者的首页立即不再显示这个活动。已结束的活动不能重新开始，只能新建。',
      fields: {
        title: '标题',
        summary: '简介',
        cover: '封面图地址',
        url: '链接',
        period: '时间（北京时间）',
        sort: '排序',
        state: '状态',
        created: '创建时间（北京时间）',
      },
      urlHelp: '站内路径（以 / 开头）或 https 地址',
      urlInvalid: '请填写以 / 开头的站内路径或 https:// 开头的地址',
      periodRequired: '请选择开始和结束时间',
      endsBeforeStart: '结束时间须晚于开始时间',
      titleRequired: '请填写标题',
      states: { upcoming: '未开始', running: '进行中', ended: '已结束' },
      saved: '已保存',
      ended: '活动已结束',
      save: '保存',
      cancel: '取消',
    },
  },
};

const enUS: typeof zhCN = {
  console: {
    activities: {
      title: 'Home activities',
      new: 'New activity',
      edit: 'Edit activity',
      end: 'End now',
      endTitle: 'End "{{title}}" now?',
      endDesc:
        'Authors’ home pages stop showing this activity at once. An ended activity cannot be restarted; create a new one instead.',
      fields: {
        title: 'Title',
        summary: 'Summary',
        cover: 'Cover image address',
        url: 'Link',
        period: 'Period (Beijing time)',
        sort: 'Order',
        state: 'State',
        created: 'Created (Beijing time)',
      },
      urlHelp: 'A path on this site (starting with /) or an https address',
      urlInvalid: 'Enter a path starting with / or an address starting with https://',
      periodRequired: 'Choose when it starts and ends',
      endsBeforeStart: 'The end must be after the start',
      titleRequired: 'Enter a title',
      states: { upcoming: 'Upcoming', running: 'Running', ended: 'Ended' },
      saved: 'Saved',
      ended: 'The activity has ended',
      save: 'Save',
      cancel: 'Cancel',
    },
  },
};

i18n.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
i18n.addResourceBundle('en-US', 'translation', enUS, true, false);

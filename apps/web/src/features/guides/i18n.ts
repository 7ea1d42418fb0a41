import { addNamespace } from '../../i18n/index.ts';

/** Beginner guide and page guides (§4, §9 guide text). */
export const zhCN = {
  guides: {
    beginner: {
      title: '新手指引',
      selectTitle: '欢迎来到作者中心！您想创作哪类作品？',
      options: {
        long: { label: '长篇小说', text: '连载更新的长篇作品，签约后可上架获得稿酬' },
        short: { label: '短篇故事', text: '一次发布完成的短篇作品，设置付费点即可获得收益' },
        skip: { label: '我已熟悉', text: '跳过新手指引，直接开始' },
      },
      confirm: '确定',
      counter: '第 {{index}} / {{total}} 步',
      prev: '上一步',
      next: '下一步',
      steps: {
        'create-book': {
          title: '创建作品',
          long: '点击「作品管理」中的「创建作品」，填写书名、分类、标签和简介，即可开始写第一章。',
          short: '点击「短篇管理」中的「创建短篇」，填写标题和简介，在编辑器里完成您的故事。',
        },
        'apply-sign': {
          title: '申请签约',
          long: '作品字数达到{{condition}}后即可申请签约，责任编辑会在审核后与您联系。',
          short: '短篇故事满{{short}}字，完成实名认证并设置付费点后即可申请签约。',
        },
        'get-onshlve': {
          title: '作品上架',
          long: '签约且字数达到{{listing}}字后，作品会自动在免费阅读APP上架，让更多读者看到。',
        },
        'get-profit': {
          title: '获得稿酬',
          long: '稿酬按月结算，每月{{day}}日发放至您绑定的银行卡。稿酬由保底、分成和福利三部分组成。',
        },
        welcome: {
          title: '欢迎加入',
          long: '恭喜您完成新手指引！现在就开始您的创作之旅吧。',
          short: '恭喜您完成新手指引！现在就写下您的第一个故事吧。',
        },
      },
      detail: '查看详细指南',
      start: '开始创作',
      close: '关闭新手指引',
    },
    page: {
      counter: '{{index}}/{{total}}',
      next: '下一步',
      done: '我知道了',
      32: {
        title: '封面制作',
        steps: [
          '选择一个喜欢的封面模板，书名和笔名会自动填入。',
          '调整字体、字号和颜色，右侧实时预览效果，满意后保存即可使用。',
        ],
      },
      7: {
        title: '读者纠错',
        steps: ['读者发现的错别字会汇总在这里。', '逐条查看纠错内容，确认后可一键修改章节，修改记录会保留。'],
      },
      34: {
        title: '评论管理',
        steps: ['读者的评论会汇总在这里，按作品筛选即可查看。', '您可以回复、点赞、置顶、加精或折叠评论，与读者互动。'],
      },
    },
  },
};

addNamespace('translation', zhCN, () => import('./i18n.en-US.ts'));

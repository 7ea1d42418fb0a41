import i18n from '../../../i18n/index.ts';

/**
 * Strings of the brand settings screen, under `console.brandSettings`. Field names and validation
 * messages come from the shared schema (packages/shared/src/brand-settings.ts), which the server
 * answers with too.
 */
const zhCN = {
  console: {
    brandSettings: {
      title: '品牌设置',
      intro: '「{{brand}}」的站点信息、签约文案、笔名修改规则、弹窗与验证码、链接。保存后立即生效，无需重启服务。',
      groups: {
        site: '站点',
        domains: '域名',
        signing: '签约',
        authors: '作者信息',
        popups: '弹窗与验证码',
        welfare: '福利规则',
        links: '链接',
        fixed: '其他设置（只读）',
      },
      help: {
        titleName: '浏览器标签页显示为「{{example}}」',
        domains: '填写域名本身，不含 http:// 和路径。每个域名只能属于一个品牌。',
        pc: '作者在电脑上打开的地址；作者中心按这个域名识别品牌',
        mobile: '作者在手机上打开的地址；同样用来识别品牌',
        applySignCondition: '长篇小说达到这个字数后可以申请签约，如 2万、4千',
        shortStorySignCondition: '短篇故事达到这个字数后可以申请签约',
        penNameChangeDays: '作者每隔这么多天可以修改一次笔名（个人信息页和帮助文章会写明这个天数），默认90天',
        editorTitle: '作者看到的编辑称谓，如「责任编辑」',
        onlineSignSuccessText: '作者提交线上电子签约后看到的提示',
        captcha: '打开后，作者获取短信验证码前不再需要完成拼图验证（不建议长期打开）',
        appGlobalPop: '关闭后，作者页面不再弹出全局弹窗（绑定手机、勋章、升级、毕业等）',
        faviconLink: '以 http(s):// 开头的网址，或以 / 开头的站内路径',
        links: '每组最多 {{max}} 个；网址可以是 http(s):// 开头的网址，或以 / 开头的站内路径',
        welfare:
          '签约作品每月结算时按这些规则发放福利（作者在「收入管理-福利」和帮助文章中看到）；修改从下一个尚未结算的月份起生效，已结算的月份不变；金额以分为单位，填0即不发放该项',
      },
      welfareAmount: '金额',
      fen: '分',
      min_daily_words: '每日更新字数不少于',
      min_month_words: '当月更新字数不少于',
      welfareRule: '{{yuan}}元，{{per}}{{words}}字',
      exampleRoute: '作品管理',
      linkLabel: '名称',
      linkUrl: '网址',
      addLink: '添加链接',
      removeLink: '删除这条链接',
      noLinks: '没有链接',
      on: '开',
      off: '关',
      empty: '（空）',
      save: '保存',
      reset: '撤销修改',
      nothingChanged: '没有修改任何设置',
      fixFirst: '有 {{count}} 处填写不正确，请按提示修改后再保存',
      confirmTitle: '确认修改「{{brand}}」的品牌设置',
      confirmWarning: '这些设置将立即对「{{brand}}」的所有作者生效。',
      confirmOk: '确认保存',
      field: '设置项',
      before: '修改前',
      after: '修改后',
      saved: '已保存。作者打开或刷新页面时即看到新的设置。',
      reload: '载入最新设置',
      loadFailed: '品牌设置加载失败',
      fixed: {
        brief: '品牌代号',
        localHost: '本地地址',
        theme: '主题色',
        permissions: '功能权限',
        environment: '环境',
      },
    },
  },
};

const enUS: typeof zhCN = {
  console: {
    brandSettings: {
      title: 'Brand settings',
      intro:
        'Site details, signing texts, the pen name rule, pop-ups and captcha, and links of {{brand}}. A save takes effect at once, without restarting the service.',
      groups: {
        site: 'Site',
        domains: 'Domains',
        signing: 'Signing',
        authors: 'Author information',
        popups: 'Pop-ups and captcha',
        welfare: 'Welfare rules',
        links: 'Links',
        fixed: 'Other settings (read only)',
      },
      help: {
        titleName: 'The browser tab shows “{{example}}”',
        domains: 'Enter the host name only, without http:// and without a path. Each domain belongs to one brand.',
        pc: 'The address authors open on a computer; the author centre knows the brand by it',
        mobile: 'The address authors open on a phone; also used to know the brand',
        applySignCondition: 'A novel can apply for signing once it has this many words, e.g. 2万, 4千',
        shortStorySignCondition: 'A short story can apply for signing once it has this many characters',
        penNameChangeDays:
          'An author can change their pen name once in this many days (the personal information page and the help article state it); 90 by default',
        editorTitle: 'What authors call their editor, e.g. 责任编辑',
        onlineSignSuccessText: 'What authors see after submitting an online signing',
        captcha:
          'When on, authors no longer solve the slider puzzle before a text-message code is sent (not advised for long)',
        appGlobalPop:
          'When off, author pages no longer open the global pop-ups (bind a phone, badges, level-ups, graduation…)',
        faviconLink: 'An address starting with http(s)://, or a path on this site starting with /',
        links: 'At most {{max}} per list; an address starting with http(s)://, or a path on this site starting with /',
        welfare:
          'Signed books earn this welfare at each month’s close (authors see it under Income → Welfare and in the help article); a change applies from the next month not yet closed, closed months never change; amounts are in fen, 0 turns a rule off',
      },
      welfareAmount: 'Amount',
      fen: 'fen',
      min_daily_words: 'Words a day, at least',
      min_month_words: 'Words in the month, at least',
      welfareRule: '{{yuan}} yuan, {{per}} {{words}}',
      exampleRoute: 'Works',
      linkLabel: 'Name',
      linkUrl: 'Address',
      addLink: 'Add a link',
      removeLink: 'Remove this link',
      noLinks: 'No links',
      on: 'On',
      off: 'Off',
      empty: '(empty)',
      save: 'Save',
      reset: 'Undo changes',
      nothingChanged: 'No setting was changed',
      fixFirst: '{{count}} entries are not right; correct them as shown, then save',
      confirmTitle: 'Confirm the new settings of {{brand}}',
      confirmWarning: 'These settings change for every author of {{brand}} at once.',
      confirmOk: 'Save them',
      field: 'Setting',
      before: 'Before',
      after: 'After',
      saved: 'Saved. Authors see the new settings when they open or reload a page.',
      reload: 'Load the latest settings',
      loadFailed: 'The brand settings could not load',
      fixed: {
        brief: 'Brief name',
        localHost: 'Local address',
        theme: 'Theme',
        permissions: 'Features',
        environment: 'Environment',
      },
    },
  },
};

i18n.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
i18n.addResourceBundle('en-US', 'translation', enUS, true, false);

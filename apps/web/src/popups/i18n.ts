import { addNamespace } from '../i18n/index.ts';

/** Strings of the global pop-ups and the every-page behaviours (zh-CN first; en-US complete). */
export const zhCN = {
  popups: {
    close: '关闭',
    badge: {
      title: '恭喜获得新勋章',
      titleMany: '恭喜获得 {{count}} 枚新勋章',
      open: '拆开信封',
      openHint: '您收到了一封来自平台的信',
      viewMore: '查看更多勋章',
      growth: '+{{count}} 成长值',
      counter: '第 {{index}} / {{total}} 枚',
      prev: '上一枚',
      next: '下一枚',
      date: '获得于 {{date}}',
      carousel: '勋章轮播',
    },
    level: {
      title: '恭喜升级',
      levelBadge: 'Lv{{level}}',
      detail: '查看等级详情',
      gotIt: '我知道了',
      counter: '{{index}} / {{total}}',
    },
    graduate: {
      normal: '恭喜顺利结业',
      excellent: '恭喜获得优秀学员',
      normalDesc: '您已完成「{{period}}」的全部课程，顺利结业！',
      excellentDesc: '您在「{{period}}」中表现出色，荣获优秀学员称号！',
      button: '去荣誉墙看看',
      open: '拆开信封',
    },
    timeZone: {
      title: '时区提示',
      text: '检测到您的设备时区可能不准确，建议将设备时区修改为当前所在地的时区。',
      detail: '当前网络所在时区：{{ip}}；设备时区：{{device}}',
      gotIt: '我知道了',
    },
    accountSplit: {
      title: '请为笔名绑定独立手机号',
      text: '您的多个笔名目前共用同一个手机号。为保障账号安全，请为每个笔名绑定独立的手机号。',
      penNames: '共用手机号的笔名',
      go: '去绑定',
      later: '稍后再说',
    },
    completeInfo: {
      title: '请完善作者信息',
      text: '您的账号尚未绑定手机号，绑定后才能接收签约、稿酬等重要通知。',
      go: '去完善',
      later: '稍后再说',
    },
    env: {
      title: '网络环境提示',
      text: '检测到您当前使用境外网络（IP：{{ip}}）访问作者中心。如非本人操作，请及时修改密码。',
      gotIt: '我知道了',
    },
    compat: {
      text: '您的浏览器版本过低，部分功能可能无法正常使用。建议升级到最新版 Chrome、Edge 或 Firefox 浏览器。',
      close: '关闭提示',
    },
    appDownload: {
      title: '下载作者APP',
      text: '用作者APP进行{{label}}更方便，随时随地查看作品动态。',
      download: '下载APP',
      later: '暂不下载',
    },
    branch: {
      label: '分支信息',
      title: '测试环境分支',
      current: '当前',
      lastMerge: '最后合并：{{time}}',
      empty: '暂无分支信息',
      failed: '分支信息获取失败',
    },
  },
};

addNamespace('translation', zhCN, () => import('./i18n.en-US.ts'));

import { addNamespace } from '../../i18n/index.ts';

/**
 * The AI assistant's strings, in their own namespace (`useTranslation('aiAssistant')`). zh-CN carries
 * the specification's wording verbatim; en-US is complete. The hide confirmation is given by the
 * specification in English; its zh-CN wording is our translation.
 */
export const AI_NS = 'aiAssistant';

export const aiAssistantZhCN = {
  title: 'AI助理',
  feedback: '反馈',
  clear: '清空',
  close: '关闭',
  intro:
    '您好，我是AI助理！我会根据帮助中心的内容，解答作者中心的使用和规则问题，比如申请签约、稿酬结算、作品上架、章节发布和请假。',
  introQuestions: '猜您想问',
  placeholder: '请输入您的问题',
  empty: '请输入您的问题',
  ask: '发送',
  inputHint: 'Enter 发送，Shift+Enter 换行',
  pendingOutside: 'AI助理请求频繁，请稍后再试',
  pendingInside: '努力加载中，请您稍等',
  useful: '有用',
  useless: '无用',
  another: '换一换',
  retry: '重试',
  marked: '感谢您的反馈',
  markFailed: '评价没有提交成功，请稍后再试',
  source: '查看原文：',
  goHelp: '前往帮助中心浏览全部问题',
  prevAnswer: '上一个答案',
  nextAnswer: '下一个答案',
  pager: '第{{current}}/{{total}}个答案',
  clearTitle: '是否清空记录',
  clearDesc: '清空记录后将无法查看，请仔细考虑',
  hide: '隐藏AI助理',
  hideTitle: '确认隐藏AI助理吗？',
  hideDesc: '隐藏后可在右侧重新打开',
  open: '打开AI助理',
  reopen: '重新打开AI助理',
  hoverPrompt: '有问题？问问AI助理',
  you: '我',
  messages: 'AI助理对话记录',
} as const;

export type AiAssistantMessages = Record<keyof typeof aiAssistantZhCN, string>;

addNamespace(AI_NS, aiAssistantZhCN, () => import('./i18n.en-US.ts'));

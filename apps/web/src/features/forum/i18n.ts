import { addNamespace } from '../../i18n/index.ts';

/** The forum's strings (`useTranslation('forum')`): zh-CN first, en-US complete. */
export const FORUM_NS = 'forum';

const zhCN = {
  title: '我的帖子',
  lead: '您在论坛发表的主题和回复，以及它们的状态。',
  tabs: { thread: '我的主题', reply: '我的回复' },
  compose: '发表新帖',
  feedback: '意见反馈',
  empty: '还没有帖子',
  emptyHint: '有建议或问题？发一个帖子到“意见反馈”，我们会认真阅读。',
  columns: { title: '标题', category: '版块', state: '状态', replies: '回复', time: '发表时间' },
  states: { open: '正常', closed: '已关闭', hidden: '已删除', visible: '正常' },
  replyTo: '回复：{{title}}',
  open: '查看',
  category: '版块',
  postTitle: '标题',
  postTitleRule: '标题需要4到60个字',
  body: '内容',
  bodyRule: '内容需要10到5000个字',
  send: '发 表',
  sent: '发表成功',
  thread: '帖子',
  replyBox: '写下你的回复',
  replyRule: '回复需要2到5000个字',
  reply: '回复',
  replied: '回复成功',
  closedNote: '该帖子已关闭，不能再回复',
  external: '帖子在论坛中打开',
  loadFailed: '加载失败',
  retry: '重试',
  report: '举报',
  reportTitle: '举报这条帖子',
  reportLead: '请写明违规之处（如广告、辱骂、泄露隐私），编辑会尽快处理。',
  reportReason: '举报原因（2～200个字）',
  reportRule: '请写明举报原因（至少2个字）',
  reported: '举报已提交，编辑会尽快处理',
};

export type ForumMessages = typeof zhCN;

addNamespace(FORUM_NS, zhCN, () => import('./i18n.en-US.ts'));

import i18n from '../../i18n/index.ts';

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

const enUS: ForumMessages = {
  title: 'My posts',
  lead: 'The threads and replies you posted on the forum, and their state.',
  tabs: { thread: 'My threads', reply: 'My replies' },
  compose: 'New thread',
  feedback: 'Feedback',
  empty: 'No posts yet',
  emptyHint: 'Have a suggestion or a problem? Post it under “Feedback”; we read every one.',
  columns: { title: 'Title', category: 'Category', state: 'State', replies: 'Replies', time: 'Posted' },
  states: { open: 'Open', closed: 'Closed', hidden: 'Removed', visible: 'Visible' },
  replyTo: 'Re: {{title}}',
  open: 'Open',
  category: 'Category',
  postTitle: 'Title',
  postTitleRule: 'The title needs 4 to 60 characters',
  body: 'Content',
  bodyRule: 'The content needs 10 to 5000 characters',
  send: 'Post',
  sent: 'Posted',
  thread: 'Thread',
  replyBox: 'Write your reply',
  replyRule: 'A reply needs 2 to 5000 characters',
  reply: 'Reply',
  replied: 'Replied',
  closedNote: 'This thread is closed to replies',
  external: 'Opens on the forum',
  loadFailed: 'Failed to load',
  retry: 'Retry',
  report: 'Report',
  reportTitle: 'Report this post',
  reportLead:
    'Say what breaks the rules (advertising, abuse, someone’s private details); the editors will look at it soon.',
  reportReason: 'Reason (2–200 characters)',
  reportRule: 'Please say why you report it (at least 2 characters)',
  reported: 'Reported; the editors will look at it soon',
};

i18n.addResourceBundle('zh-CN', FORUM_NS, zhCN, true, false);
i18n.addResourceBundle('en-US', FORUM_NS, enUS, true, false);

/**
 * Where an article sends an author with a suggestion or question: the page's own 意见反馈 link, which
 * follows the configured forum (the embedded forum's feedback category 8, or Discourse's) — never a forum
 * address, which differs per deployment (migration 202612280102 rewrote the earlier `bbs.<host>` text).
 */
export const FEEDBACK_WAY = '点页面底部的「意见反馈」，在论坛的意见反馈版块留言';
/** Where an article says the forum is: the header's module, which follows the configured forum too. */
export const FORUM_WAY = '页面顶部的「作者论坛」';
/** Where the beginner guide's 查看详细指南 leads (forumLinks().guide in shared brands). */
export const GUIDE_WAY =
  '打开更详细的说明：用本站论坛时是帮助中心的入门文章，接入外部论坛时在新标签页打开论坛的相应版块';
/** What the brand's staff may do on the embedded forum (console 论坛管理) and how an author reports a post. */
export const MODERATION_WAY = `- 看到违规的帖子或回复，可以点它下方的「举报」并写明原因；编辑会在后台处理；
- 编辑可以隐藏违规的主题或回复（隐藏后别人看不到，显示为“已删除”），也可以关闭主题（之后不能再回复），在「我的帖子」里能看到每一条的状态。`;
/** Article 255's title and keywords: the forum's rules, and reporting a post (seeded earlier as `before`). */
export const FORUM_RULES = {
  title: '论坛发帖有什么规定？违规帖子怎么举报？',
  keywords:
    '论坛规则,版规,发帖规定,发帖要求,帖子被关闭,帖子被删除,发帖过于频繁,论坛,举报帖子,举报违规帖,发广告,帖子被隐藏,回复被隐藏,每小时最多发',
  before: {
    title: '论坛发帖有什么规定？',
    keywords: '论坛规则,版规,发帖规定,发帖要求,帖子被关闭,帖子被删除,发帖过于频繁,论坛',
  },
};

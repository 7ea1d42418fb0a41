import { CONTRACT_TERM_OPTIONS } from '@author-centre/shared';
import { MUTE_DAYS } from '../../modules/comments/comments.service.ts';
import { FORUM_LIMITS } from '../../modules/forum/forum-provider.ts';
import type { Facts, HelpSeedArticle } from '../help-articles.ts';
import { FORUM_RULES, FORUM_WAY, MODERATION_WAY } from './forum-ways.ts';

/**
 * Issue 18: articles for what authors ask and found nothing or the wrong article: ending a contract, tax on
 * royalties, turning comments off, finishing a book, deleting and recovering a chapter, the forum's rules.
 * Numbers 250–255. Each states what the product does, and where it does not do something, what to do instead.
 */
export function authorQuestionsArticles(f: Facts): HelpSeedArticle[] {
  const terms = CONTRACT_TERM_OPTIONS.termMonths.map((m) => `${m}个月`).join('、');
  const muteDays = MUTE_DAYS.map((d) => `${d}天`).join('、');
  const L = FORUM_LIMITS;
  return [
    {
      number: 250,
      category: 4,
      title: '合同可以提前解除吗？合同到期后怎么办？',
      keywords: '解约,解除合同,终止合同,提前解约,合同到期,到期续约,续约,不想签了,退出签约',
      body: `作者中心没有在线解约的功能，合同也不会因为停止更新而自动解除。

合同的授权期限（${terms}，签约时选定）自${f.client}审核盖章之日起计算，写在合同第二条；期限届满前双方可以协商续约。在「我的合同」里可以看到每份合同和它的期限。

想提前解除合同，或到期后不再续约，请联系您的${f.editor}协商，按合同约定办理。只是想调整分成比例或授权期限，可以为同一部作品重新发起线上签约，新合同审核通过后取代原来那份（见《已盖章的合同还能修改条款吗？》）。`,
    },
    {
      number: 251,
      category: 6,
      title: '稿酬要交税吗？税是怎么扣的？',
      keywords: '税,个税,个人所得税,扣税,代扣代缴,税前,税后,完税证明,纳税,报税',
      body: `作者中心显示的是按合同计算的稿酬：月度结算单的合计由分成、保底补足、福利和往月更正相加，其中没有税费这一行，作者中心也不计算或申报个人所得税。

稿酬的税费按您的合同约定和国家税务规定处理。想了解某个月的税费是怎样扣缴的，或者需要完税证明，请联系您的${f.editor}。

结算单每一行的算法见《月度结算单是怎么算出来的？分成和保底补足怎么算？》。`,
    },
    {
      number: 252,
      category: 7,
      title: '能关闭作品或某一章的评论吗？',
      keywords: '关闭评论,关评论,禁止评论,屏蔽评论,评论开关,关闭评论区',
      body: `目前不能关闭整部作品或某一章的评论，也不能只允许部分读者评论。不想看到的评论，可以在「评论管理」中这样处理：

- 折叠：内容质量低或不当的评论折叠后，读者默认看不到；
- 禁言：对恶意刷屏、辱骂的读者禁言（${muteDays}），禁言期间他在您所有作品下的新评论都会被拦截；
- 举报：违规的评论可以举报，由平台处理。

遇到持续的辱骂或骚扰，请联系您的${f.editor}。`,
    },
    {
      number: 253,
      category: 3,
      title: '作品写完了，怎么设置完本（已完结）？',
      keywords: '完本,完结,已完结,连载中,完结状态,大结局,番外',
      body: `在作品的「作品信息」页，把「完结状态」从「连载中」改为「已完结」，保存即可。作品列表和首页上的作品随即显示「已完结」。

设为已完结后，仍然可以发布新章节（例如番外）；需要时也可以改回「连载中」。`,
    },
    {
      number: 254,
      category: 3,
      title: '怎么删除章节？删掉的章节能恢复吗？',
      keywords: '删除章节,删章节,删错了,误删,回收站,恢复章节,章节恢复,删除分卷',
      body: `在作品的章节列表中，点章节右侧的「删除」并确认，章节会移入「回收站」，可随时恢复：打开「回收站」，点章节旁的「恢复」，章节回到它原来所在分卷的位置。

- 已发布的章节删除后读者就看不到了，恢复后重新上线；
- 设了定时发布的章节，删除后定时发布取消，恢复后需要重新设置；
- 已发布的付费章节不能删除：读者已为其付费；
- 短篇作品的正文不能单独删除；
- 回收站里的章节不计入作品字数。

要删除一个分卷，请先移走或删除其中的章节。`,
    },
    {
      number: 255,
      category: 9,
      title: FORUM_RULES.title,
      keywords: FORUM_RULES.keywords,
      body: `论坛（${FORUM_WAY}）用作者中心的账号登录，发帖时有这些规定：

- 主题的标题${L.title.min}～${L.title.max}个字，内容${L.body.min}～${L.body.max}个字；回复${L.reply.min}～${L.reply.max}个字；
- 每人每小时最多发${L.threadsPerHour}个主题、${L.repliesPerHour}条回复，超过时提示还要等多久，例如“每小时最多发${L.threadsPerHour}个主题，请23分钟后再试”；
${MODERATION_WAY}

各版块的具体版规以论坛上的公告为准。对作者中心的建议和问题，请发到「意见反馈」版块。`,
    },
  ];
}

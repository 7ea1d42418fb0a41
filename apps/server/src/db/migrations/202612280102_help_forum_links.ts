import type { Kysely } from 'kysely';
import { FORUM_LIMITS } from '../../modules/forum/forum-provider.ts';
import { storedSettings } from '../../platform/brands/brands.ts';
import { FEEDBACK_WAY, FORUM_RULES, FORUM_WAY, GUIDE_WAY, MODERATION_WAY } from '../../seed/help/forum-ways.ts';

/**
 * Help articles seeded before the forum links followed the configured forum named a forum host,
 * `bbs.<host>`, that no deployment has (articles 55, 57, 206, 255), sent the beginner guide's detailed guide to
 * that host's column (3), and quoted a posting-limit message that said "try later" twice (255). This rewrites
 * those sentences only, where they are still as seeded (an admin's own wording is left alone), to say where on
 * the page the forum and its feedback are: links that follow the configured forum.
 */
export function rewrites(bbs: string): Array<[string, string]> {
  return [
    [`可以到论坛的意见反馈版块（${bbs}）留言。`, `${FEEDBACK_WAY}。`],
    [`或到论坛的意见反馈版块（${bbs}）留言。`, `或${FEEDBACK_WAY}。`],
    [`帖子会发到意见反馈版块（${bbs}）。`, '帖子会发到论坛的意见反馈版块；页面底部的「意见反馈」也通往这里。'],
    [`论坛（${bbs}）用作者中心的账号登录`, `论坛（${FORUM_WAY}）用作者中心的账号登录`],
    [
      '超过时提示“发帖过于频繁，请稍后再试”',
      `超过时提示还要等多久，例如“每小时最多发${FORUM_LIMITS.threadsPerHour}个主题，请23分钟后再试”`,
    ],
    ['- 论坛管理员可以关闭帖子（之后不能再回复）或删除帖子，在「我的帖子」里能看到每一条的状态。', MODERATION_WAY],
    ['（在新标签页打开论坛的新手专栏）', `（${GUIDE_WAY}）`],
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const brands = await db.selectFrom('brands').select(['client_id', 'settings']).execute();
  const now = Date.now();
  for (const brand of brands) {
    const pairs = rewrites(storedSettings(brand).domains.bbs);
    const rows = await db
      .selectFrom('help_articles')
      .select(['id', 'number', 'title', 'keywords', 'body'])
      .where('client_id', '=', brand.client_id)
      .where('number', 'in', [3, 55, 57, 206, 255])
      .execute();
    let changed = false;
    for (const row of rows) {
      let body = String(row.body);
      for (const [from, to] of pairs) body = body.split(from).join(to);
      // Article 255 now also answers how to report a post: its title and keywords say so, where still as seeded.
      const rules = Number(row.number) === 255;
      const title = rules && row.title === FORUM_RULES.before.title ? FORUM_RULES.title : row.title;
      const keywords = rules && row.keywords === FORUM_RULES.before.keywords ? FORUM_RULES.keywords : row.keywords;
      if (body === row.body && title === row.title && keywords === row.keywords) continue;
      await db
        .updateTable('help_articles')
        .set({ body, title, keywords, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      changed = true;
    }
    if (changed) {
      await db
        .updateTable('help_state')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('client_id', '=', brand.client_id)
        .execute();
    }
  }
}

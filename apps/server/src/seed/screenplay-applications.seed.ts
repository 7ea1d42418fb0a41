import { ScreenplayApplicationService } from '../modules/works/screenplay-application.ts';
import type { AppContext } from '../platform/context.ts';
import type { DemoData } from './demo.ts';

/**
 * Demo screenplay applications, so each brand's review queue in the console has something to
 * review: the demo author's original screenplay and an adaptation of their serialised novel,
 * both under review.
 */
export async function seedScreenplayApplications(ctx: AppContext, demo: DemoData): Promise<void> {
  const service = new ScreenplayApplicationService(ctx);
  for (const [clientIdText, people] of Object.entries(demo.authors)) {
    const owner = { clientId: Number(clientIdText), accountId: people.author.accountId, userId: people.author.userId };
    await service.create(owner, {
      kind: 'original',
      bookId: null,
      title: '雪夜归人',
      category: 'duanju',
      synopsis:
        '一位落魄的剑客在边城小镇遇见了失散多年的妹妹，两人联手揭开了一桩尘封二十年的旧案，最终在大雪之夜与真凶正面对决，各自找回了失去的东西。',
      episodes: 24,
      contactNote: '工作日晚上联系',
    });
    const novel = await ctx.db
      .selectFrom('books')
      .select('id')
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .where('kind', '=', 'novel')
      .where('published_count', '>', 0)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    if (!novel) continue;
    await service.create(owner, {
      kind: 'adaptation',
      bookId: novel.id,
      title: '剑出青石短剧版',
      category: 'duanju',
      synopsis:
        '少年林渊背负师门血仇，在青石小镇隐姓埋名。一场夜雨，一块火焰令牌，将他重新卷入江湖风云。短剧版保留复仇主线，每集一个反转，以师徒情和兄妹情贯穿始终。',
      episodes: 60,
      contactNote: '',
    });
  }
}

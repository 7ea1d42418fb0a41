import { SEED_BRANDS } from '@author-centre/shared';
import { sanitizeRichText } from '../modules/public-pages/sanitize.ts';
import type { AppContext } from '../platform/context.ts';
import '../modules/public-pages/adapt-books.ts';
import '../modules/public-pages/agreements.tables.ts';
import '../modules/public-pages/public-pages.tables.ts';

const DAY = 86_400_000;

/**
 * Demo public pages of every brand: its signing policy (linked from the header's signing-policy
 * module), an announcement, activities running, upcoming and ended, and the first version of its
 * three agreements (in force before the demo people registered, so no one is asked to accept),
 * and books offered for screenplay adaptation.
 */
export async function seedPublicPages(ctx: AppContext): Promise<void> {
  const now = Date.now();
  for (const brand of SEED_BRANDS) {
    const clientId = brand.clientId;
    const article = (kind: 'announcement' | 'signing_policy', title: string, html: string, publishAt: number) =>
      ctx.db
        .insertInto('articles')
        .values({
          client_id: clientId,
          kind,
          title,
          summary: '',
          content_html: sanitizeRichText(html),
          state: 'published',
          publish_at: publishAt,
          created_at: publishAt,
          updated_at: publishAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const policy = await article(
      'signing_policy',
      `${brand.platformName}签约政策`,
      `<h2>签约条件</h2><p>长篇作品已发布${brand.applySignCondition}字以上、短篇作品${brand.shortStorySignCondition}字以上即可申请签约。</p>
       <h2>签约福利</h2><ul><li>稿酬分成：按合同约定比例分成</li><li>保底稿酬：优质作品享保底</li><li>全勤奖：月更新达标即得</li></ul>
       <h2>签约流程</h2><ol><li>在作品管理中申请签约</li><li>责任编辑审核</li><li>线上电子签约</li></ol>`,
      now - 30 * DAY,
    );
    await article(
      'announcement',
      '关于开展原创作品版权保护专项行动的公告',
      '<p>为维护作者合法权益，平台即日起开展版权保护专项行动。发现盗版、抄袭，请到<a href="/front/report-studio">举报中心</a>举报。</p>',
      now - 3 * DAY,
    );
    await ctx.brands.update(clientId, {
      signingPolicyLinks: [{ label: '签约政策', url: `/front/article/${policy.id}` }],
    });

    const activity = (title: string, summary: string, startsAt: number, endsAt: number, over: object = {}) =>
      ctx.db
        .insertInto('activities')
        .values({
          client_id: clientId,
          title,
          summary,
          cover: '',
          content_html: sanitizeRichText(
            `<p>${summary}</p><h3>奖项设置</h3><ul><li>一等奖 1 名：奖金 10000 元</li><li>二等奖 3 名：奖金 5000 元</li><li>优秀奖 10 名：首页推荐</li></ul>`,
          ),
          rules_html: sanitizeRichText(
            '<ol><li>作品须为原创首发</li><li>活动期间保持更新</li><li>每部作品限报名一次</li></ol>',
          ),
          starts_at: startsAt,
          ends_at: endsAt,
          book_kind: 'novel',
          min_words: 0,
          categories: '[]',
          state: 'published',
          publish_at: startsAt - 7 * DAY,
          created_at: startsAt - 7 * DAY,
          updated_at: startsAt - 7 * DAY,
          ...over,
        })
        .execute();
    await activity('春季长篇征文大赛', '以“新生”为主题，写下属于你的长篇故事。', now - 5 * DAY, now + 40 * DAY);
    await activity('短篇故事月', '悬疑、言情、脑洞，一万字讲好一个故事。', now - 2 * DAY, now + 20 * DAY, {
      book_kind: 'short',
    });
    await activity('暑期新人扶持计划', '新人作者专属流量扶持。', now + 10 * DAY, now + 70 * DAY);
    await activity('冬季征文', '往期活动：冬日里的温暖故事。', now - 120 * DAY, now - 60 * DAY);

    const agreements = [
      ['privacy', '隐私政策', '我们如何收集、使用和保护您的个人信息：手机号、实名信息加密保存，仅用于身份核验与结算。'],
      ['user', '用户协议', '使用作者中心须遵守的规则：账号安全、内容规范、违规处理。'],
      ['publish', '作品发布协议', '作品发布的授权范围、原创承诺与版权归属。'],
    ] as const;
    const adaptBooks = [
      ['长夜追凶', '林深', '悬疑', '一桩二十年前的旧案，在暴雨夜重新开启。', 9600],
      ['春风十里', '顾北', '言情', '小镇医生与归乡画家的十年之约。', 8200],
      ['星海拓荒者', '程远', '科幻', '第一批星际移民在陌生星球上建立家园。', 7100],
      ['大宋提刑录', '沈砚', '历史', '提刑官行走江湖，以法断案。', 5300],
    ] as const;
    for (const [title, author, genre, intro, heat] of adaptBooks) {
      await ctx.db
        .insertInto('adapt_books')
        .values({
          client_id: clientId,
          title,
          author_name: author,
          genre,
          cover: '',
          intro,
          materials_html: sanitizeRichText(
            `<h3>故事大纲</h3><p>${intro}</p><h3>主要人物</h3><ul><li>主角：坚韧、聪明</li><li>对手：深藏不露</li></ul><h3>改编建议</h3><p>适合改编为 24 集网络剧。</p>`,
          ),
          heat,
          state: 'published',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    for (const [kind, title, text] of agreements) {
      await ctx.db
        .insertInto('agreements')
        .values({
          client_id: clientId,
          kind,
          version: 1,
          title: `${brand.platformName}${title}`,
          content_html: sanitizeRichText(`<h2>${title}</h2><p>${text}</p>`),
          effective_at: now - 60 * DAY,
          created_by: null,
          created_at: now - 60 * DAY,
        })
        .execute();
    }
  }
}

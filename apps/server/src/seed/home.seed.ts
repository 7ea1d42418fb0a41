import { insertActivity } from '../modules/home/home.service.ts';
import { publishNotice, sendMessage } from '../modules/messages/messages.service.ts';
import {
  awardBadge,
  createBadge,
  createLevel,
  publishHomeModel,
  recordGraduation,
  recordLevelChange,
} from '../modules/rewards/rewards.service.ts';
import type { AppContext } from '../platform/context.ts';
import type { DemoData } from './demo.ts';

/** A round medal as an inline SVG, so the demo needs no image hosting. */
function medal(colour: string, glyph: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><defs><radialGradient id="g" cx="50%" cy="35%" r="65%"><stop offset="0" stop-color="#fff" stop-opacity=".85"/><stop offset="1" stop-color="${colour}"/></radialGradient></defs><path d="M38 4h16l8 30H46zM66 4h16l-8 30H58z" fill="${colour}" opacity=".7"/><circle cx="60" cy="72" r="44" fill="url(#g)" stroke="${colour}" stroke-width="6"/><text x="60" y="86" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="700">${glyph}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const BADGES = [
  { title: '初出茅庐', glyph: '初', colour: '#4caf50', advance: '发布第一章', growth: 10, desc: '迈出创作的第一步' },
  {
    title: '笔耕不辍',
    glyph: '耕',
    colour: '#ff7d00',
    advance: '连续更新30天',
    growth: 30,
    desc: '日更不断，读者常在',
  },
  { title: '万字新星', glyph: '万', colour: '#2f7cf6', advance: '累计创作满10万字', growth: 20, desc: '十万字的坚持' },
  {
    title: '人气之星',
    glyph: '星',
    colour: '#e83a30',
    advance: '作品收藏过千',
    growth: 50,
    desc: '被一千位读者放进书架',
  },
  { title: '签约作者', glyph: '签', colour: '#9c27b0', advance: '完成作品签约', growth: 40, desc: '成为平台签约作者' },
  { title: '年度匠心', glyph: '匠', colour: '#795548', advance: '年度优秀作者', growth: 100, desc: '一整年的用心创作' },
];

const LEVELS = [
  { level: 1, name: '新人作者', surpass: 0, talk: '欢迎开始创作，写下第一章就是最好的开始。' },
  { level: 2, name: '成长作者', surpass: 35, talk: '稳定更新，读者会跟上你的脚步。' },
  { level: 3, name: '进阶作者', surpass: 62, talk: '故事渐入佳境，继续打磨你的人物。' },
  { level: 4, name: '潜力作者', surpass: 86, talk: '写作没有捷径，但每一步都算数。' },
  { level: 5, name: '实力作者', surpass: 95, talk: '你的作品已经被很多读者记住。' },
  { level: 6, name: '金牌作者', surpass: 99, talk: '感谢你为读者带来的每一个好故事。' },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The home's demo content per brand: badges (two waiting for the demo author), a level change, a
 * writing-camp graduation and a home-model card waiting to be seen, messages, notices and activities.
 */
export async function seedHome(ctx: AppContext, demo: DemoData): Promise<void> {
  const now = Date.now();
  for (const brand of ctx.brands.all()) {
    const people = demo.authors[brand.clientId];
    if (!people) continue;
    const clientId = brand.clientId;
    const who = { account_id: people.author.accountId };

    const badgeIds: number[] = [];
    for (const [i, b] of BADGES.entries()) {
      const { id } = await createBadge(
        ctx,
        clientId,
        {
          title: b.title,
          image: medal(b.colour, b.glyph),
          advance_text: b.advance,
          desc: b.desc,
          tips: `获得条件：${b.advance}`,
          talk: { content: '每一个认真写下的字，都会被看见。', author: `${brand.clientName}编辑部` },
          growth_value: b.growth,
          sort: i,
        },
        now - 30 * DAY,
      );
      badgeIds.push(id);
    }
    // One badge seen long ago (it is on the medal wall), two waiting for the envelope.
    await awardBadge(ctx, clientId, { ...who, badge_id: badgeIds[0]! }, now - 20 * DAY);
    await ctx.db
      .updateTable('account_badges')
      .set({ noticed_at: now - 20 * DAY })
      .where('account_id', '=', people.author.accountId)
      .execute();
    await awardBadge(ctx, clientId, { ...who, badge_id: badgeIds[1]! }, now - 2 * HOUR);
    await awardBadge(ctx, clientId, { ...who, badge_id: badgeIds[2]! }, now - HOUR);

    // The brand's level catalogue: the texts the level-upgrade pop shows for each level.
    for (const level of LEVELS) {
      await createLevel(
        ctx.db,
        clientId,
        {
          level: level.level,
          level_txt: `Lv${level.level} ${level.name}`,
          surpass_txt: `超越了本站${level.surpass}%的作者`,
          talk: { content: level.talk, author: `${brand.clientName}主编` },
          jump_url: '/front/author-level',
        },
        now - 30 * DAY,
      );
    }

    await recordLevelChange(
      ctx,
      clientId,
      {
        ...who,
        level: 4,
        level_txt: 'Lv4 潜力作者',
        surpass_txt: `超越了本站86%的作者`,
        talk: { content: '写作没有捷径，但每一步都算数。', author: `${brand.clientName}主编` },
        jump_url: '/front/author-level',
      },
      now - 3 * HOUR,
    );
    await recordGraduation(ctx, clientId, { ...who, period_name: '第8期新人训练营', level: '2' }, now - DAY);
    await publishHomeModel(
      ctx,
      clientId,
      {
        ...who,
        report_name: 'growth-report-month',
        level: 4,
        level_txt: '本月成长报告',
        surpass_txt: '本月更新天数超越了72%的作者',
        talk: { content: '保持节奏，下个月会更好。', author: `${brand.clientName}编辑部` },
        jump_url: '/front/author-level',
      },
      now - 2 * DAY,
    );

    const to = { clientId, accountId: people.author.accountId };
    await sendMessage(
      ctx,
      to,
      {
        category: 'system',
        title: `欢迎来到${brand.platformName}`,
        content: `${people.author.penName}，您好！\n\n欢迎入驻${brand.platformName}。在这里您可以创建作品、发布章节、申请签约、查看收入。\n\n遇到问题可以随时查看帮助中心。`,
        link: '/front/help-center/home',
        sender: brand.platformName,
      },
      now - 10 * DAY,
    );
    await sendMessage(
      ctx,
      to,
      {
        category: 'editor',
        title: '编辑留言：新书开局建议',
        content: '开篇节奏很好，建议前三章尽快交代主角的目标，并保持每日稳定更新。',
        sender: brand.editorTitle,
      },
      now - 5 * HOUR,
    );
    await sendMessage(
      ctx,
      to,
      {
        category: 'sign',
        title: '签约申请进度提醒',
        content: `作品字数达到${brand.applySignCondition}即可申请签约，申请后${brand.editorTitle}将在7个工作日内回复。`,
        link: '/front/book-manage/list',
        sender: brand.platformName,
      },
      now - 30 * 60_000,
    );

    // Published now: notices from before an account existed count as read for it.
    const adminId = people.admin.accountId;
    await publishNotice(
      ctx,
      clientId,
      adminId,
      {
        category: 'rule',
        title: '关于稿酬结算与发放时间的说明',
        content:
          '<p>稿酬按月结算，每月<b>8日</b>发放至作者绑定的银行卡。</p><p>稿酬由保底、分成和福利三部分组成，详情请查看帮助中心。</p>',
        pinned: true,
      },
      now,
    );
    await publishNotice(
      ctx,
      clientId,
      adminId,
      {
        category: 'activity',
        title: '新人征文大赛开启报名',
        content: '<p>新人作者专属征文活动现已开启，优秀作品可获得首页推荐位。</p>',
      },
      now,
    );
    await publishNotice(
      ctx,
      clientId,
      adminId,
      {
        category: 'platform',
        title: '作者中心功能更新',
        content: '<p>首页新增每日码字日历，消息中心支持一键已读。</p>',
      },
      now,
    );

    // Scheduled: goes out to signed authors in three days (the console can still edit or withdraw it).
    await publishNotice(
      ctx,
      clientId,
      adminId,
      {
        category: 'rule',
        title: '签约作者年度合同续签通知',
        content: '<p>年度合同续签将于下月开始，请签约作者留意站内消息并及时确认。</p>',
        audience: 'signed',
        published_at: now + 3 * DAY,
      },
      now,
    );

    await insertActivity(ctx.db, clientId, {
      title: '新人征文大赛',
      summary: '新书首发即可参加，优秀作品获首页推荐',
      url: '/front/activity/list',
      starts_at: now - 7 * DAY,
      ends_at: now + 30 * DAY,
      sort: 1,
    });
    await insertActivity(ctx.db, clientId, {
      title: '日更挑战·30天',
      summary: '连续更新30天，赢取专属勋章',
      url: '/front/activity/list',
      starts_at: now - DAY,
      ends_at: now + 60 * DAY,
      sort: 2,
    });
  }
}

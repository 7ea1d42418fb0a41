import { countWords } from '@author-centre/shared';
import { BooksService } from '../modules/works/books.service.ts';
import { ChaptersService, insertChapter } from '../modules/works/chapters.service.ts';
import { publishChapter } from '../modules/works/publishing.service.ts';
import { type ChapterRow, recountBook, textHash } from '../modules/works/works.repository.ts';
import type { AppContext } from '../platform/context.ts';
import { inTransaction } from '../platform/db/database.ts';
import type { DemoData } from './demo.ts';

/**
 * Demo works for every brand's demo author: a serialised novel with the notice volume, two
 * volumes, published chapters over the last two weeks (so the stage page, calendar and daily
 * words have history), drafts, a scheduled chapter and a recurring schedule; a published short
 * story; a screenplay in drafts. The second pen name gets a book of its own.
 */

const DAY = 86_400_000;

const SCENES = [
  '夜色沉沉，青石镇的灯火一盏接一盏地亮起来。林渊背着竹篓走过石桥，桥下的河水映着碎金般的光。',
  '他想起师父临走前说的话：“剑在手中，道在心里。”那时他还不懂，如今却隐隐觉得，这句话比任何剑谱都要沉重。',
  '街角的茶馆里坐满了人，说书先生一拍醒木，讲的正是三十年前那场席卷天下的宗门之战。',
  '“小兄弟，买把伞吧，今夜要下雨。”卖伞的老人笑眯眯地看着他，眼底却闪过一丝不易察觉的锋芒。',
  '雨果然下了起来。林渊站在屋檐下，看雨丝斜斜地织成一张网，把整座小镇都笼在里面。',
  '远处传来马蹄声，一队黑衣骑士冲破雨幕，为首那人腰间挂着一块刻有火焰纹的令牌。',
  '林渊握紧了拳头。那块令牌，他在梦里见过无数次——正是当年焚毁师门的那群人留下的。',
  '可他没有动。师父说过，剑未出鞘之前，最要紧的是看清对手，也看清自己。',
  '骑士们在镇口的客栈前停下。掌柜的点头哈腰地迎出来，连伞都顾不上打。',
  '林渊转身走进小巷，脚步不疾不徐。他知道，今夜过后，青石镇再也不会平静了。',
];

/** Moods that make each chapter's paragraphs its own (demo chapters are never duplicates of each other). */
const MOODS = [
  '风从山口吹来，带着潮湿的泥土气息。',
  '更鼓敲过三响，镇上的狗叫了几声又安静下去。',
  '檐角的铜铃叮当作响，像是谁在低声提醒。',
  '他摸了摸怀里那半块玉佩，指尖有些发凉。',
  '月亮从云后探出半张脸，又很快躲了回去。',
  '巷子深处飘来一阵桂花香，甜得有些不真实。',
  '远山如墨，近水含烟，一切都安静得可怕。',
  '他深吸一口气，把翻涌的情绪压回心底。',
  '灯笼在风里摇晃，把人影拉得忽长忽短。',
  '石板路上的积水映出一片破碎的天空。',
  '炉火噼啪作响，铁壶里的水早已烧干。',
  '一只夜鸟掠过屋脊，翅膀划破了寂静。',
  '他忽然想起小时候在山门前看过的那场雪。',
  '掌心的旧伤隐隐作痛，仿佛在提醒他什么。',
  '檐下的蛛网挂满水珠，晶莹得像一串泪。',
  '钟声从山寺传来，一声比一声悠长。',
];

function chapterText(n: number, paragraphs: number): string {
  const out: string[] = [];
  for (let i = 0; i < paragraphs; i++)
    out.push(`${SCENES[(n * 3 + i) % SCENES.length]}${MOODS[(n + i * 5) % MOODS.length]}`);
  return out.join('\n');
}

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五'];
const NAMES = [
  '青石小镇',
  '雨夜来客',
  '火焰令牌',
  '旧梦重温',
  '客栈风波',
  '夜半剑鸣',
  '师门遗物',
  '山中古寺',
  '故人相逢',
  '暗流涌动',
  '血色黄昏',
  '破晓之前',
  '初入江湖',
  '风起云涌',
  '一剑霜寒',
];

async function addChapter(
  ctx: AppContext,
  c: { clientId: number; bookId: number; volumeId: number; counted: number; title: string; body: string; say?: string },
): Promise<number> {
  return inTransaction(ctx.db, async (tx) => {
    const id = await insertChapter(tx, c);
    if (c.say) await tx.updateTable('chapter_texts').set({ author_say: c.say }).where('chapter_id', '=', id).execute();
    return id;
  });
}

async function publishAt(ctx: AppContext, chapterId: number, at: number): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const chapter = (await tx
      .selectFrom('chapters')
      .selectAll()
      .where('id', '=', chapterId)
      .executeTakeFirstOrThrow()) as ChapterRow;
    await publishChapter(tx, chapter, { source: 'now', now: at });
  });
}

export async function seedWorks(ctx: AppContext, demo: DemoData): Promise<void> {
  const books = new BooksService(ctx);
  const chapters = new ChaptersService(ctx);
  const now = Date.now();
  for (const [clientIdText, people] of Object.entries(demo.authors)) {
    const clientId = Number(clientIdText);
    const brand = ctx.brands.get(clientId);
    const owner = { clientId, accountId: people.author.accountId, userId: people.author.userId };

    // A serialised novel.
    const novel = await books.create(owner, {
      kind: 'novel',
      title: `${brand.clientName.slice(0, 2)}剑出青石`,
      category: 'xianxia',
      tags: ['热血', '复仇', '成长'],
      intro: '少年林渊背负师门血仇，在青石小镇隐姓埋名。一场夜雨，一块火焰令牌，将他重新卷入江湖风云。',
      cover: null,
      finished: false,
    });
    const volumes = await chapters.volumes(owner, novel.id);
    const notice = volumes.find((v) => v.is_notice)!;
    const first = volumes.find((v) => !v.is_notice)!;
    await ctx.db.updateTable('volumes').set({ title: '第一卷青石' }).where('id', '=', first.volume_id).execute();
    const secondVolume = await chapters.saveVolume(owner, novel.id, null, '第二卷江湖');
    const say = await addChapter(ctx, {
      clientId,
      bookId: novel.id,
      volumeId: notice.volume_id,
      counted: 0,
      title: '新书上传感言',
      body: '各位读者好，新书开张，每天中午十二点更新，感谢大家的支持！',
    });
    await publishAt(ctx, say, now - 14 * DAY);
    const ids: number[] = [];
    for (let i = 0; i < 15; i++) {
      const volumeId = i < 10 ? first.volume_id : secondVolume;
      ids.push(
        await addChapter(ctx, {
          clientId,
          bookId: novel.id,
          volumeId,
          counted: 1,
          title: `第${NUMERALS[i]}章：${NAMES[i]}`,
          body: chapterText(i, 24 + (i % 5) * 4),
          say: i === 0 ? '新书求收藏！' : undefined,
        }),
      );
    }
    // Paid from the ninth chapter on (set before publishing: a published chapter never changes).
    await books.setPayPoint(owner, novel.id, ids[8]);
    // Ten published over the last fortnight, one a day, at noon Shanghai time (04:00 UTC).
    for (let i = 0; i < 10; i++) {
      const day = Math.floor((now - (12 - i) * DAY) / DAY) * DAY + 4 * 3_600_000;
      await publishAt(ctx, ids[i], day);
    }
    // One published chapter revised since; one scheduled for tomorrow; the rest drafts for the queue.
    const revised = await ctx.db
      .selectFrom('chapter_texts')
      .select('body')
      .where('chapter_id', '=', ids[9])
      .executeTakeFirstOrThrow();
    const revisedBody = `${revised.body}\n（作者修订：补充了一段林渊与掌柜的对话。）`;
    await ctx.db.updateTable('chapter_texts').set({ body: revisedBody }).where('chapter_id', '=', ids[9]).execute();
    await ctx.db
      .updateTable('chapters')
      .set((eb) => ({
        status: 'revised',
        words: countWords(revisedBody),
        text_hash: textHash(revisedBody),
        revision: eb('revision', '+', 1),
      }))
      .where('id', '=', ids[9])
      .execute();
    const tomorrowNoon = Math.floor((now + DAY) / DAY) * DAY + 4 * 3_600_000;
    const { PublishingService } = await import('../modules/works/publishing.service.ts');
    const publishing = new PublishingService(ctx);
    await publishing.schedule(owner, ids[10], tomorrowNoon, true, 'zh-CN').catch(() => {});
    await publishing.setRegularSchedule(owner, novel.id, {
      enabled: true,
      time: '12:00',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      count: 1,
    });
    await recountBook(ctx.db, novel.id);
    // Written over the last fortnight, as its publishing history says.
    await ctx.db
      .updateTable('books')
      .set({ created_at: now - 15 * DAY })
      .where('id', '=', novel.id)
      .execute();

    // A short story, published, past the 4000-word line.
    const short = await books.create(owner, {
      kind: 'short',
      title: `${brand.clientName.slice(0, 2)}雨巷来信`,
      category: 'xuanyi',
      tags: ['悬疑', '反转'],
      intro: '一封迟到了二十年的信，把她带回那条永远在下雨的小巷，也揭开了母亲不愿提起的往事。',
      cover: null,
      finished: true,
    });
    const shortChapter = await ctx.db
      .selectFrom('chapters')
      .select('id')
      .where('book_id', '=', short.id)
      .executeTakeFirstOrThrow();
    const shortBody = Array.from({ length: 5 }, (_, i) => chapterText(i + 3, 18)).join('\n');
    await ctx.db
      .updateTable('chapter_texts')
      .set({ body: shortBody })
      .where('chapter_id', '=', shortChapter.id)
      .execute();
    await ctx.db
      .updateTable('chapters')
      .set({ words: countWords(shortBody), text_hash: textHash(shortBody), revision: 1 })
      .where('id', '=', shortChapter.id)
      .execute();
    await publishAt(ctx, shortChapter.id, now - 3 * DAY);
    await recountBook(ctx.db, short.id);

    // A screenplay in drafts.
    const play = await books.create(owner, {
      kind: 'screenplay',
      title: `${brand.clientName.slice(0, 2)}逆光而行`,
      category: 'duanju',
      tags: ['都市', '逆袭'],
      intro: '外卖员陈默意外卷入一场商业阴谋，他用一百集的时间证明：平凡人也能逆光而行。',
      cover: null,
      finished: false,
    });
    const playVolume = (await chapters.volumes(owner, play.id)).find((v) => !v.is_notice)!;
    for (let i = 0; i < 3; i++) {
      await addChapter(ctx, {
        clientId,
        bookId: play.id,
        volumeId: playVolume.volume_id,
        counted: 1,
        title: `第${i + 1}集`,
        body: `场景${i + 1}：城中村出租屋，夜。\n陈默：（看着手机）又超时了。\n${chapterText(i, 6)}`,
      });
    }
    await recountBook(ctx.db, play.id);

    // The second pen name's own book.
    const second = people.secondPenName;
    await books.create(
      { clientId, accountId: second.accountId, userId: second.userId },
      {
        kind: 'novel',
        title: `${brand.clientName.slice(0, 2)}晴川纪事`,
        category: 'dushi',
        tags: ['日常'],
        intro: '一座江南小城，一家开了三十年的旧书店，和一群在这里相遇又告别的年轻人。',
        cover: null,
        finished: false,
      },
    );
  }
}

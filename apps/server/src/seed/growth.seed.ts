import { shanghaiDate } from '@author-centre/shared';
import { createLesson, createPeriod } from '../modules/growth/camp.service.ts';
import { saveArticle } from '../modules/growth/college.service.ts';
import { addQuestion, savePaper } from '../modules/growth/exams.service.ts';
import type { AppContext } from '../platform/context.ts';
import type { DemoData } from './demo.ts';

const DAY = 86_400_000;

/**
 * Growth demo content per brand: level rights, a writing-camp period with two lessons (staff admit
 * trainees in the console), the camp's final exam, a quiz and three college
 * articles. No badge rules or level thresholds: those award on every publication, so a brand's
 * staff set them in the console (/admin/growth-rules) rather than the demo surprising anyone.
 */
export async function seedGrowth(ctx: AppContext, demo: DemoData): Promise<void> {
  const now = Date.now();
  for (const clientIdText of Object.keys(demo.authors)) {
    const clientId = Number(clientIdText);
    const db = ctx.db;
    for (const [level, title, description, needs] of [
      [2, '编辑一对一指导', '每月一次与责任编辑的写作交流。', 1],
      [3, '首页推荐位申请', '作品可申请首页推荐位。', 1],
      [1, '作家学院全部课程', '达到等级即可阅读全部学院文章。', 0],
    ] as const) {
      await db
        .insertInto('level_rights')
        .values({
          client_id: clientId,
          level,
          title,
          description,
          needs_apply: needs,
          sort: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const period = await createPeriod(db, clientId, {
      name: '第1期新人训练营',
      start_day: shanghaiDate(now - 7 * DAY),
      end_day: shanghaiDate(now + 23 * DAY),
      lessons_required: 2,
      words_goal: 10_000,
      chapters_goal: 5,
    });
    await createLesson(db, clientId, {
      period_id: period.id,
      title: '第一课：开篇三百字',
      kind: 'article',
      content: '好的开篇在三百字内让读者看到主角、处境和悬念。',
      starts_at: now - 2 * DAY,
      capacity: 100,
    });
    await createLesson(db, clientId, {
      period_id: period.id,
      title: '第二课：人物的欲望',
      kind: 'article',
      content: '每个人物都想要点什么，冲突来自欲望的碰撞。',
      starts_at: now + 3 * DAY,
      capacity: 100,
    });
    const camp = await savePaper(
      db,
      clientId,
      {
        kind: 'camp',
        title: '新人训练营结业考试',
        period_name: '第1期新人训练营',
        time_limit_s: 900,
        pass_score: 60,
        excellent_score: 90,
        max_attempts: 3,
        retake_wait_hours: 1,
      },
      null,
      now,
    );
    const quiz = await savePaper(
      db,
      clientId,
      {
        kind: 'answer',
        title: '作者常识答题',
        time_limit_s: 600,
        pass_score: 60,
        excellent_score: 100,
        max_attempts: 5,
      },
      null,
      now,
    );
    for (const paperId of [camp.id, quiz.id]) {
      await addQuestion(db, clientId, paperId, {
        type: 'single',
        stem: '哪一天算作“更新”？',
        options: ['发布了计入字数的新章节的那一天', '打开了作者后台的那一天', '修改了作品简介的那一天'],
        answer: [0],
        explanation: '只有发布计入字数的新章节才算当天更新（作品相关中的章节不计）。',
        score: 40,
      });
      await addQuestion(db, clientId, paperId, {
        type: 'multiple',
        stem: '以下哪些情况请假会被拒绝？',
        options: ['为已经过去的日期请假', '与已有请假重叠', '在额度内为明天请假'],
        answer: [0, 1],
        explanation: '只能为当日及以后请假，且不能与已有的请假重叠；额度内的请假可以提交。',
        score: 30,
      });
      await addQuestion(db, clientId, paperId, {
        type: 'judge',
        stem: '已批准的请假日不会让连续更新中断。',
        options: ['对', '错'],
        answer: [0],
        explanation: '请假日不中断连更，但也不计入连更天数。',
        score: 30,
      });
    }
    for (const [category, title, summary, body] of [
      [
        '开篇',
        '开篇三百字的钩子',
        '第一章如何留住读者',
        '开篇要尽快让读者看到主角、处境和悬念；少写背景，多写正在发生的事。',
      ],
      ['人设', '配角也要有欲望', '让配角活起来', '每个角色都想要点什么。配角的欲望与主角冲突时，故事自然有了张力。'],
      ['节奏', '每章结尾留一个问题', '追读的秘密', '章末留下未解的问题或新的变化，读者就会点开下一章。'],
    ] as const) {
      await saveArticle(db, clientId, { category, title, summary, body }, null, now);
    }
  }
}

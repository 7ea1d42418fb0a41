import { shanghaiDate } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { badInput, conflict, notFound } from '../../platform/http/errors.ts';
import { sendMessage } from '../messages/messages.service.ts';
import {
  factsOf,
  GROWTH_WEIGHTS,
  growthSources,
  levelDistribution,
  rulesOf,
  surpassPercent,
  surpassText,
} from './growth.service.ts';

/** Author levels (author-level level-page, level-info), their rights (rights-list) and rights apply. */

type Executor = Db | Tx;
interface Who {
  clientId: number;
  accountId: number;
}

/** level-info: the author's level, growth value by source and the progress to the next level. */
export async function levelInfo(db: Executor, who: Who, now = Date.now()) {
  const facts = (await factsOf(db, who.clientId, [who.accountId], shanghaiDate(now))).get(who.accountId)!;
  const levels = await db
    .selectFrom('author_levels')
    .select(['level', 'level_txt', 'min_growth'])
    .where('client_id', '=', who.clientId)
    .orderBy('level')
    .execute();
  const sources = growthSources(facts);
  const current = levels.find((l) => l.level === facts.level);
  const next = levels.find((l) => l.level > facts.level && l.min_growth !== null);
  const floor = current?.min_growth ?? 0;
  const progress = next
    ? Math.max(0, Math.min(100, Math.floor((100 * (sources.total - floor)) / Math.max(1, next.min_growth! - floor))))
    : 100;
  const distribution = await levelDistribution(db, who.clientId);
  return {
    level: facts.level,
    level_txt: current?.level_txt ?? `Lv${facts.level}`,
    growth: sources.total,
    sources,
    weights: GROWTH_WEIGHTS,
    next: next
      ? {
          level: next.level,
          level_txt: next.level_txt,
          min_growth: next.min_growth,
          needed: Math.max(0, next.min_growth! - sources.total),
        }
      : null,
    progress,
    surpass_txt: surpassText(surpassPercent(distribution, facts.level, facts.level)),
    levels: levels.map((l) => ({ level: l.level, level_txt: l.level_txt, min_growth: l.min_growth })),
  };
}

/** rights-list: every right of the brand by level, whether the author holds it and what they applied for. */
export async function rightsList(db: Executor, who: Who) {
  const [account, rights, applications] = await Promise.all([
    db.selectFrom('accounts').select('level').where('id', '=', who.accountId).executeTakeFirstOrThrow(),
    db
      .selectFrom('level_rights')
      .selectAll()
      .where('client_id', '=', who.clientId)
      .orderBy('level')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('right_applications')
      .select(['id', 'right_id', 'status', 'review_note', 'created_at'])
      .where('client_id', '=', who.clientId)
      .where('account_id', '=', who.accountId)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return {
    level: account.level,
    list: rights.map((r) => {
      const latest = applications.find((a) => a.right_id === r.id) ?? null;
      const reached = account.level >= r.level;
      return {
        id: r.id,
        level: r.level,
        title: r.title,
        description: r.description,
        needs_apply: r.needs_apply === 1,
        reached,
        held: reached && (r.needs_apply === 0 || latest?.status === 'approved'),
        application: latest,
        can_apply: reached && r.needs_apply === 1 && latest?.status !== 'pending' && latest?.status !== 'approved',
      };
    }),
  };
}

export async function applyForRight(db: Executor, who: Who, rightId: number, note: string, now = Date.now()) {
  const right = await db
    .selectFrom('level_rights')
    .selectAll()
    .where('id', '=', rightId)
    .where('client_id', '=', who.clientId)
    .executeTakeFirst();
  if (!right) throw notFound({ 'zh-CN': '该权益不存在', 'en-US': 'No such right' });
  const account = await db
    .selectFrom('accounts')
    .select('level')
    .where('id', '=', who.accountId)
    .executeTakeFirstOrThrow();
  if (account.level < right.level) {
    throw badInput('right_id', {
      'zh-CN': `达到 Lv${right.level} 后才能申请「${right.title}」`,
      'en-US': `"${right.title}" can be applied for from Lv${right.level}`,
    });
  }
  if (right.needs_apply !== 1) {
    throw badInput('right_id', {
      'zh-CN': `「${right.title}」达到等级即享有，无需申请`,
      'en-US': `"${right.title}" comes with the level; there is nothing to apply for`,
    });
  }
  const live = await db
    .selectFrom('right_applications')
    .select('status')
    .where('account_id', '=', who.accountId)
    .where('right_id', '=', rightId)
    .where('status', 'in', ['pending', 'approved'])
    .executeTakeFirst();
  if (live) {
    throw conflict(
      live.status === 'pending'
        ? { 'zh-CN': '该权益的申请正在审核中', 'en-US': 'Your application for this right is being reviewed' }
        : { 'zh-CN': '您已享有该权益', 'en-US': 'You already hold this right' },
    );
  }
  const row = await db
    .insertInto('right_applications')
    .values({
      client_id: who.clientId,
      account_id: who.accountId,
      right_id: rightId,
      note,
      status: 'pending',
      review_note: '',
      created_at: now,
      reviewed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, status: 'pending' as const };
}

/** Console: decide an application; the author is told in the message centre. */
export async function reviewRightApplication(
  ctx: AppContext,
  tx: Tx,
  clientId: number,
  id: number,
  decision: 'approved' | 'refused',
  note: string,
  now = Date.now(),
) {
  const before = await tx
    .selectFrom('right_applications as a')
    .innerJoin('level_rights as r', 'r.id', 'a.right_id')
    .select(['a.id', 'a.account_id', 'a.status', 'a.note', 'r.title'])
    .where('a.id', '=', id)
    .where('a.client_id', '=', clientId)
    .executeTakeFirst();
  if (!before) throw notFound({ 'zh-CN': '该申请不存在', 'en-US': 'No such application' });
  const res = await tx
    .updateTable('right_applications')
    .set({ status: decision, review_note: note, reviewed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    throw conflict({ 'zh-CN': '该申请已处理过', 'en-US': 'This application was already decided' });
  }
  const approved = decision === 'approved';
  await sendMessage(
    ctx,
    { clientId, accountId: before.account_id },
    {
      category: 'system',
      title: approved ? `权益「${before.title}」申请已通过` : `权益「${before.title}」申请未通过`,
      content: approved ? `您已享有「${before.title}」。` : `原因：${note}`,
      link: '/front/author-level',
    },
    now,
    { db: tx },
  );
  return { before, after: { ...before, status: decision, review_note: note } };
}

/** The medal wall's "how to earn it": each badge's rule and the author's progress towards it. */
export async function badgeProgress(db: Executor, who: Who, now = Date.now()) {
  const [rules, facts] = await Promise.all([
    rulesOf(db, who.clientId),
    factsOf(db, who.clientId, [who.accountId], shanghaiDate(now)),
  ]);
  const f = facts.get(who.accountId)!;
  return new Map(
    rules.map((r) => [r.badge_id, { kind: r.kind, threshold: r.threshold, current: Math.min(f[r.kind], r.threshold) }]),
  );
}

/** badge timeline: the badges the author holds, newest first, with the day each was earned. */
export async function badgeTimeline(db: Executor, who: Who) {
  const rows = await db
    .selectFrom('account_badges as ab')
    .innerJoin('badges as b', 'b.id', 'ab.badge_id')
    .select(['b.id', 'b.title', 'b.image', 'b.description', 'b.advance_text', 'ab.awarded_at'])
    .where('ab.client_id', '=', who.clientId)
    .where('ab.account_id', '=', who.accountId)
    .orderBy('ab.awarded_at', 'desc')
    .orderBy('ab.id', 'desc')
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      image: r.image.startsWith('[') ? (JSON.parse(r.image) as string[]) : r.image,
      desc: r.description,
      advance_text: r.advance_text,
      date: shanghaiDate(r.awarded_at),
    })),
  };
}

import type { HomeActivity, HomeIndex, PopupProfileFields } from '@author-centre/shared/home-api';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthContext } from '../../platform/auth/sessions.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { staffOf } from '../../platform/http/console.ts';
import { conflict, notFound, notLoggedIn } from '../../platform/http/errors.ts';
import { unreadCounts } from '../messages/messages.service.ts';
import { badgePopData, badgeSummary, pendingGraduations, pendingLevelUpgrades } from '../rewards/rewards.service.ts';
import { worksSummary } from './works-summary.ts';
import './home.tables.ts';

/**
 * The author's home: the day at a glance, and the pop-up fields the profile carries.
 */

type Who = Pick<AuthContext, 'clientId' | 'accountId'>;

/** Fields of GET /api/author/profile that the pop-up queue reads (badges, graduations, level upgrades, unread). */
export async function popupProfileFields(ctx: AppContext, who: Who): Promise<PopupProfileFields> {
  const [badges, graduations, levels, unread] = await Promise.all([
    badgePopData(ctx, who),
    pendingGraduations(ctx, who),
    pendingLevelUpgrades(ctx, who),
    unreadCounts(ctx, who),
  ]);
  return {
    badges,
    new_user_graduate: { list: graduations },
    author_level_upgrade: { list: levels },
    message_count: unread.total,
  };
}

export async function runningActivities(ctx: AppContext, clientId: number, now = Date.now()): Promise<HomeActivity[]> {
  return ctx.db
    .selectFrom('home_activities')
    .select(['id', 'title', 'summary', 'cover', 'url', 'starts_at', 'ends_at'])
    .where('client_id', '=', clientId)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('sort', 'asc')
    .orderBy('starts_at', 'desc')
    .limit(6)
    .execute();
}

export async function homeIndex(ctx: AppContext, who: Who & { userId: number }, now = Date.now()): Promise<HomeIndex> {
  const account = await ctx.db
    .selectFrom('accounts')
    .select(['id', 'pen_name', 'avatar', 'level', 'sign_flag'])
    .where('id', '=', who.accountId)
    .where('client_id', '=', who.clientId)
    .executeTakeFirst();
  if (!account) throw notLoggedIn();
  const [works, unread, badges, activities] = await Promise.all([
    // The day at a glance still shows when the works figures cannot be read; the page says so.
    worksSummary(ctx, who, now).catch((err: unknown) => {
      ctx.log.warn({ err }, 'home: works summary failed');
      return { available: false, words: { today: 0, month: 0 }, works: [] };
    }),
    unreadCounts(ctx, who, now),
    badgeSummary(ctx, who),
    runningActivities(ctx, who.clientId, now),
  ]);
  return {
    author: {
      account_id: account.id,
      pen_name: account.pen_name,
      avatar: account.avatar ?? '',
      level: account.level,
      sign_flag: account.sign_flag,
    },
    words: works.words,
    works: works.works,
    works_available: works.available,
    unread: { message: unread.message, notice: unread.notice },
    badges,
    activities,
    server_time: now,
  };
}

export interface ActivityInput {
  title: string;
  summary?: string;
  cover?: string;
  url: string;
  starts_at: number;
  ends_at: number;
  sort?: number;
}

/** The console's view of an activity: what authors see, plus its state now. */
export type ActivityState = 'upcoming' | 'running' | 'ended';

export function activityState(row: { starts_at: number; ends_at: number }, now = Date.now()): ActivityState {
  return now < row.starts_at ? 'upcoming' : now < row.ends_at ? 'running' : 'ended';
}

const activityFields = [
  'id',
  'title',
  'summary',
  'cover',
  'url',
  'starts_at',
  'ends_at',
  'sort',
  'created_at',
] as const;

async function activityOf(db: Db | Tx, clientId: number, id: number) {
  const row = await db
    .selectFrom('home_activities')
    .select(activityFields)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound({ 'zh-CN': '这个活动不存在或不属于本品牌', 'en-US': 'No such activity in this brand' });
  return row;
}

/** The activities of a brand for the console's table, newest first by default. */
export function activityListQuery(
  ctx: AppContext,
  clientId: number,
  filters: { state?: ActivityState; keyword?: string },
  now = Date.now(),
) {
  let query = ctx.db.selectFrom('home_activities').select(activityFields).where('client_id', '=', clientId);
  if (filters.state === 'upcoming') query = query.where('starts_at', '>', now);
  if (filters.state === 'running') query = query.where('starts_at', '<=', now).where('ends_at', '>', now);
  if (filters.state === 'ended') query = query.where('ends_at', '<=', now);
  if (filters.keyword) query = query.where(containsText('title', filters.keyword));
  return query;
}

/** Adds an activity to a brand's home page (demo data and the console's create). */
export async function insertActivity(db: Db | Tx, clientId: number, input: ActivityInput, now = Date.now()) {
  const row = await db
    .insertInto('home_activities')
    .values({
      client_id: clientId,
      title: input.title,
      summary: input.summary ?? '',
      cover: input.cover ?? '',
      url: input.url,
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      sort: input.sort ?? 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

export async function createActivity(ctx: AppContext, request: FastifyRequest, input: ActivityInput) {
  return inTransaction(ctx.db, async (tx) => {
    const created = await insertActivity(tx, staffOf(request).clientId, input);
    await recordAudit(tx, request, {
      action: 'activity.create',
      targetType: 'activity',
      targetId: created.id,
      summary: `新建首页活动「${input.title}」`,
      after: input,
    });
    return created;
  });
}

export async function updateActivity(ctx: AppContext, request: FastifyRequest, id: number, input: ActivityInput) {
  const { clientId } = staffOf(request);
  return inTransaction(ctx.db, async (tx) => {
    const before = await activityOf(tx, clientId, id);
    const values = {
      title: input.title,
      summary: input.summary ?? '',
      cover: input.cover ?? '',
      url: input.url,
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      sort: input.sort ?? 0,
    };
    await tx
      .updateTable('home_activities')
      .set(values)
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .execute();
    await recordAudit(tx, request, {
      action: 'activity.update',
      targetType: 'activity',
      targetId: id,
      summary: `修改首页活动「${input.title}」`,
      before,
      after: { ...before, ...values },
    });
    return { id };
  });
}

/** Ends a running or upcoming activity now: authors stop seeing it on the home page at once. */
export async function endActivity(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  reason: string,
  now = Date.now(),
) {
  const { clientId } = staffOf(request);
  return inTransaction(ctx.db, async (tx) => {
    const before = await activityOf(tx, clientId, id);
    if (before.ends_at <= now) {
      throw conflict({ 'zh-CN': '这个活动已经结束了', 'en-US': 'This activity has already ended' });
    }
    // An upcoming activity ends before it starts: it never shows.
    const endsAt = Math.max(now, before.starts_at);
    await tx.updateTable('home_activities').set({ ends_at: endsAt }).where('id', '=', id).execute();
    await recordAudit(tx, request, {
      action: 'activity.end',
      targetType: 'activity',
      targetId: id,
      summary: `提前结束首页活动「${before.title}」`,
      reason,
      before,
      after: { ...before, ends_at: endsAt },
    });
    return { id, ends_at: endsAt };
  });
}

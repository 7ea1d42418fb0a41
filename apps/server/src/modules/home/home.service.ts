import type { HomeActivity, HomeIndex, PopupProfileFields } from '@author-centre/shared/home-api';
import type { AuthContext } from '../../platform/auth/sessions.ts';
import type { AppContext } from '../../platform/context.ts';
import { notLoggedIn } from '../../platform/http/errors.ts';
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

export async function createActivity(ctx: AppContext, clientId: number, input: ActivityInput, now = Date.now()) {
  const row = await ctx.db
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

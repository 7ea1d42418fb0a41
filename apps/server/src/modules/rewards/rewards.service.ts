import { shanghaiDate } from '@author-centre/shared';
import {
  type AccountSplitItem,
  BADGE_FIELDS,
  BADGE_POP_DEFAULTS,
  type BadgeItem,
  type BadgePopData,
  type GraduateItem,
  type HomeModelList,
  type LevelUpgradeItem,
} from '@author-centre/shared/home-api';
import type { AuthContext } from '../../platform/auth/sessions.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { badInput, conflict, notFound } from '../../platform/http/errors.ts';
import { setAccountLevel } from '../../platform/level-counts.ts';
import * as repo from './rewards.repository.ts';

/**
 * Badges, author-level changes, writing-camp graduations and home-model cards: what an author was
 * given, and whether they have seen it (the noticed flags behind pops 2, 3, 4 and 7). The rules
 * that award them come later; for now an admin awards them (console API) and the demo seed does.
 */

type Who = Pick<AuthContext, 'clientId' | 'accountId'>;

function parseImage(image: string): string | string[] {
  if (image.startsWith('[')) {
    try {
      const list = JSON.parse(image) as unknown;
      if (Array.isArray(list)) return list.filter((x): x is string => typeof x === 'string');
    } catch {
      // A plain address that happens to start with '['.
    }
  }
  return image;
}

type BadgeRow = Awaited<ReturnType<typeof repo.badgeWall>>[number];

function badgeItem(row: BadgeRow): BadgeItem {
  return {
    id: row.id,
    title: row.title,
    image: parseImage(row.image),
    advance_text: row.advance_text,
    desc: row.description,
    tips: row.tips,
    date: row.awarded_at ? shanghaiDate(row.awarded_at) : '',
    talk: { content: row.talk_content, author: row.talk_author },
    author_level_score: row.growth_value,
  };
}

export async function badgePopData(ctx: AppContext, who: Who): Promise<BadgePopData> {
  const list = (await repo.pendingBadges(ctx.db, who.clientId, who.accountId)).map(badgeItem);
  return {
    show: list.length > 0,
    list,
    fields: [...BADGE_FIELDS],
    ...BADGE_POP_DEFAULTS,
    author_level_score: list.reduce((sum, b) => sum + b.author_level_score, 0),
  };
}

type LevelRow = Awaited<ReturnType<typeof repo.pendingLevelChanges>>[number];

function levelUpgradeItem(row: LevelRow): LevelUpgradeItem {
  return {
    id: row.id,
    level: row.level,
    level_txt: row.level_txt,
    surpass_txt: row.surpass_txt,
    talk: { content: row.talk_content, author: row.talk_author },
    report_name: '',
    jump_url: row.jump_url,
    bg_image_link: row.bg_image_link,
  };
}

export async function pendingLevelUpgrades(ctx: AppContext, who: Who): Promise<LevelUpgradeItem[]> {
  // Newest first: when several upgrades wait, the pop shows the level the author has now.
  return (await repo.pendingLevelChanges(ctx.db, who.clientId, who.accountId)).map(levelUpgradeItem);
}

export async function pendingGraduations(ctx: AppContext, who: Who): Promise<GraduateItem[]> {
  return (await repo.pendingGraduations(ctx.db, who.clientId, who.accountId)).map((row) => ({
    id: row.id,
    level: row.level,
    period_name: row.period_name,
    date: shanghaiDate(row.graduated_at),
  }));
}

/** ids=null marks everything the account has not seen; a list marks only those (badge ids or row ids). */
export function markBadgesNoticed(ctx: AppContext, who: Who, ids: number[] | null, now = Date.now()) {
  return repo.markNoticed(ctx.db, 'account_badges', who, ids, now);
}

export function markLevelChangesNoticed(ctx: AppContext, who: Who, ids: number[] | null, now = Date.now()) {
  return repo.markNoticed(ctx.db, 'level_changes', who, ids, now);
}

export function markGraduationsNoticed(ctx: AppContext, who: Who, ids: number[] | null, now = Date.now()) {
  return repo.markNoticed(ctx.db, 'graduations', who, ids, now);
}

interface HomeModelPayload {
  level: number;
  level_txt: string;
  surpass_txt: string;
  talk: { content: string; author: string };
  jump_url: string;
  bg_image_link: string;
}

/**
 * Account split: the person's pen names that still share one phone. The pen-name binding of the
 * sign-in module gives each its own phone, after which the model is empty by itself.
 */
async function accountSplitModel(ctx: AppContext, who: AuthContext): Promise<AccountSplitItem[]> {
  const accounts = (await repo.accountsOfPerson(ctx.db, who.clientId, who.userId)).filter((a) => a.role === 'author');
  const byPhone = new Map<string, typeof accounts>();
  for (const a of accounts) {
    if (!a.phone_hash) continue;
    byPhone.set(a.phone_hash, [...(byPhone.get(a.phone_hash) ?? []), a]);
  }
  const shared = [...byPhone.values()].find((group) => group.length > 1);
  return shared ? shared.map((a) => ({ account_id: a.id, pen_name: a.pen_name })) : [];
}

export async function homeModelList(ctx: AppContext, who: AuthContext): Promise<HomeModelList> {
  const rows = await repo.pendingHomeModels(ctx.db, who.clientId, who.accountId);
  const common_model = rows
    .filter((r) => r.model === 'common_model')
    .map((r): LevelUpgradeItem => {
      const p = JSON.parse(r.payload) as HomeModelPayload;
      return {
        id: r.id,
        level: p.level,
        level_txt: p.level_txt,
        surpass_txt: p.surpass_txt,
        talk: p.talk,
        report_name: r.report_name,
        jump_url: p.jump_url,
        bg_image_link: p.bg_image_link,
      };
    });
  return { common_model, account_split_model: await accountSplitModel(ctx, who) };
}

/** HOME_MODEL_REPORT: the card was shown. Reporting twice, or a name never given, changes nothing. */
export function reportHomeModel(ctx: AppContext, who: Who, reportName: string, now = Date.now()) {
  return repo.markHomeModelReported(ctx.db, who, reportName, now);
}

export async function badgeSummary(ctx: AppContext, who: Who, recent = 6) {
  const wall = await repo.badgeWall(ctx.db, who.clientId, who.accountId);
  const owned = wall
    .filter((b) => b.awarded_at !== null)
    .sort((a, b) => (b.awarded_at ?? 0) - (a.awarded_at ?? 0))
    .map(badgeItem);
  return {
    count: owned.length,
    recent: owned.slice(0, recent).map(({ id, title, image, date }) => ({ id, title, image, date })),
  };
}

/** The medal wall: every badge of the brand, owned ones with their date. */
export async function medalWall(ctx: AppContext, who: Who) {
  const wall = await repo.badgeWall(ctx.db, who.clientId, who.accountId);
  const list = wall.map((row) => ({ ...badgeItem(row), owned: row.awarded_at !== null }));
  return { list, owned: list.filter((b) => b.owned).length, total: list.length };
}

// ---- Console (admin) operations -------------------------------------------------------------
// Every function takes the executor last (`db`, default ctx.db) so the console writes the change
// and its audit record in one transaction; the demo seed calls them with the defaults.

export interface BadgeInput {
  title: string;
  image: string | string[];
  advance_text?: string;
  desc?: string;
  tips?: string;
  talk?: { content: string; author: string };
  growth_value?: number;
  sort?: number;
}

const badgeColumns = (input: BadgeInput) => ({
  title: input.title,
  image: Array.isArray(input.image) ? JSON.stringify(input.image) : input.image,
  advance_text: input.advance_text ?? '',
  description: input.desc ?? '',
  tips: input.tips ?? '',
  talk_content: input.talk?.content ?? '',
  talk_author: input.talk?.author ?? '',
  growth_value: input.growth_value ?? 0,
  sort: input.sort ?? 0,
});

type BadgeDbRow = NonNullable<Awaited<ReturnType<typeof repo.findBadge>>>;

/** A catalogue badge as the console shows and edits it (the same fields as the envelope's item). */
export function badgeView(row: BadgeDbRow) {
  return {
    id: row.id,
    title: row.title,
    image: parseImage(row.image),
    advance_text: row.advance_text,
    desc: row.description,
    tips: row.tips,
    talk: { content: row.talk_content, author: row.talk_author },
    growth_value: row.growth_value,
    sort: row.sort,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function assertBadgeTitleFree(db: Db, clientId: number, title: string, exceptId?: number) {
  let query = db.selectFrom('badges').select('id').where('client_id', '=', clientId).where('title', '=', title);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) {
    throw conflict({
      'zh-CN': `已有名为「${title}」的勋章，请换一个名称`,
      'en-US': `A badge named "${title}" already exists; choose another title`,
    });
  }
}

export async function createBadge(
  ctx: AppContext,
  clientId: number,
  input: BadgeInput,
  now = Date.now(),
  db: Db = ctx.db,
) {
  await assertBadgeTitleFree(db, clientId, input.title);
  const row = await db
    .insertInto('badges')
    .values({ client_id: clientId, ...badgeColumns(input), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** Edits a catalogue badge; authors who hold it see the new texts and image. */
export async function updateBadge(db: Db, clientId: number, badgeId: number, input: BadgeInput, now = Date.now()) {
  const before = await repo.findBadge(db, clientId, badgeId);
  if (!before) throw notFound({ 'zh-CN': '该勋章不存在', 'en-US': 'No such badge' });
  await assertBadgeTitleFree(db, clientId, input.title, badgeId);
  await db
    .updateTable('badges')
    .set({ ...badgeColumns(input), sort: input.sort ?? before.sort, updated_at: now })
    .where('id', '=', badgeId)
    .where('client_id', '=', clientId)
    .execute();
  const after = await repo.findBadge(db, clientId, badgeId);
  return { before: badgeView(before), after: badgeView(after!) };
}

export function listBadges(ctx: AppContext, clientId: number) {
  return repo.listBadges(ctx.db, clientId);
}

export interface AccountRef {
  account_id?: number;
  pen_name?: string;
}

/** The author account an admin names, in the admin's own brand only. */
export async function resolveAuthor(ctx: AppContext, clientId: number, ref: AccountRef, db: Db = ctx.db) {
  if (ref.account_id === undefined && !ref.pen_name) {
    throw badInput('account_id', {
      'zh-CN': '请指定作者（账号ID或笔名）',
      'en-US': 'Name the author (account id or pen name)',
    });
  }
  const account = await repo.findAccount(db, clientId, { accountId: ref.account_id, penName: ref.pen_name });
  if (account?.role !== 'author') {
    throw notFound({ 'zh-CN': '该作者不存在', 'en-US': 'No such author' });
  }
  return account;
}

export async function awardBadge(
  ctx: AppContext,
  clientId: number,
  input: AccountRef & { badge_id: number },
  now = Date.now(),
  db: Db = ctx.db,
) {
  const account = await resolveAuthor(ctx, clientId, input, db);
  const badge = await repo.findBadge(db, clientId, input.badge_id);
  if (!badge) throw notFound({ 'zh-CN': '该勋章不存在', 'en-US': 'No such badge' });
  const inserted = await db
    .insertInto('account_badges')
    .values({ client_id: clientId, account_id: account.id, badge_id: badge.id, awarded_at: now, noticed_at: null })
    .onConflict((oc) => oc.columns(['account_id', 'badge_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    throw conflict({ 'zh-CN': '该作者已获得这枚勋章', 'en-US': 'The author already holds this badge' });
  }
  return {
    id: inserted.id,
    account_id: account.id,
    pen_name: account.pen_name,
    badge_id: badge.id,
    title: badge.title,
  };
}

/**
 * Takes a badge back: it leaves the author's medal wall, and an envelope not yet seen no longer
 * opens. Returns what was removed (for the audit log).
 */
export async function revokeAward(db: Db, clientId: number, awardId: number) {
  const award = await db
    .selectFrom('account_badges as ab')
    .innerJoin('badges as b', 'b.id', 'ab.badge_id')
    .innerJoin('accounts as a', 'a.id', 'ab.account_id')
    .select(['ab.id', 'ab.account_id', 'ab.badge_id', 'ab.awarded_at', 'ab.noticed_at', 'b.title', 'a.pen_name'])
    .where('ab.client_id', '=', clientId)
    .where('ab.id', '=', awardId)
    .executeTakeFirst();
  if (!award) {
    throw notFound({
      'zh-CN': '这条授予记录不存在或已被收回',
      'en-US': 'This award does not exist or was already revoked',
    });
  }
  const deleted = await db
    .deleteFrom('account_badges')
    .where('id', '=', awardId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) {
    throw notFound({
      'zh-CN': '这条授予记录不存在或已被收回',
      'en-US': 'This award does not exist or was already revoked',
    });
  }
  return award;
}

// ---- The level catalogue --------------------------------------------------------------------

export interface LevelInput {
  level: number;
  level_txt: string;
  surpass_txt?: string;
  talk?: { content: string; author: string };
  bg_image_link?: string;
  jump_url?: string;
}

type LevelDbRow = NonNullable<Awaited<ReturnType<typeof repo.findLevel>>>;

export function levelView(row: LevelDbRow) {
  return {
    id: row.id,
    level: row.level,
    level_txt: row.level_txt,
    surpass_txt: row.surpass_txt,
    talk: { content: row.talk_content, author: row.talk_author },
    bg_image_link: row.bg_image_link,
    jump_url: row.jump_url,
    /** The growth value that reaches it (set in the growth rules screen); null: given only by hand. */
    min_growth: row.min_growth,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const levelColumns = (input: Omit<LevelInput, 'level'>) => ({
  level_txt: input.level_txt,
  surpass_txt: input.surpass_txt ?? '',
  talk_content: input.talk?.content ?? '',
  talk_author: input.talk?.author ?? '',
  bg_image_link: input.bg_image_link ?? '',
  jump_url: input.jump_url ?? DEFAULT_LEVEL_JUMP_URL,
});

/** Where the level-upgrade pop's button leads when the catalogue names nowhere else. */
export const DEFAULT_LEVEL_JUMP_URL = '/front/author-level';

export async function createLevel(db: Db, clientId: number, input: LevelInput, now = Date.now()) {
  const row = await db
    .insertInto('author_levels')
    .values({ client_id: clientId, level: input.level, ...levelColumns(input), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['client_id', 'level']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    throw conflict({
      'zh-CN': `等级目录中已有 Lv${input.level}，请直接编辑它`,
      'en-US': `The catalogue already has Lv${input.level}; edit it instead`,
    });
  }
  return levelView((await repo.findLevel(db, clientId, { id: row.id }))!);
}

/** Edits a level's texts (its number stays: authors hold it). Later upgrades to it show the new texts. */
export async function updateLevel(
  db: Db,
  clientId: number,
  id: number,
  input: Omit<LevelInput, 'level'>,
  now = Date.now(),
) {
  const before = await repo.findLevel(db, clientId, { id });
  if (!before) throw notFound({ 'zh-CN': '该等级不存在', 'en-US': 'No such level' });
  await db
    .updateTable('author_levels')
    .set({ ...levelColumns(input), updated_at: now })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .execute();
  const after = await repo.findLevel(db, clientId, { id });
  return { before: levelView(before), after: levelView(after!) };
}

export interface LevelChangeInput extends AccountRef {
  level: number;
  /** The level the console showed and asks to change from: refused (409) when the author's level is no longer it. */
  from_level?: number;
  /** The pop's texts; each one not given comes from the brand's level catalogue. */
  level_txt?: string;
  surpass_txt?: string;
  talk?: { content: string; author: string };
  bg_image_link?: string;
  jump_url?: string;
}

/**
 * Sets an author's level and records the change. A raise waits for the author as the level-upgrade
 * pop (pop 2, once); a lowering is recorded as already seen, since "升级" would be untrue.
 */
export function recordLevelChange(
  ctx: AppContext,
  clientId: number,
  input: LevelChangeInput,
  now = Date.now(),
  db?: Db,
) {
  return db
    ? levelChangeIn(ctx, db, clientId, input, now)
    : inTransaction(ctx.db, (tx) => levelChangeIn(ctx, tx, clientId, input, now));
}

async function levelChangeIn(ctx: AppContext, db: Db, clientId: number, input: LevelChangeInput, now: number) {
  const account = await resolveAuthor(ctx, clientId, input, db);
  if (input.from_level !== undefined && input.from_level !== account.level) throw staleLevel(account.level);
  if (account.level === input.level) {
    throw badInput('level', {
      'zh-CN': `该作者已是 Lv${input.level}`,
      'en-US': `The author is already at Lv${input.level}`,
    });
  }
  const catalogue = await repo.findLevel(db, clientId, { level: input.level });
  const level_txt = input.level_txt ?? catalogue?.level_txt;
  if (!level_txt) {
    throw badInput('level', {
      'zh-CN': `等级目录中没有 Lv${input.level}，请先在等级目录中添加它`,
      'en-US': `The level catalogue has no Lv${input.level}; add it to the catalogue first`,
    });
  }
  const raise = input.level > account.level;
  const row = await db
    .insertInto('level_changes')
    .values({
      client_id: clientId,
      account_id: account.id,
      from_level: account.level,
      level: input.level,
      level_txt,
      surpass_txt: input.surpass_txt ?? catalogue?.surpass_txt ?? '',
      talk_content: input.talk?.content ?? catalogue?.talk_content ?? '',
      talk_author: input.talk?.author ?? catalogue?.talk_author ?? '',
      bg_image_link: input.bg_image_link ?? catalogue?.bg_image_link ?? '',
      jump_url: input.jump_url || catalogue?.jump_url || DEFAULT_LEVEL_JUMP_URL,
      created_at: now,
      noticed_at: raise ? null : now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Only from the level read above: a change made meanwhile (the rules, another console) is not overwritten.
  const moved = await setAccountLevel(db, {
    clientId,
    accountId: account.id,
    from: account.level,
    to: input.level,
    now,
  });
  if (!moved) {
    const current = await db.selectFrom('accounts').select('level').where('id', '=', account.id).executeTakeFirst();
    throw staleLevel(current?.level ?? account.level);
  }
  return {
    id: row.id,
    account_id: account.id,
    pen_name: account.pen_name,
    from_level: account.level,
    level: input.level,
    level_txt,
    /** Whether the author will see the level-upgrade pop. */
    pop: raise,
  };
}

const staleLevel = (level: number) =>
  conflict({
    'zh-CN': `该作者的等级已变为 Lv${level}，请刷新后再调整`,
    'en-US': `The author's level has meanwhile become Lv${level}; refresh and change it again`,
  });

export interface GraduationInput extends AccountRef {
  period_name: string;
  level: string;
}

export async function recordGraduation(
  ctx: AppContext,
  clientId: number,
  input: GraduationInput,
  now = Date.now(),
  db: Db = ctx.db,
) {
  const account = await resolveAuthor(ctx, clientId, input, db);
  const already = await db
    .selectFrom('graduations')
    .select('id')
    .where('client_id', '=', clientId)
    .where('account_id', '=', account.id)
    .where('period_name', '=', input.period_name)
    .executeTakeFirst();
  if (already) {
    throw conflict({
      'zh-CN': `该作者已从「${input.period_name}」毕业`,
      'en-US': `The author already graduated from "${input.period_name}"`,
    });
  }
  const row = await db
    .insertInto('graduations')
    .values({
      client_id: clientId,
      account_id: account.id,
      period_name: input.period_name,
      level: input.level,
      graduated_at: now,
      noticed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, account_id: account.id, pen_name: account.pen_name };
}

export interface HomeModelInput extends AccountRef {
  report_name: string;
  level: number;
  level_txt: string;
  surpass_txt?: string;
  talk?: { content: string; author: string };
  jump_url?: string;
  bg_image_link?: string;
}

/** Publishes a common_model card (pop 4) to an author, shown until reported. */
export async function publishHomeModel(
  ctx: AppContext,
  clientId: number,
  input: HomeModelInput,
  now = Date.now(),
  db: Db | Tx = ctx.db,
) {
  const account = await resolveAuthor(ctx, clientId, input, db);
  const payload: HomeModelPayload = {
    level: input.level,
    level_txt: input.level_txt,
    surpass_txt: input.surpass_txt ?? '',
    talk: input.talk ?? { content: '', author: '' },
    jump_url: input.jump_url ?? '',
    bg_image_link: input.bg_image_link ?? '',
  };
  const row = await db
    .insertInto('home_models')
    .values({
      client_id: clientId,
      account_id: account.id,
      model: 'common_model',
      report_name: input.report_name,
      payload: JSON.stringify(payload),
      created_at: now,
      reported_at: null,
    })
    .onConflict((oc) => oc.columns(['account_id', 'report_name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    throw conflict({
      'zh-CN': '该作者已有同名的首页卡片',
      'en-US': 'The author already has a home card with this report name',
    });
  }
  return { id: row.id, account_id: account.id };
}

import { parseShanghaiDate, shanghaiDate } from '@author-centre/shared';
import type { Insertable } from 'kysely';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { adjustLevelCounts, levelCounts, recountLevels } from '../../platform/level-counts.ts';
import { DEFAULT_LEVEL_JUMP_URL } from '../rewards/rewards.service.ts';
import type { LevelChangeTable } from '../rewards/rewards.tables.ts';
import type { BadgeRuleKind, BadgeRuleTable } from './growth.tables.ts';

/**
 * Growth: badges and levels that follow from what an author does. Everything here is computed
 * from the facts the product already records (published chapters and words, days with published
 * words, approved leave, signing, graduations, and the facts other modules report with
 * `recordGrowthFact`), so evaluating again — after a replayed event, or nightly — awards nothing
 * twice: an award is one row per (account, badge), a level only ever rises to what the facts reach.
 */

type Executor = Db | Tx;
const DAY_MS = 86_400_000;

/** What the rules read, per author account. */
export interface GrowthFacts {
  chapters: number;
  words: number;
  /** Days with published words, in a row up to today (or yesterday); approved leave days bridge without counting. */
  streak: number;
  update_days: number;
  signed: number;
  subscriptions: number;
  readers: number;
  graduated: number;
  /** Growth value of the badges held. */
  badge_growth: number;
  level: number;
  owned: Set<number>;
}

/**
 * The stated sources of the growth value (shown on the level page): every 1,000 published words,
 * every day with published words, every 10 readers, signing once, and each badge's own value.
 */
export const GROWTH_WEIGHTS = { per_thousand_words: 1, per_update_day: 5, per_ten_readers: 1, signed: 100 } as const;

export function growthSources(f: GrowthFacts) {
  const words = Math.floor(f.words / 1000) * GROWTH_WEIGHTS.per_thousand_words;
  const update_days = f.update_days * GROWTH_WEIGHTS.per_update_day;
  const readers = Math.floor(f.readers / 10) * GROWTH_WEIGHTS.per_ten_readers;
  const signed = f.signed ? GROWTH_WEIGHTS.signed : 0;
  const badges = f.badge_growth;
  return { words, update_days, readers, signed, badges, total: words + update_days + readers + signed + badges };
}

/** Consecutive days with published words ending today (or yesterday); a leave day bridges and is not counted. */
export function streakWithLeave(days: ReadonlySet<string>, leave: ReadonlySet<string>, today: string): number {
  let at = parseShanghaiDate(today);
  if (!days.has(today)) at -= DAY_MS;
  let n = 0;
  for (;;) {
    const day = shanghaiDate(at);
    if (days.has(day)) n++;
    else if (!leave.has(day)) break;
    at -= DAY_MS;
  }
  return n;
}

/** Every day of an inclusive 'YYYY-MM-DD' range. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let at = parseShanghaiDate(from), end = parseShanghaiDate(to); at <= end; at += DAY_MS) {
    out.push(shanghaiDate(at));
  }
  return out;
}

const CHUNK = 500;

function setOf(map: Map<number, Set<string>>, key: number): Set<string> {
  const found = map.get(key);
  if (found) return found;
  const made = new Set<string>();
  map.set(key, made);
  return made;
}

/**
 * The facts of many accounts of one brand, read with a few grouped queries per chunk of 500.
 * Only the accounts query names the brand: the others select by account id alone, so the planner
 * uses their account indexes (given the brand too, SQLite picks a brand index and walks every row
 * of the brand); rows of accounts outside the brand find no entry in `out` and are dropped.
 */
export async function factsOf(
  db: Executor,
  clientId: number,
  accountIds: readonly number[],
  today: string,
): Promise<Map<number, GrowthFacts>> {
  const out = new Map<number, GrowthFacts>();
  let badgeValues: Map<number, number> | undefined;
  for (let i = 0; i < accountIds.length; i += CHUNK) {
    const ids = accountIds.slice(i, i + CHUNK);
    const [accounts, books, days, leave, events, graduations, badges] = await Promise.all([
      db
        .selectFrom('accounts')
        .select(['id', 'level', 'sign_flag'])
        .where('client_id', '=', clientId)
        .where('id', 'in', ids)
        .execute(),
      db
        .selectFrom('books')
        .select((eb) => [
          'account_id',
          eb.fn.sum<number>('published_count').as('chapters'),
          eb.fn.sum<number>('published_words').as('words'),
        ])
        .where('account_id', 'in', ids)
        .where('deleted_at', 'is', null)
        .groupBy('account_id')
        .execute(),
      db
        .selectFrom('book_daily_words')
        .select(['account_id', 'day'])
        .distinct()
        .where('account_id', 'in', ids)
        .where('chapters', '>', 0)
        .where('day', '<=', today)
        .execute(),
      db
        .selectFrom('leave_requests')
        .select(['account_id', 'start_day', 'end_day'])
        .where('account_id', 'in', ids)
        .where('status', '=', 'approved')
        .where('start_day', '<=', today)
        .execute(),
      db
        .selectFrom('growth_events')
        .select((eb) => ['account_id', 'fact', eb.fn.sum<number>('amount').as('amount')])
        .where('account_id', 'in', ids)
        .groupBy(['account_id', 'fact'])
        .execute(),
      db
        .selectFrom('graduations')
        .select((eb) => ['account_id', eb.fn.countAll<number>().as('n')])
        .where('account_id', 'in', ids)
        .groupBy('account_id')
        .execute(),
      db.selectFrom('account_badges').select(['account_id', 'badge_id']).where('account_id', 'in', ids).execute(),
    ]);
    badgeValues ??= new Map(
      (await db.selectFrom('badges').select(['id', 'growth_value']).where('client_id', '=', clientId).execute()).map(
        (b) => [b.id, b.growth_value],
      ),
    );
    for (const a of accounts) {
      out.set(a.id, {
        chapters: 0,
        words: 0,
        streak: 0,
        update_days: 0,
        signed: a.sign_flag ? 1 : 0,
        subscriptions: 0,
        readers: 0,
        graduated: 0,
        badge_growth: 0,
        level: a.level,
        owned: new Set(),
      });
    }
    for (const b of books) {
      const f = out.get(b.account_id);
      if (f) Object.assign(f, { chapters: Number(b.chapters ?? 0), words: Number(b.words ?? 0) });
    }
    const daysOf = new Map<number, Set<string>>();
    for (const d of days) setOf(daysOf, d.account_id).add(d.day);
    const leaveOf = new Map<number, Set<string>>();
    for (const l of leave) {
      const set = setOf(leaveOf, l.account_id);
      for (const day of daysBetween(l.start_day, l.end_day < today ? l.end_day : today)) set.add(day);
    }
    for (const [accountId, set] of daysOf) {
      const f = out.get(accountId);
      if (!f) continue;
      f.update_days = set.size;
      f.streak = streakWithLeave(set, leaveOf.get(accountId) ?? new Set(), today);
    }
    for (const e of events) {
      const f = out.get(e.account_id);
      if (f) f[e.fact] += Number(e.amount);
    }
    for (const g of graduations) {
      const f = out.get(g.account_id);
      if (f) f.graduated = Number(g.n);
    }
    for (const b of badges) {
      const f = out.get(b.account_id);
      if (!f) continue;
      f.owned.add(b.badge_id);
      f.badge_growth += badgeValues.get(b.badge_id) ?? 0;
    }
  }
  return out;
}

type Rule = Pick<BadgeRuleTable, 'badge_id' | 'kind' | 'threshold'> & { growth_value: number };

export function rulesOf(db: Executor, clientId: number): Promise<Rule[]> {
  return db
    .selectFrom('badge_rules as r')
    .innerJoin('badges as b', 'b.id', 'r.badge_id')
    .select(['r.badge_id', 'r.kind', 'r.threshold', 'b.growth_value'])
    .where('r.client_id', '=', clientId)
    .where('r.enabled', '=', 1)
    .execute();
}

type Level = { level: number; min_growth: number | null } & Record<
  'level_txt' | 'talk_content' | 'talk_author' | 'bg_image_link' | 'jump_url',
  string
>;

function levelsOf(db: Executor, clientId: number): Promise<Level[]> {
  return db
    .selectFrom('author_levels')
    .select(['level', 'min_growth', 'level_txt', 'talk_content', 'talk_author', 'bg_image_link', 'jump_url'])
    .where('client_id', '=', clientId)
    .orderBy('level')
    .execute();
}

/** The highest catalogue level whose threshold the growth value reaches (levels without one are given by hand). */
export function levelFor(levels: readonly Pick<Level, 'level' | 'min_growth'>[], growth: number): number | null {
  let best: number | null = null;
  for (const l of levels) if (l.min_growth !== null && growth >= l.min_growth) best = Math.max(best ?? 0, l.level);
  return best;
}

/**
 * How many authors of the brand hold each level (for the truthful 'surpassed N % of authors'): read
 * from the counts kept with every level and role change (a few rows), never by counting the accounts.
 */
export function levelDistribution(db: Executor, clientId: number): Promise<Map<number, number>> {
  return levelCounts(db, clientId);
}

/** The share of the other authors below `level` (the author themself, at `ownLevel`, is left out). */
export function surpassPercent(distribution: ReadonlyMap<number, number>, level: number, ownLevel: number): number {
  let below = 0;
  let others = 0;
  for (const [l, n] of distribution) {
    const count = l === ownLevel ? n - 1 : n;
    others += count;
    if (l < level) below += count;
  }
  return others > 0 ? Math.floor((100 * below) / others) : 100;
}

export const surpassText = (percent: number) => `超过了${percent}%的作者`;

export interface EvaluationResult {
  awarded: number[];
  level: { from: number; to: number } | null;
}

/**
 * Evaluates every rule of the brand for the given accounts and records what they newly earn: the
 * badges (envelope, pop 3) and a level raise (pop 2). Safe to call any number of times.
 */
export async function evaluateGrowth(
  db: Executor,
  clientId: number,
  accountIds: readonly number[],
  now: number,
  cache: { rules?: Rule[]; levels?: Level[] } = {},
): Promise<Map<number, EvaluationResult>> {
  cache.rules ??= await rulesOf(db, clientId);
  cache.levels ??= await levelsOf(db, clientId);
  const { rules, levels } = cache;
  const results = new Map<number, EvaluationResult>();
  if (rules.length === 0 && !levels.some((l) => l.min_growth !== null)) return results;
  const facts = await factsOf(db, clientId, accountIds, shanghaiDate(now));

  // Badges: every rule met and not yet held, inserted in a few statements; the unique
  // (account, badge) index decides, so a concurrent or replayed evaluation adds nothing.
  const wanted: { account_id: number; badge_id: number }[] = [];
  for (const [accountId, f] of facts) {
    for (const rule of rules) {
      if (!f.owned.has(rule.badge_id) && f[rule.kind as BadgeRuleKind] >= rule.threshold) {
        wanted.push({ account_id: accountId, badge_id: rule.badge_id });
      }
    }
  }
  const growthOf = new Map(rules.map((r) => [r.badge_id, r.growth_value]));
  for (let i = 0; i < wanted.length; i += INSERT_CHUNK) {
    const inserted = await db
      .insertInto('account_badges')
      .values(
        wanted
          .slice(i, i + INSERT_CHUNK)
          .map((w) => ({ client_id: clientId, ...w, awarded_at: now, noticed_at: null })),
      )
      .onConflict((oc) => oc.columns(['account_id', 'badge_id']).doNothing())
      .returning(['account_id', 'badge_id'])
      .execute();
    for (const row of inserted) {
      const f = facts.get(row.account_id)!;
      f.owned.add(row.badge_id);
      f.badge_growth += growthOf.get(row.badge_id) ?? 0;
      const result = results.get(row.account_id) ?? { awarded: [], level: null };
      result.awarded.push(row.badge_id);
      results.set(row.account_id, result);
    }
  }

  // Levels: only ever raised, to the highest level whose threshold the growth value reaches.
  const changes: Insertable<LevelChangeTable>[] = [];
  // Read once, when a first level changes, and kept current with the changes made here.
  let distribution: Map<number, number> | undefined;
  const deltas = new Map<number, number>();
  for (const [accountId, f] of facts) {
    const target = levelFor(levels, growthSources(f).total);
    if (target === null || target <= f.level) continue;
    distribution ??= await levelDistribution(db, clientId);
    const texts = levels.find((l) => l.level === target)!;
    const raised = await db
      .updateTable('accounts')
      .set({ level: target, updated_at: now })
      .where('id', '=', accountId)
      .where('level', '=', f.level)
      .returning('role')
      .executeTakeFirst();
    // Another evaluation raised it first: that one records the change.
    if (!raised) continue;
    changes.push({
      client_id: clientId,
      account_id: accountId,
      from_level: f.level,
      level: target,
      level_txt: texts.level_txt,
      surpass_txt: surpassText(surpassPercent(distribution, target, f.level)),
      talk_content: texts.talk_content,
      talk_author: texts.talk_author,
      bg_image_link: texts.bg_image_link,
      jump_url: texts.jump_url || DEFAULT_LEVEL_JUMP_URL,
      created_at: now,
      noticed_at: null,
    });
    if (raised.role === 'author') {
      for (const [l, d] of [
        [f.level, -1],
        [target, 1],
      ]) {
        deltas.set(l, (deltas.get(l) ?? 0) + d);
        distribution.set(l, (distribution.get(l) ?? 0) + d);
      }
    }
    const result = results.get(accountId) ?? { awarded: [], level: null };
    result.level = { from: f.level, to: target };
    results.set(accountId, result);
  }
  // The brand's counts move with the accounts, in this transaction: one upsert per level touched.
  await adjustLevelCounts(db, clientId, deltas);
  for (let i = 0; i < changes.length; i += INSERT_CHUNK / 2) {
    await db
      .insertInto('level_changes')
      .values(changes.slice(i, i + INSERT_CHUNK / 2))
      .execute();
  }
  return results;
}

/** Rows per multi-row insert (SQLite allows 32,766 parameters a statement). */
const INSERT_CHUNK = 1000;

/**
 * Another module reports a fact the rules read (a subscription, readers), keyed by its event so a
 * replay counts nothing twice, and the author's rules are evaluated again. Call it in the
 * transaction that records the event.
 */
export async function recordGrowthFact(
  db: Executor,
  input: { clientId: number; accountId: number; fact: 'subscriptions' | 'readers'; amount: number; eventKey: string },
  now = Date.now(),
): Promise<EvaluationResult | null> {
  await db
    .insertInto('growth_events')
    .values({
      client_id: input.clientId,
      account_id: input.accountId,
      fact: input.fact,
      amount: input.amount,
      event_key: input.eventKey,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['client_id', 'event_key']).doNothing())
    .execute();
  return (await evaluateGrowth(db, input.clientId, [input.accountId], now)).get(input.accountId) ?? null;
}

/**
 * Facts reported in bulk (the reading sites' events, as they are ingested): recorded once per event key,
 * evaluated by the nightly recomputation rather than per batch, so ingestion stays fast.
 */
export async function recordGrowthFacts(
  db: Executor,
  facts: Array<{
    clientId: number;
    accountId: number;
    fact: 'subscriptions' | 'readers';
    amount: number;
    eventKey: string;
  }>,
  now = Date.now(),
): Promise<void> {
  for (let i = 0; i < facts.length; i += 200) {
    await db
      .insertInto('growth_events')
      .values(
        facts.slice(i, i + 200).map((f) => ({
          client_id: f.clientId,
          account_id: f.accountId,
          fact: f.fact,
          amount: f.amount,
          event_key: f.eventKey,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['client_id', 'event_key']).doNothing())
      .execute();
  }
}

/** Something changed for one author (signed, graduated, leave approved): evaluate their rules again. */
export async function growthEvent(db: Executor, clientId: number, accountId: number, now = Date.now()) {
  return (await evaluateGrowth(db, clientId, [accountId], now)).get(accountId) ?? null;
}

/**
 * The nightly recomputation: the level counts recounted, then every author of every brand, in pages
 * of accounts, each page in its own transaction so the database is never held long.
 */
export async function recomputeAll(db: Db, now = Date.now(), pageSize = 5000) {
  // First the level counts are recounted from the accounts and corrected where they drifted (they
  // never should: the caller logs every correction), so tonight's 'surpassed N %' texts are exact.
  const corrections = await inTransaction(db, (tx) => recountLevels(tx));
  const brands = await db.selectFrom('accounts').select('client_id').distinct().execute();
  let badges = 0;
  let levels = 0;
  for (const { client_id } of brands) {
    const cache = {};
    let after = 0;
    for (;;) {
      const page = await db
        .selectFrom('accounts')
        .select('id')
        .where('client_id', '=', client_id)
        .where('role', '=', 'author')
        .where('id', '>', after)
        .orderBy('id')
        .limit(pageSize)
        .execute();
      if (page.length === 0) break;
      after = page[page.length - 1].id;
      // One transaction per page: the awards of thousands of authors commit together.
      const results = await inTransaction(db, (tx) =>
        evaluateGrowth(
          tx,
          client_id,
          page.map((p) => p.id),
          now,
          cache,
        ),
      );
      for (const r of results.values()) {
        badges += r.awarded.length;
        if (r.level) levels++;
      }
    }
  }
  return { badges, levels, corrections };
}

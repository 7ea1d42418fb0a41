import { shanghaiDate } from '@author-centre/shared';
import { sql } from 'kysely';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { recordGrowthFacts } from '../growth/growth.service.ts';
import type { SiteKind } from './income.tables.ts';
import type { SignedSite } from './site-auth.ts';

/**
 * Reader events pushed by the reading sites, and THE registry of their kinds. Adding a kind (issue
 * 14's comments and corrections) is one `defineEventKind` call: what it needs (a chapter, an
 * amount), which sites may send it, what it adds to the rollups, and optionally `store` for rows
 * of its own written in the batch's transaction.
 *
 * A batch is all or nothing: every event is checked first; if any is refused the reply lists each
 * refused event with its reason and nothing is written. Events already received (same site, same
 * event id) are skipped and counted as duplicates, so a batch sent twice is counted once, even by
 * two instances at the same moment (the unique index decides, `ON CONFLICT DO NOTHING RETURNING`).
 */

/** A checked event, ready to be counted. */
export interface ReaderEvent {
  event_id: string;
  kind: string;
  book_id: number;
  chapter_id: number | null;
  amount_fen: number;
  occurred_at: number;
  /** The book's pen name (account) when the event arrived. */
  account_id: number;
  /** Asia/Shanghai day and month of `occurred_at`. */
  day: string;
  month: string;
  /** The whole event as sent, for kinds that keep more than the common fields. */
  raw: Record<string, unknown>;
}

/** Counters of one book, day and site (the `book_day_stats` columns). */
export interface DayCounters {
  reads: number;
  free_reads: number;
  favourites: number;
  comments: number;
  orders: number;
  subscription_fen: number;
  gifts: number;
  gift_fen: number;
  rewards: number;
  reward_fen: number;
  partner_fen: number;
  free_fen: number;
}

export interface EventKind {
  /** Whether the event names a chapter of the book. */
  chapter: 'required' | 'optional' | 'none';
  /** Whether the event carries an amount in fen (then a positive integer is required). */
  amount: boolean;
  /** The site kinds allowed to send it (all when absent). */
  sites?: readonly SiteKind[];
  /** What it adds to the day's counters of its book. */
  count(event: ReaderEvent, day: DayCounters): void;
  /** Whether it is a read or an order of its chapter (retention, orders per chapter). */
  chapterCounter?: 'reads' | 'orders';
  /** Whether its amount is revenue the author is paid a share of. */
  revenue?: boolean;
  /** Checks beyond the common ones: a refusal, or null. */
  check?(raw: Record<string, unknown>): Refusal | null;
  /** Rows of the kind's own, written in the batch's transaction (only events not seen before). */
  store?(tx: Tx, site: SignedSite, events: ReaderEvent[]): Promise<void>;
}

const KINDS = new Map<string, EventKind>();

export function defineEventKind(name: string, kind: EventKind): void {
  if (KINDS.has(name)) throw new Error(`event kind ${name} defined twice`);
  KINDS.set(name, kind);
}

export function eventKinds(): ReadonlyMap<string, EventKind> {
  return KINDS;
}

defineEventKind('chapter_read', {
  chapter: 'required',
  amount: false,
  chapterCounter: 'reads',
  count: (_e, d) => void d.reads++,
});
defineEventKind('chapter_purchase', {
  chapter: 'required',
  amount: true,
  revenue: true,
  chapterCounter: 'orders',
  count: (e, d) => {
    d.orders++;
    d.subscription_fen += e.amount_fen;
  },
});
// A subscription of the whole book (or of all its paid chapters at once).
defineEventKind('subscription', {
  chapter: 'none',
  amount: true,
  revenue: true,
  count: (e, d) => {
    d.orders++;
    d.subscription_fen += e.amount_fen;
  },
});
defineEventKind('gift', {
  chapter: 'optional',
  amount: true,
  revenue: true,
  count: (e, d) => {
    d.gifts++;
    d.gift_fen += e.amount_fen;
  },
});
// Rewards in gold (打赏).
defineEventKind('reward', {
  chapter: 'optional',
  amount: true,
  revenue: true,
  count: (e, d) => {
    d.rewards++;
    d.reward_fen += e.amount_fen;
  },
});
defineEventKind('favourite', { chapter: 'none', amount: false, count: (_e, d) => void d.favourites++ });
// `comment` (with its rows), `comment_reply` and `correction` are defined by the comments module (comments/comment-events.ts).
defineEventKind('free_read', {
  chapter: 'optional',
  amount: false,
  sites: ['free'],
  chapterCounter: 'reads',
  count: (_e, d) => void d.free_reads++,
});
// The free app's revenue (ads) for the book: the channel page's free line.
defineEventKind('free_revenue', {
  chapter: 'none',
  amount: true,
  revenue: true,
  sites: ['free'],
  count: (e, d) => {
    d.free_fen += e.amount_fen;
  },
});
// A partner platform's (zh) revenue line for the book and day.
defineEventKind('partner_revenue', {
  chapter: 'none',
  amount: true,
  revenue: true,
  sites: ['zh'],
  count: (e, d) => {
    d.partner_fen += e.amount_fen;
  },
});

export const MAX_BATCH = 1000;
/** How far in the future an event's time may be (clocks differ a little). */
export const FUTURE_SKEW_MS = 5 * 60 * 1000;

export type RefusalReason =
  | 'invalid'
  | 'unknown_kind'
  | 'kind_not_allowed'
  | 'duplicate_in_batch'
  | 'unknown_book'
  | 'unknown_chapter'
  | 'chapter_required'
  | 'amount_required'
  | 'negative_amount'
  | 'future_time';

export interface Refusal {
  reason: RefusalReason;
  field?: string;
  message: string;
}

export interface RefusedEvent extends Refusal {
  index: number;
  event_id: string | null;
}

const MESSAGES: Record<RefusalReason, string> = {
  invalid: 'The field is missing or has the wrong type',
  unknown_kind: 'Unknown event kind',
  kind_not_allowed: 'This site may not send this kind of event',
  duplicate_in_batch: 'The event id appears twice in the batch',
  unknown_book: "The book does not exist in this site's brand",
  unknown_chapter: 'The chapter does not belong to the book',
  chapter_required: 'This kind of event needs chapter_id',
  amount_required: 'This kind of event needs a positive whole amount_fen',
  negative_amount: 'amount_fen must not be negative',
  future_time: 'occurred_at is in the future (more than 5 minutes ahead of the server clock)',
};

const refusal = (reason: RefusalReason, field?: string): Refusal => ({ reason, field, message: MESSAGES[reason] });

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** The common checks of one event, without the database. */
function checkShape(raw: unknown, site: SignedSite, now: number): Refusal | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return refusal('invalid');
  const e = raw as Record<string, unknown>;
  if (typeof e.event_id !== 'string' || e.event_id.length < 1 || e.event_id.length > 100)
    return refusal('invalid', 'event_id');
  if (typeof e.kind !== 'string') return refusal('invalid', 'kind');
  const kind = KINDS.get(e.kind);
  if (!kind) return refusal('unknown_kind', 'kind');
  if (kind.sites && !kind.sites.includes(site.kind)) return refusal('kind_not_allowed', 'kind');
  if (!isId(e.book_id)) return refusal('invalid', 'book_id');
  if (kind.chapter === 'required' && e.chapter_id == null) return refusal('chapter_required', 'chapter_id');
  if (e.chapter_id != null && !isId(e.chapter_id)) return refusal('invalid', 'chapter_id');
  if (kind.amount) {
    if (typeof e.amount_fen === 'number' && e.amount_fen < 0) return refusal('negative_amount', 'amount_fen');
    if (!Number.isSafeInteger(e.amount_fen) || (e.amount_fen as number) === 0)
      return refusal('amount_required', 'amount_fen');
  } else if (e.amount_fen != null && e.amount_fen !== 0) return refusal('invalid', 'amount_fen');
  if (!Number.isSafeInteger(e.occurred_at) || (e.occurred_at as number) <= 0) return refusal('invalid', 'occurred_at');
  if ((e.occurred_at as number) > now + FUTURE_SKEW_MS) return refusal('future_time', 'occurred_at');
  return kind.check?.(e) ?? null;
}

export interface BatchOutcome {
  refused: RefusedEvent[];
  accepted: number;
  duplicates: number;
}

const ZERO: DayCounters = {
  reads: 0,
  free_reads: 0,
  favourites: 0,
  comments: 0,
  orders: 0,
  subscription_fen: 0,
  gifts: 0,
  gift_fen: 0,
  rewards: 0,
  reward_fen: 0,
  partner_fen: 0,
  free_fen: 0,
};
const COUNTER_COLUMNS = Object.keys(ZERO) as Array<keyof DayCounters>;

/** Checks a pushed batch and, when every event passes, writes it and its rollups in one transaction. */
export async function ingestBatch(
  db: Db,
  site: SignedSite,
  events: unknown[],
  now = Date.now(),
): Promise<BatchOutcome> {
  const refused: RefusedEvent[] = [];
  const seen = new Set<string>();
  const ok: Array<{ index: number; e: Record<string, unknown> }> = [];
  for (const [index, raw] of events.entries()) {
    const r = checkShape(raw, site, now);
    const id = (raw as { event_id?: unknown })?.event_id;
    const eventId = typeof id === 'string' ? id : null;
    if (r) refused.push({ index, event_id: eventId, ...r });
    else if (seen.has(eventId as string))
      refused.push({ index, event_id: eventId, ...refusal('duplicate_in_batch', 'event_id') });
    else {
      seen.add(eventId as string);
      ok.push({ index, e: raw as Record<string, unknown> });
    }
  }

  // Books of the site's brand, and chapters of those books.
  const bookIds = [...new Set(ok.map(({ e }) => e.book_id as number))];
  const chapterIds = [...new Set(ok.filter(({ e }) => e.chapter_id != null).map(({ e }) => e.chapter_id as number))];
  const books = new Map<number, number>();
  if (bookIds.length) {
    for (const b of await db
      .selectFrom('books')
      .select(['id', 'account_id'])
      .where('client_id', '=', site.clientId)
      .where('id', 'in', bookIds)
      .where('deleted_at', 'is', null)
      .execute())
      books.set(b.id, b.account_id);
  }
  const chapters = new Map<number, number>();
  if (chapterIds.length) {
    for (const c of await db
      .selectFrom('chapters')
      .select(['id', 'book_id'])
      .where('client_id', '=', site.clientId)
      .where('id', 'in', chapterIds)
      .execute())
      chapters.set(c.id, c.book_id);
  }
  const checked: ReaderEvent[] = [];
  for (const { index, e } of ok) {
    const accountId = books.get(e.book_id as number);
    if (accountId === undefined) {
      refused.push({ index, event_id: e.event_id as string, ...refusal('unknown_book', 'book_id') });
      continue;
    }
    if (e.chapter_id != null && chapters.get(e.chapter_id as number) !== e.book_id) {
      refused.push({ index, event_id: e.event_id as string, ...refusal('unknown_chapter', 'chapter_id') });
      continue;
    }
    const day = shanghaiDate(e.occurred_at as number);
    checked.push({
      event_id: e.event_id as string,
      kind: e.kind as string,
      book_id: e.book_id as number,
      chapter_id: (e.chapter_id as number | undefined) ?? null,
      amount_fen: (e.amount_fen as number | undefined) ?? 0,
      occurred_at: e.occurred_at as number,
      account_id: accountId,
      day,
      month: day.slice(0, 7),
      raw: e,
    });
  }
  if (refused.length) {
    refused.sort((a, b) => a.index - b.index);
    await recordBatch(db, site, events.length, 0, 0, refused, null, now);
    return { refused, accepted: 0, duplicates: 0 };
  }

  return inTransaction(db, async (tx) => {
    const fresh = new Set<string>();
    for (let i = 0; i < checked.length; i += 500) {
      const part = checked.slice(i, i + 500);
      const inserted = await tx
        .insertInto('reader_events')
        .values(
          part.map((e) => ({
            client_id: site.clientId,
            site_id: site.siteId,
            event_id: e.event_id,
            kind: e.kind,
            book_id: e.book_id,
            chapter_id: e.chapter_id,
            amount_fen: e.amount_fen,
            occurred_at: e.occurred_at,
            received_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['site_id', 'event_id']).doNothing())
        .returning('event_id')
        .execute();
      for (const r of inserted) fresh.add(r.event_id);
    }
    const news = checked.filter((e) => fresh.has(e.event_id));
    await applyRollups(tx, site, news, now);
    const byKind = new Map<string, ReaderEvent[]>();
    for (const e of news) entry(byKind, e.kind, () => []).push(e);
    for (const [kind, list] of byKind) await KINDS.get(kind)?.store?.(tx, site, list);
    await reportGrowthFacts(tx, site, news, now);
    const latest = checked.reduce((m, e) => Math.max(m, e.occurred_at), 0) || null;
    await recordBatch(tx, site, events.length, news.length, checked.length - news.length, [], latest, now);
    return { refused: [], accepted: news.length, duplicates: checked.length - news.length };
  });
}

/**
 * What the growth module's rules and levels read from readers' activity: subscriptions (book and
 * chapter orders) and reads, per pen name. Only events not seen before reach here, and each batch's
 * facts are keyed by its first new event, so a replayed batch counts nothing twice.
 */
async function reportGrowthFacts(tx: Tx, site: SignedSite, news: ReaderEvent[], now: number): Promise<void> {
  const totals = new Map<string, { accountId: number; fact: 'subscriptions' | 'readers'; amount: number }>();
  for (const e of news) {
    const fact =
      e.kind === 'subscription' || e.kind === 'chapter_purchase'
        ? 'subscriptions'
        : e.kind === 'chapter_read' || e.kind === 'free_read'
          ? 'readers'
          : null;
    if (!fact) continue;
    entry(totals, `${e.account_id}:${fact}`, () => ({ accountId: e.account_id, fact, amount: 0 })).amount += 1;
  }
  if (totals.size === 0) return;
  const batchKey = `reading-site:${site.siteId}:${news[0].event_id}`;
  await recordGrowthFacts(
    tx,
    [...totals.values()].map((t) => ({
      clientId: site.clientId,
      accountId: t.accountId,
      fact: t.fact,
      amount: t.amount,
      eventKey: `${batchKey}:${t.accountId}:${t.fact}`,
    })),
    now,
  );
}

async function recordBatch(
  db: Db | Tx,
  site: SignedSite,
  events: number,
  accepted: number,
  duplicates: number,
  refused: RefusedEvent[],
  latest: number | null,
  now: number,
) {
  await db
    .insertInto('integration_batches')
    .values({
      client_id: site.clientId,
      site_id: site.siteId,
      received_at: now,
      events,
      accepted,
      duplicates,
      refused: refused.length,
      first_reason: refused[0] ? `#${refused[0].index} ${refused[0].reason}` : null,
      latest_event_at: latest,
    })
    .execute();
}

/** The map's value for a key, made and stored first when missing. */
export function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Adds new events to the rollups: one upsert per touched (book, day), chapter and (book, month). */
async function applyRollups(tx: Tx, site: SignedSite, events: ReaderEvent[], now: number): Promise<void> {
  if (!events.length) return;
  const days = new Map<string, { book_id: number; account_id: number; day: string; c: DayCounters }>();
  const chapterCounts = new Map<number, { book_id: number; reads: number; orders: number }>();
  const months = new Map<string, { book_id: number; account_id: number; month: string; fen: number }>();
  for (const e of events) {
    const kind = KINDS.get(e.kind) as EventKind;
    const key = `${e.book_id}|${e.day}`;
    const d = entry(days, key, () => ({ book_id: e.book_id, account_id: e.account_id, day: e.day, c: { ...ZERO } }));
    kind.count(e, d.c);
    if (kind.chapterCounter && e.chapter_id !== null)
      entry(chapterCounts, e.chapter_id, () => ({ book_id: e.book_id, reads: 0, orders: 0 }))[kind.chapterCounter]++;
    if (kind.revenue)
      entry(months, `${e.book_id}|${e.month}`, () => ({
        book_id: e.book_id,
        account_id: e.account_id,
        month: e.month,
        fen: 0,
      })).fen += e.amount_fen;
  }
  // Rows in key order: two batches upserting the same rows at once (PostgreSQL) lock them in the same order, never a deadlock.
  const byKey = (a: { book_id: number; k: string }, b: { book_id: number; k: string }) =>
    a.book_id - b.book_id || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0);
  const dayRows = [...days.values()]
    .map((d) => ({ ...d, k: d.day }))
    .sort(byKey)
    .map((d) => ({
      client_id: site.clientId,
      account_id: d.account_id,
      book_id: d.book_id,
      day: d.day,
      site_id: site.siteId,
      ...d.c,
      updated_at: now,
    }));
  for (let i = 0; i < dayRows.length; i += 200) {
    await tx
      .insertInto('book_day_stats')
      .values(dayRows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['book_id', 'day', 'site_id']).doUpdateSet((eb) => ({
          ...Object.fromEntries(
            COUNTER_COLUMNS.map((col) => [
              col,
              sql`${sql.ref(`book_day_stats.${col}`)} + ${eb.ref(`excluded.${col}`)}`,
            ]),
          ),
          updated_at: now,
        })),
      )
      .execute();
  }
  const chapterRows = [...chapterCounts]
    .sort(([a], [b]) => a - b)
    .map(([chapter_id, c]) => ({ chapter_id, client_id: site.clientId, ...c }));
  for (let i = 0; i < chapterRows.length; i += 500) {
    await tx
      .insertInto('chapter_read_stats')
      .values(chapterRows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.column('chapter_id').doUpdateSet((eb) => ({
          reads: sql`chapter_read_stats.reads + ${eb.ref('excluded.reads')}`,
          orders: sql`chapter_read_stats.orders + ${eb.ref('excluded.orders')}`,
        })),
      )
      .execute();
  }
  const monthRows = [...months.values()]
    .map((m) => ({ ...m, k: m.month }))
    .sort(byKey)
    .map((m) => ({
      client_id: site.clientId,
      account_id: m.account_id,
      book_id: m.book_id,
      month: m.month,
      revenue_fen: m.fen,
      settled_fen: 0,
      settled_share_fen: 0,
    }));
  if (monthRows.length) {
    await tx
      .insertInto('book_month_revenue')
      .values(monthRows)
      .onConflict((oc) =>
        oc.columns(['book_id', 'month']).doUpdateSet((eb) => ({
          revenue_fen: sql`book_month_revenue.revenue_fen + ${eb.ref('excluded.revenue_fen')}`,
        })),
      )
      .execute();
  }
}

import { describe, expect, it } from 'vitest';
import { dayEvents, partnerEvents, type SimBook } from './simulation.ts';

const DAY = 86_400_000;
const day = '2026-11-10';
const start = Date.parse('2026-11-10T00:00:00+08:00');
const book: SimBook = {
  book_id: 7,
  popularity: 300,
  chapters: [
    ...Array.from({ length: 4 }, (_, i) => ({ chapter_id: 100 + i, vip: 0, published_at: start - 10 * DAY })),
    ...Array.from({ length: 6 }, (_, i) => ({ chapter_id: 200 + i, vip: 1, published_at: start - 10 * DAY })),
    { chapter_id: 300, vip: 1, published_at: start + 2 * DAY },
  ],
};

describe('the reading-site simulator', () => {
  it('is deterministic, and a later cut-off keeps the earlier events and their ids', () => {
    const all = dayEvents('reader', [book], day);
    expect(dayEvents('reader', [book], day)).toEqual(all);
    const noon = start + 12 * 3_600_000;
    const morning = dayEvents('reader', [book], day, noon);
    expect(morning.length).toBeGreaterThan(0);
    expect(morning.every((e) => e.occurred_at <= noon)).toBe(true);
    const ids = new Set(all.map((e) => e.event_id));
    expect(morning.every((e) => ids.has(e.event_id))).toBe(true);
    expect(new Set(all.map((e) => e.event_id)).size).toBe(all.length);
  });

  it('reads decay chapter by chapter, only paid chapters are bought, nothing is read before it is published', () => {
    const events = dayEvents('reader', [book], day);
    const reads = (id: number) => events.filter((e) => e.kind === 'chapter_read' && e.chapter_id === id).length;
    expect(reads(100)).toBeGreaterThan(reads(103));
    expect(reads(103)).toBeGreaterThan(reads(205));
    const bought = new Set(events.filter((e) => e.kind === 'chapter_purchase').map((e) => e.chapter_id));
    expect([...bought].every((id) => (id as number) >= 200)).toBe(true);
    expect(events.some((e) => e.chapter_id === 300)).toBe(false);
    expect(events.every((e) => e.occurred_at >= start && e.occurred_at < start + DAY + 3_600_000)).toBe(true);
  });

  it('reports one zh revenue line per book and day, and free-app reads with their ad revenue', () => {
    const zh = partnerEvents('zh', 'zh', [book], day);
    expect(zh.map((e) => e.kind)).toEqual(['partner_revenue']);
    expect(zh[0].amount_fen).toBeGreaterThan(0);
    const free = partnerEvents('free', 'free', [book], day);
    expect(free.filter((e) => e.kind === 'free_revenue')).toHaveLength(1);
    expect(free.filter((e) => e.kind === 'free_read').length).toBeGreaterThan(0);
  });
});

describe('the simulator also sends comments, replies and corrections (issue 14)', () => {
  it('makes comments with readers and texts, replies to earlier ones, and corrections of real passages', () => {
    const text = '山门清晨，钟声悠长。\n少年拨剑而起，直指苍穹。\n远处云海翻涌。';
    const popular: SimBook = { ...book, popularity: 3000, chapters: book.chapters.map((c) => ({ ...c, text })) };
    const events = dayEvents('reader', [popular], day);
    const comments = events.filter((e) => e.kind === 'comment');
    expect(comments.length).toBeGreaterThan(0);
    expect(comments.every((e) => typeof e.reader_id === 'string' && typeof e.content === 'string')).toBe(true);
    expect(new Set(comments.map((e) => e.comment_type)).size).toBeGreaterThan(2);
    const ids = new Set(comments.map((e) => e.event_id));
    const replies = events.filter((e) => e.kind === 'comment_reply');
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((e) => ids.has(e.parent_event_id as string))).toBe(true);
    const corrections = events.filter((e) => e.kind === 'correction');
    expect(corrections.length).toBeGreaterThan(0);
    for (const c of corrections) expect(text.split('\n')[c.paragraph_index as number]).toContain(c.original as string);
  });
});

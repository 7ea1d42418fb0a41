import type { Tx } from '../../platform/db/database.ts';
import { defineEventKind, type ReaderEvent, type Refusal } from '../income/events.ts';
import type { SignedSite } from '../income/site-auth.ts';
import type { CommentKind } from './comments.tables.ts';
import './comments.tables.ts';

/**
 * The reader-side kinds of the reading-site push (docs/income.md): a comment, a reader's reply in a
 * thread, and an error correction. Each stores its own rows in the batch's transaction, so the
 * batch's all-or-nothing and idempotency rules hold for them; a new comment is unread at once.
 */

export const COMMENT_KINDS: readonly CommentKind[] = [
  'book',
  'chapter',
  'paragraph',
  'evaluate',
  'discussion',
  'checkin',
];
export const COMMENT_MAX = 2000;

const invalid = (field: string, message: string): Refusal => ({ reason: 'invalid', field, message });
const text = (v: unknown, max: number) => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

function checkReader(raw: Record<string, unknown>): Refusal | null {
  if (!text(raw.reader_id, 64)) return invalid('reader_id', 'reader_id: 1–64 characters');
  if (!text(raw.reader_name, 50)) return invalid('reader_name', 'reader_name: 1–50 characters');
  return null;
}

function checkComment(raw: Record<string, unknown>): Refusal | null {
  const reader = checkReader(raw);
  if (reader) return reader;
  if (!text(raw.content, COMMENT_MAX)) return invalid('content', `content: 1–${COMMENT_MAX} characters`);
  const type = raw.comment_type ?? (raw.chapter_id != null ? 'chapter' : 'book');
  if (!COMMENT_KINDS.includes(type as CommentKind))
    return invalid('comment_type', `comment_type: one of ${COMMENT_KINDS.join(', ')}`);
  if ((type === 'chapter' || type === 'paragraph') && raw.chapter_id == null)
    return invalid('chapter_id', 'chapter and paragraph comments need chapter_id');
  if (type === 'paragraph' && !(Number.isSafeInteger(raw.paragraph_index) && (raw.paragraph_index as number) >= 0))
    return invalid('paragraph_index', 'paragraph comments need paragraph_index (0-based)');
  if (
    type === 'evaluate' &&
    !(Number.isSafeInteger(raw.rating) && (raw.rating as number) >= 1 && (raw.rating as number) <= 5)
  )
    return invalid('rating', 'evaluations need rating 1–5');
  return null;
}

defineEventKind('comment', {
  chapter: 'optional',
  amount: false,
  count: (_e, d) => void d.comments++,
  check: checkComment,
  store: (tx, site, events) => storeComments(tx, site, events),
});

defineEventKind('comment_reply', {
  chapter: 'optional',
  amount: false,
  count: (_e, d) => void d.comments++,
  check: (raw) => {
    const reader = checkReader(raw);
    if (reader) return reader;
    if (!text(raw.content, COMMENT_MAX)) return invalid('content', `content: 1–${COMMENT_MAX} characters`);
    const byId = Number.isSafeInteger(raw.parent_comment_id) && (raw.parent_comment_id as number) > 0;
    if (!byId && !text(raw.parent_event_id, 100))
      return invalid('parent_comment_id', 'a reply names parent_comment_id (from the pull) or parent_event_id (yours)');
    return null;
  },
  store: (tx, site, events) => storeComments(tx, site, events),
});

defineEventKind('correction', {
  chapter: 'required',
  amount: false,
  count: () => {},
  check: (raw) => {
    const reader = checkReader(raw);
    if (reader) return reader;
    if (!(Number.isSafeInteger(raw.paragraph_index) && (raw.paragraph_index as number) >= 0))
      return invalid('paragraph_index', 'paragraph_index: the 0-based paragraph of the chapter');
    if (!text(raw.original, 200)) return invalid('original', 'original: the wrong text as read, 1–200 characters');
    if (typeof raw.suggestion !== 'string' || raw.suggestion.length > 200)
      return invalid('suggestion', 'suggestion: the right text, up to 200 characters');
    if (raw.suggestion === raw.original) return invalid('suggestion', 'suggestion is the same as original');
    return null;
  },
  store: async (tx, site, events) => {
    const now = Date.now();
    for (let i = 0; i < events.length; i += 300) {
      await tx
        .insertInto('reader_corrections')
        .values(
          events.slice(i, i + 300).map((e) => ({
            client_id: site.clientId,
            account_id: e.account_id,
            book_id: e.book_id,
            chapter_id: e.chapter_id as number,
            site_id: site.siteId,
            event_id: e.event_id,
            reader_id: String(e.raw.reader_id),
            reader_name: String(e.raw.reader_name),
            paragraph_index: e.raw.paragraph_index as number,
            original: String(e.raw.original),
            suggestion: String(e.raw.suggestion),
            status: 'pending' as const,
            created_at: now,
          })),
        )
        .execute();
    }
  },
});

/** Comments and readers' replies: held (kept, not shown, not unread) when the reader is muted or banned. */
async function storeComments(tx: Tx, site: SignedSite, events: ReaderEvent[]): Promise<void> {
  const now = Date.now();
  const readers = [...new Set(events.map((e) => String(e.raw.reader_id)))];
  const muted = new Set<string>();
  const banned = new Set<string>();
  for (let i = 0; i < readers.length; i += 500) {
    const part = readers.slice(i, i + 500);
    for (const m of await tx
      .selectFrom('comment_mutes')
      .select(['account_id', 'reader_id'])
      .where('client_id', '=', site.clientId)
      .where('reader_id', 'in', part)
      .where('until', '>', now)
      .execute())
      muted.add(`${m.account_id}|${m.reader_id}`);
    for (const b of await tx
      .selectFrom('reader_bans')
      .select('reader_id')
      .where('client_id', '=', site.clientId)
      .where('reader_id', 'in', part)
      .execute())
      banned.add(b.reader_id);
  }
  // Paragraph comments keep the paragraph's text as the reader saw it.
  const paragraphChapters = [
    ...new Set(events.filter((e) => e.raw.comment_type === 'paragraph').map((e) => e.chapter_id as number)),
  ];
  const bodies = new Map<number, string[]>();
  if (paragraphChapters.length) {
    for (const c of await tx
      .selectFrom('chapter_live')
      .select(['chapter_id', 'body'])
      .where('chapter_id', 'in', paragraphChapters)
      .execute())
      bodies.set(c.chapter_id, c.body.split('\n'));
  }
  // Replies: the comment answered, by our id or by the site's own event id.
  const parentIds = events.filter((e) => e.raw.parent_comment_id != null).map((e) => e.raw.parent_comment_id as number);
  const parentEvents = events.filter((e) => e.raw.parent_event_id != null).map((e) => String(e.raw.parent_event_id));
  const parents = new Map<
    string,
    {
      id: number;
      root_id: number | null;
      book_id: number;
      account_id: number;
      kind: CommentKind;
      chapter_id: number | null;
    }
  >();
  const columns = ['id', 'root_id', 'book_id', 'account_id', 'event_id', 'kind', 'chapter_id'] as const;
  if (parentIds.length) {
    for (const p of await tx
      .selectFrom('comments')
      .select(columns)
      .where('client_id', '=', site.clientId)
      .where('id', 'in', [...new Set(parentIds)])
      .execute())
      parents.set(`id:${p.id}`, p);
  }
  if (parentEvents.length) {
    for (const p of await tx
      .selectFrom('comments')
      .select(columns)
      .where('site_id', '=', site.siteId)
      .where('event_id', 'in', [...new Set(parentEvents)])
      .execute())
      parents.set(`ev:${p.event_id}`, p);
  }
  // A reply whose parent is unknown (or of another book) is kept as a comment of its book: never lost.
  const parentOf = (e: ReaderEvent) => {
    const p =
      e.raw.parent_comment_id != null
        ? parents.get(`id:${e.raw.parent_comment_id}`)
        : e.raw.parent_event_id != null
          ? parents.get(`ev:${e.raw.parent_event_id}`)
          : undefined;
    return p && p.book_id === e.book_id ? p : undefined;
  };
  const rows = events.map((e) => {
    const parent = e.kind === 'comment_reply' ? parentOf(e) : undefined;
    // A reply belongs to its thread's kind (and chapter); a first comment says its own.
    const type =
      parent?.kind ?? (e.raw.comment_type as CommentKind | undefined) ?? (e.chapter_id != null ? 'chapter' : 'book');
    const reader = String(e.raw.reader_id);
    const held = banned.has(reader) || muted.has(`${e.account_id}|${reader}`);
    const paragraph = type === 'paragraph' && !parent ? (e.raw.paragraph_index as number) : null;
    return {
      client_id: site.clientId,
      account_id: e.account_id,
      book_id: e.book_id,
      chapter_id: parent ? parent.chapter_id : e.chapter_id,
      kind: type,
      paragraph_index: paragraph,
      paragraph_text:
        paragraph === null
          ? null
          : ((typeof e.raw.paragraph_text === 'string' ? e.raw.paragraph_text.slice(0, 5000) : null) ??
            bodies.get(e.chapter_id as number)?.[paragraph] ??
            null),
      rating: type === 'evaluate' && !parent ? (e.raw.rating as number) : null,
      root_id: parent ? (parent.root_id ?? parent.id) : null,
      parent_id: parent ? parent.id : null,
      site_id: site.siteId,
      event_id: e.event_id,
      reader_id: reader,
      reader_name: String(e.raw.reader_name),
      author_account_id: null,
      content: String(e.raw.content),
      state: held ? ('held' as const) : ('visible' as const),
      unread: held ? 0 : 1,
      created_at: e.occurred_at,
      updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await tx
      .insertInto('comments')
      .values(rows.slice(i, i + 200))
      .execute();
  // Thread sizes: one update per thread touched.
  const threads = new Map<number, number>();
  for (const r of rows) if (r.root_id !== null) threads.set(r.root_id, (threads.get(r.root_id) ?? 0) + 1);
  for (const [root, n] of [...threads].sort(([a], [b]) => a - b))
    await tx
      .updateTable('comments')
      .set((eb) => ({ replies: eb('replies', '+', n) }))
      .where('id', '=', root)
      .execute();
}

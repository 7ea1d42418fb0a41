import type { Db } from '../../platform/db/database.ts';
import '../contracts/contracts.tables.ts';
import '../works/screenplay-application.ts';
import '../works/works.tables.ts';

/**
 * The review centre (/front/examine): what of the author's is waiting for a decision and what was
 * refused and why, each with the place to fix it. Sources: chapters whose publication the checks
 * held (publish_log 'blocked', still unpublished), signing applications (online contracts), on-sale
 * and guarantee applications, screenplay applications and level-right applications. Book information
 * and covers are not reviewed by staff today, so they have no entry.
 */

export interface ExamineItem {
  kind: 'chapter' | 'contract' | 'sale' | 'guarantee' | 'screenplay' | 'right';
  id: number;
  title: string;
  status: 'pending' | 'refused';
  reason: string;
  at: number;
  link: string;
}

export async function examineList(db: Db, who: { clientId: number; accountId: number }) {
  const [held, contracts, bookApplications, screenplays, rights] = await Promise.all([
    db
      .selectFrom('publish_log as l')
      .innerJoin('chapters as c', 'c.id', 'l.chapter_id')
      .select(['l.id', 'l.book_id', 'l.chapter_id', 'l.note', 'l.published_at', 'c.title', 'c.status'])
      .where('l.account_id', '=', who.accountId)
      .where('l.outcome', '=', 'blocked')
      .where('c.status', '!=', 'published')
      .where('c.deleted_at', 'is', null)
      .orderBy('l.id', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('contracts')
      .innerJoin('books', 'books.id', 'contracts.book_id')
      .select([
        'contracts.id',
        'contracts.book_id',
        'books.title',
        'contracts.status',
        'contracts.refuse_reason',
        'contracts.submitted_at',
        'contracts.reviewed_at',
        'contracts.created_at',
      ])
      .where('contracts.account_id', '=', who.accountId)
      .where('contracts.client_id', '=', who.clientId)
      .where('contracts.status', 'in', ['reviewing', 'refused'])
      .orderBy('contracts.id', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('book_applications as a')
      .innerJoin('books', 'books.id', 'a.book_id')
      .select([
        'a.id',
        'a.book_id',
        'a.kind',
        'books.title',
        'a.status',
        'a.review_reason',
        'a.created_at',
        'a.reviewed_at',
      ])
      .where('a.account_id', '=', who.accountId)
      .where('a.client_id', '=', who.clientId)
      .where('a.status', 'in', ['pending', 'refused'])
      .orderBy('a.id', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('screenplay_applications')
      .select(['id', 'title', 'status', 'reason', 'created_at', 'reviewed_at'])
      .where('account_id', '=', who.accountId)
      .where('client_id', '=', who.clientId)
      .where('status', 'in', ['pending', 'refused'])
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('right_applications as a')
      .innerJoin('level_rights as r', 'r.id', 'a.right_id')
      .select(['a.id', 'r.title', 'a.status', 'a.review_note', 'a.created_at', 'a.reviewed_at'])
      .where('a.account_id', '=', who.accountId)
      .where('a.client_id', '=', who.clientId)
      .where('a.status', 'in', ['pending', 'refused'])
      .orderBy('a.id', 'desc')
      .limit(100)
      .execute(),
  ]);
  // One entry per held chapter: its latest hold.
  const seen = new Set<number>();
  const items: ExamineItem[] = [];
  for (const h of held) {
    if (seen.has(h.chapter_id)) continue;
    seen.add(h.chapter_id);
    items.push({
      kind: 'chapter',
      id: h.chapter_id,
      title: h.title,
      status: 'refused',
      reason: h.note ?? '',
      at: h.published_at,
      link: `/front/book-upload?book_id=${h.book_id}&chapter_id=${h.chapter_id}`,
    });
  }
  for (const c of contracts) {
    items.push({
      kind: 'contract',
      id: c.id,
      title: c.title,
      status: c.status === 'reviewing' ? 'pending' : 'refused',
      reason: c.refuse_reason ?? '',
      at: c.reviewed_at ?? c.submitted_at ?? c.created_at,
      link: `/front/book-manage/online-sign?book_id=${c.book_id}`,
    });
  }
  for (const a of bookApplications) {
    items.push({
      kind: a.kind,
      id: a.id,
      title: a.title,
      status: a.status as 'pending' | 'refused',
      reason: a.review_reason ?? '',
      at: a.reviewed_at ?? a.created_at,
      link: `/front/book-manage/online-sign?book_id=${a.book_id}`,
    });
  }
  for (const s of screenplays) {
    items.push({
      kind: 'screenplay',
      id: s.id,
      title: s.title,
      status: s.status as 'pending' | 'refused',
      reason: s.reason ?? '',
      at: s.reviewed_at ?? s.created_at,
      link: '/front/book-manage/screenplay',
    });
  }
  for (const r of rights) {
    items.push({
      kind: 'right',
      id: r.id,
      title: r.title,
      status: r.status as 'pending' | 'refused',
      reason: r.review_note,
      at: r.reviewed_at ?? r.created_at,
      link: '/front/author-level',
    });
  }
  items.sort((a, b) => b.at - a.at);
  return {
    under_review: items.filter((i) => i.status === 'pending'),
    refused: items.filter((i) => i.status === 'refused'),
  };
}

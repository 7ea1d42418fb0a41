import {
  countWords,
  type RegularSchedule,
  SHANGHAI_OFFSET_MS,
  shanghaiDate,
  shanghaiDayStart,
  type TextCheckFinding,
  WORKS_ERROR,
  WORKS_LIMITS,
} from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction, type Tx } from '../../platform/db/database.ts';
import { AppError, badInput } from '../../platform/http/errors.ts';
import type { Language } from '../../platform/http/language.ts';
import type { JobRecord, JobRun } from '../../platform/jobs/jobs.ts';
import { type MessageTemplateRef, sendMessage, worded } from '../messages/messages.service.ts';
import { insertVersion } from './chapters.service.ts';
import { blockedNote, type IdleReason, noteText, PUBLISH_MESSAGE } from './publish-notes.ts';
import { checkChapter, excludesOf, findingCode, sensitiveWordIn } from './text-check.ts';
import {
  type ChapterRow,
  type Executor,
  nextChangeSeq,
  type Owner,
  ownedBook,
  ownedChapter,
} from './works.repository.ts';
import type { PublishSource } from './works.tables.ts';

export const PUBLISH_CHAPTER_JOB = 'works.publish-chapter';
export const REGULAR_PUBLISH_JOB = 'works.regular-publish';

type Lang = 'zh-CN' | 'en-US';

/** The checks found something: blocking findings stop publishing; warnings need the author's "publish anyway". */
export class PublishChecksFailed extends AppError {
  readonly findings: TextCheckFinding[];
  readonly canForce: boolean;

  constructor(findings: TextCheckFinding[]) {
    const canForce = findings.every((f) => f.severity === 'warn');
    super(
      WORKS_ERROR.publishChecksFailed,
      canForce
        ? {
            'zh-CN': '发布前检查有提示，请确认后发布',
            'en-US': 'The checks before publishing have warnings; please confirm',
          }
        : {
            'zh-CN': '发布前检查未通过，请修改后再发布',
            'en-US': 'The checks before publishing failed; please fix the text first',
          },
      { httpStatus: 422 },
    );
    this.findings = findings;
    this.canForce = canForce;
  }
}

const DAY_MS = 86_400_000;

/** The next time a recurring schedule fires after `now` (Asia/Shanghai wall time), or null if it never does. */
export function nextOccurrence(schedule: RegularSchedule, now: number): number | null {
  if (!schedule.enabled || schedule.weekdays.length === 0) return null;
  const [hh, mm] = schedule.time.split(':').map(Number);
  const today = shanghaiDayStart(now);
  for (let d = 0; d <= 7; d++) {
    const at = today + d * DAY_MS + hh * 3_600_000 + mm * 60_000;
    if (at <= now) continue;
    const weekday = new Date(at + SHANGHAI_OFFSET_MS).getUTCDay() || 7;
    if (schedule.weekdays.includes(weekday)) return at;
  }
  return null;
}

export class PublishingService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    ctx.jobs.define(PUBLISH_CHAPTER_JOB, (run) => this.#runScheduled(run), {
      onFailed: ({ job, now }) => this.#scheduledFailed(job, now),
    });
    ctx.jobs.define(REGULAR_PUBLISH_JOB, (run) => this.#runRegular(run), {
      onFailed: ({ job, now }) => this.#regularFailed(job, now),
    });
  }

  /**
   * A scheduled chapter whose job failed for good (an error, not the checks): the schedule is
   * cleared, so the chapter no longer shows as waiting, and the author is told in the message centre.
   */
  async #scheduledFailed(job: JobRecord, now: number) {
    const { chapterId } = job.payload as { chapterId: number };
    await inTransaction(this.#db, async (tx) => {
      const chapter = await tx.selectFrom('chapters').selectAll().where('id', '=', chapterId).executeTakeFirst();
      if (!chapter || chapter.schedule_job_id !== job.id || chapter.deleted_at !== null) return;
      if (chapter.status === 'published') return;
      const book = await tx
        .selectFrom('books')
        .select(['title', 'account_id', 'deleted_at'])
        .where('id', '=', chapter.book_id)
        .executeTakeFirstOrThrow();
      if (book.deleted_at !== null) return;
      await tx
        .updateTable('chapters')
        .set({ scheduled_at: null, schedule_job_id: null })
        .where('id', '=', chapter.id)
        .execute();
      const params = { book: book.title, chapter: chapter.title, scheduled_at: job.runAt };
      const to = { clientId: chapter.client_id, accountId: book.account_id };
      await this.#tell(tx, to, PUBLISH_MESSAGE.failed, params, chapter, now);
    });
  }

  /**
   * A recurring schedule's firing that failed for good: the author is told, and the next firing is
   * scheduled (the failed run's own scheduling was rolled back with it), so the schedule goes on.
   */
  async #regularFailed(job: JobRecord, now: number) {
    const { bookId } = job.payload as { bookId: number };
    await inTransaction(this.#db, async (tx) => {
      const book = await tx.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirst();
      if (!book || book.deleted_at !== null || book.regular_job_id !== job.id) return;
      const params = { book: book.title, book_id: book.id, scheduled_at: job.runAt };
      const to = { clientId: book.client_id, accountId: book.account_id };
      await this.#tell(tx, to, PUBLISH_MESSAGE.regularFailed, params, null, now);
      const schedule = book.regular_schedule ? (JSON.parse(book.regular_schedule) as RegularSchedule) : null;
      const next = schedule?.enabled ? nextOccurrence(schedule, Math.max(now, job.runAt)) : null;
      const nextId = next
        ? await this.#ctx.jobs.schedule(tx, { kind: REGULAR_PUBLISH_JOB, runAt: next, payload: { bookId: book.id } })
        : null;
      await tx.updateTable('books').set({ regular_job_id: nextId }).where('id', '=', book.id).execute();
    });
  }

  get #db() {
    return this.#ctx.db;
  }

  async #subject(db: Executor, chapter: ChapterRow) {
    const text = await db
      .selectFrom('chapter_texts')
      .select(['body'])
      .where('chapter_id', '=', chapter.id)
      .executeTakeFirstOrThrow();
    return {
      chapterId: chapter.id,
      bookId: chapter.book_id,
      title: chapter.title,
      body: text.body,
      words: chapter.words,
    };
  }

  /** text-correct: the findings for a chapter's saved text (or for a text not yet saved). */
  async check(owner: Owner, chapterId: number, lang: Lang, unsaved?: { title: string; content: string }) {
    const { chapter } = await ownedChapter(this.#db, owner, chapterId);
    const subject = await this.#subject(this.#db, chapter);
    if (unsaved) {
      Object.assign(subject, { title: unsaved.title, body: unsaved.content, words: countWords(unsaved.content) });
    }
    const findings = await checkChapter(this.#db, subject, await excludesOf(this.#db, owner.accountId), lang);
    return { findings, can_publish: findings.every((f) => f.severity === 'warn') };
  }

  async #assertPublishable(db: Executor, owner: Owner, chapter: ChapterRow, force: boolean, lang: Lang) {
    const findings = await checkChapter(
      db,
      await this.#subject(db, chapter),
      await excludesOf(db, owner.accountId),
      lang,
    );
    const blocking = findings.some((f) => f.severity === 'block');
    if (blocking || (findings.length > 0 && !force)) throw new PublishChecksFailed(findings);
  }

  /** Publishes a draft or a revision now (draft-publish). Publishing an unchanged chapter again is a no-op. */
  async publishNow(owner: Owner, chapterId: number, force: boolean, lang: Lang) {
    return inTransaction(this.#db, async (tx) => {
      const { chapter } = await ownedChapter(tx, owner, chapterId);
      if (chapter.status === 'published')
        return { chapter_id: chapter.id, status: 'published', published_at: chapter.published_at };
      await this.#assertPublishable(tx, owner, chapter, force, lang);
      if (chapter.schedule_job_id) await this.#ctx.jobs.cancel(tx, chapter.schedule_job_id);
      const at = await publishChapter(tx, chapter, { source: 'now' });
      return { chapter_id: chapter.id, status: 'published', published_at: at };
    });
  }

  /**
   * Schedules (or moves) the publication of a chapter. The checks run now, so the author fixes
   * problems while still at the desk; the text as it stands at the set time is what goes out.
   */
  async schedule(owner: Owner, chapterId: number, publishAt: number, force: boolean, lang: Lang) {
    const now = Date.now();
    if (publishAt < now + 60_000) {
      throw badInput('publish_at', {
        'zh-CN': '定时发布时间需晚于当前时间至少1分钟',
        'en-US': 'The publishing time must be at least one minute from now',
      });
    }
    if (publishAt > now + 366 * DAY_MS) {
      throw badInput('publish_at', {
        'zh-CN': '定时发布时间需在一年以内',
        'en-US': 'The publishing time must be within a year',
      });
    }
    return inTransaction(this.#db, async (tx) => {
      const { chapter } = await ownedChapter(tx, owner, chapterId);
      if (chapter.status === 'published') {
        throw badInput('chapter_id', { 'zh-CN': '章节已发布', 'en-US': 'The chapter is already published' });
      }
      await this.#assertPublishable(tx, owner, chapter, force, lang);
      let jobId = chapter.schedule_job_id;
      if (jobId && !(await this.#ctx.jobs.reschedule(tx, jobId, publishAt))) throw alreadyFired();
      if (!jobId) {
        jobId = await this.#ctx.jobs.schedule(tx, {
          kind: PUBLISH_CHAPTER_JOB,
          runAt: publishAt,
          payload: { chapterId: chapter.id },
        });
      }
      // Not an update of the chapter: its 更新时间 stays the time its text last changed.
      await tx
        .updateTable('chapters')
        .set({ scheduled_at: publishAt, schedule_job_id: jobId })
        .where('id', '=', chapter.id)
        .execute();
      return { chapter_id: chapter.id, scheduled_at: publishAt };
    });
  }

  async cancelSchedule(owner: Owner, chapterId: number) {
    await inTransaction(this.#db, async (tx) => {
      const { chapter } = await ownedChapter(tx, owner, chapterId);
      if (!chapter.schedule_job_id) return;
      if (!(await this.#ctx.jobs.cancel(tx, chapter.schedule_job_id))) throw alreadyFired();
      await tx
        .updateTable('chapters')
        .set({ scheduled_at: null, schedule_job_id: null })
        .where('id', '=', chapter.id)
        .execute();
    });
  }

  async #runScheduled({ tx, job, late, lateMs, now }: JobRun) {
    const { chapterId } = job.payload as { chapterId: number };
    const chapter = (await tx.selectFrom('chapters').selectAll().where('id', '=', chapterId).executeTakeFirst()) as
      | ChapterRow
      | undefined;
    // Cancelled, moved to another job, deleted or already published: nothing to do.
    if (!chapter || chapter.schedule_job_id !== job.id || chapter.deleted_at !== null) return;
    if (chapter.status === 'published') return;
    const book = await tx.selectFrom('books').selectAll().where('id', '=', chapter.book_id).executeTakeFirstOrThrow();
    if (book.deleted_at !== null) return;
    await this.#publishOrRecordBlocked(tx, chapter, book.account_id, {
      source: 'schedule',
      scheduledAt: job.runAt,
      lateMs: late ? lateMs : null,
      now,
    });
  }

  async #publishOrRecordBlocked(
    tx: Tx,
    chapter: ChapterRow,
    accountId: number,
    opts: { source: PublishSource; scheduledAt: number; lateMs: number | null; now: number },
  ): Promise<boolean> {
    const findings = await checkChapter(tx, await this.#subject(tx, chapter), await excludesOf(tx, accountId), 'zh-CN');
    const blocking = findings.filter((f) => f.severity === 'block');
    const book = await tx
      .selectFrom('books')
      .select('title')
      .where('id', '=', chapter.book_id)
      .executeTakeFirstOrThrow();
    const to = { clientId: chapter.client_id, accountId };
    const params = { book: book.title, chapter: chapter.title, scheduled_at: opts.scheduledAt };
    if (blocking.length > 0) {
      // Codes and parameters, worded when read in the reader's language (publish-notes.ts).
      const note = blockedNote(blocking.map((f) => findingCode(f, chapter.words, chapter.title)));
      await tx
        .updateTable('chapters')
        .set({ scheduled_at: null, schedule_job_id: null })
        .where('id', '=', chapter.id)
        .execute();
      await tx
        .insertInto('publish_log')
        .values({
          client_id: chapter.client_id,
          account_id: accountId,
          book_id: chapter.book_id,
          chapter_id: chapter.id,
          source: opts.source,
          scheduled_at: opts.scheduledAt,
          published_at: opts.now,
          late_ms: opts.lateMs,
          outcome: 'blocked',
          note,
          seen: 0,
        })
        .execute();
      await this.#tell(tx, to, PUBLISH_MESSAGE.blocked, { ...params, note }, chapter, opts.now);
      return false;
    }
    await publishChapter(tx, chapter, opts);
    if (opts.lateMs) {
      await this.#tell(tx, to, PUBLISH_MESSAGE.late, { ...params, published_at: opts.now }, chapter, opts.now);
    }
    return true;
  }

  /** A scheduled-publishing event in the author's message centre, worded in the reader's language. */
  async #tell(
    tx: Tx,
    to: { clientId: number; accountId: number },
    key: string,
    params: MessageTemplateRef['params'],
    chapter: { book_id: number; id: number } | null,
    now: number,
  ) {
    const template = { key, params };
    const zh = worded({ title: '', content: '', template: JSON.stringify(template) }, 'zh-CN');
    const link = chapter
      ? `/front/book-upload?book_id=${chapter.book_id}&chapter_id=${chapter.id}`
      : `/front/book-manage/manage?book_id=${params.book_id}`;
    await sendMessage(this.#ctx, to, { category: 'system', ...zh, link, template }, now, { db: tx });
  }

  // ------------------------------------------------------------------------------------------
  // Recurring schedules (regular-time-data)

  async regularSchedule(owner: Owner, bookId: number) {
    const book = await ownedBook(this.#db, owner, bookId);
    const schedule: RegularSchedule = book.regular_schedule
      ? JSON.parse(book.regular_schedule)
      : { enabled: false, time: '12:00', weekdays: [1, 2, 3, 4, 5, 6, 7], count: 1 };
    const job = book.regular_job_id
      ? await this.#db
          .selectFrom('jobs')
          .select(['run_at', 'status'])
          .where('id', '=', book.regular_job_id)
          .executeTakeFirst()
      : undefined;
    const queue = await this.#draftQueue(this.#db, book.id, 10);
    const skipped = await this.#skippedDrafts(this.#db, book.id, 10);
    return {
      book_id: book.id,
      ...schedule,
      /** The time and weekdays are Beijing time, whatever the browser's time zone. */
      time_zone: 'Asia/Shanghai',
      next_run_at: job?.status === 'pending' ? job.run_at : null,
      queue: queue.map((c) => ({ chapter_id: c.id, title: c.title, words: c.words })),
      skipped: skipped.map((c) => ({
        chapter_id: c.id,
        title: c.title,
        words: c.words,
        reason: c.is_notice ? ('notice' as const) : ('short' as const),
      })),
    };
  }

  async setRegularSchedule(owner: Owner, bookId: number, schedule: RegularSchedule) {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(schedule.time)) {
      throw badInput('time', { 'zh-CN': '请选择发布时间', 'en-US': 'Please choose a time' });
    }
    const weekdays = [...new Set(schedule.weekdays)].filter((d) => d >= 1 && d <= 7).sort();
    if (schedule.enabled && weekdays.length === 0) {
      throw badInput('weekdays', { 'zh-CN': '请至少选择一天', 'en-US': 'Please choose at least one day' });
    }
    if (!Number.isInteger(schedule.count) || schedule.count < 1 || schedule.count > 20) {
      throw badInput('count', { 'zh-CN': '每次发布1~20章', 'en-US': 'Publish 1–20 chapters each time' });
    }
    const clean: RegularSchedule = { enabled: schedule.enabled, time: schedule.time, weekdays, count: schedule.count };
    await inTransaction(this.#db, async (tx) => {
      const book = await ownedBook(tx, owner, bookId);
      if (book.regular_job_id) await this.#ctx.jobs.cancel(tx, book.regular_job_id);
      const next = nextOccurrence(clean, Date.now());
      const jobId = next
        ? await this.#ctx.jobs.schedule(tx, { kind: REGULAR_PUBLISH_JOB, runAt: next, payload: { bookId: book.id } })
        : null;
      await tx
        .updateTable('books')
        .set({ regular_schedule: JSON.stringify(clean), regular_job_id: jobId, updated_at: Date.now() })
        .where('id', '=', book.id)
        .execute();
    });
    return this.regularSchedule(owner, bookId);
  }

  /**
   * The drafts queue of recurring publishing: drafts in reading order that no individual schedule
   * has claimed, leaving out notice-volume (作品相关) chapters and drafts under the short-chapter
   * threshold (empty ones included): nobody is at the desk to confirm those, so they wait for the
   * author to publish them by hand.
   */
  async #draftQueue(db: Executor, bookId: number, limit: number, offset = 0) {
    return (await db
      .selectFrom('chapters')
      .innerJoin('volumes', 'volumes.id', 'chapters.volume_id')
      .selectAll('chapters')
      .where('chapters.book_id', '=', bookId)
      .where('chapters.deleted_at', 'is', null)
      .where('chapters.status', '=', 'draft')
      .where('chapters.schedule_job_id', 'is', null)
      .where('volumes.is_notice', '=', 0)
      .where('chapters.words', '>=', WORKS_LIMITS.shortChapterWords)
      .orderBy('volumes.sort')
      .orderBy('volumes.id')
      .orderBy('chapters.sort')
      .orderBy('chapters.id')
      .limit(limit)
      .offset(offset)
      .execute()) as ChapterRow[];
  }

  /** Unclaimed drafts the recurring queue leaves out (notice volume, short or empty), in reading order. */
  async #skippedDrafts(db: Executor, bookId: number, limit: number) {
    return db
      .selectFrom('chapters')
      .innerJoin('volumes', 'volumes.id', 'chapters.volume_id')
      .select(['chapters.id', 'chapters.title', 'chapters.words', 'volumes.is_notice'])
      .where('chapters.book_id', '=', bookId)
      .where('chapters.deleted_at', 'is', null)
      .where('chapters.status', '=', 'draft')
      .where('chapters.schedule_job_id', 'is', null)
      .where((eb) =>
        eb.or([eb('volumes.is_notice', '<>', 0), eb('chapters.words', '<', WORKS_LIMITS.shortChapterWords)]),
      )
      .orderBy('volumes.sort')
      .orderBy('volumes.id')
      .orderBy('chapters.sort')
      .orderBy('chapters.id')
      .limit(limit)
      .execute();
  }

  /**
   * One firing of a recurring schedule: the first `count` drafts of the queue go out (a draft the
   * checks stop is skipped and recorded, and the next one is taken), then the next firing is
   * scheduled. A firing that publishes nothing leaves a notice saying why. A firing missed while
   * the server was down runs once on recovery, marked late; the next one is counted from now.
   */
  async #runRegular({ tx, job, late, lateMs, now }: JobRun) {
    const { bookId } = job.payload as { bookId: number };
    const book = await tx.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirst();
    if (!book || book.deleted_at !== null || book.regular_job_id !== job.id || !book.regular_schedule) return;
    const schedule = JSON.parse(book.regular_schedule) as RegularSchedule;
    if (!schedule.enabled) return;
    const opts = { source: 'regular' as const, scheduledAt: job.runAt, lateMs: late ? lateMs : null, now };
    let published = 0;
    let blocked = 0;
    // A published draft leaves the queue and a stopped one stays in it, so the next batch starts
    // after the stopped ones. Bounded, so a book full of stopped drafts cannot hold the job forever.
    while (published < schedule.count && blocked < 200) {
      const batch = await this.#draftQueue(tx, book.id, schedule.count - published, blocked);
      if (batch.length === 0) break;
      for (const chapter of batch) {
        if (await this.#publishOrRecordBlocked(tx, chapter, book.account_id, opts)) published++;
        else blocked++;
      }
    }
    if (published === 0) {
      const reason: IdleReason =
        blocked > 0
          ? 'all-blocked'
          : (await this.#skippedDrafts(tx, book.id, 1)).length > 0
            ? 'only-skipped'
            : 'no-drafts';
      // One message per run of idle firings: later ones update the unseen notice instead of piling up.
      if (await recordIdleFiring(tx, book, reason, opts)) {
        const params = { book: book.title, book_id: book.id, reason, scheduled_at: opts.scheduledAt };
        await this.#tell(
          tx,
          { clientId: book.client_id, accountId: book.account_id },
          PUBLISH_MESSAGE.idle,
          params,
          null,
          now,
        );
      }
    }
    const next = nextOccurrence(schedule, Math.max(now, job.runAt));
    const nextId = next
      ? await this.#ctx.jobs.schedule(tx, { kind: REGULAR_PUBLISH_JOB, runAt: next, payload: { bookId: book.id } })
      : null;
    await tx.updateTable('books').set({ regular_job_id: nextId }).where('id', '=', book.id).execute();
  }

  /**
   * Publications of a book the author has not seen yet: late ones, ones the checks stopped, and
   * recurring firings that published nothing (no chapter; `note` says why: no-drafts, only-skipped,
   * all-blocked).
   */
  async notices(owner: Owner, bookId: number, lang: Language = 'zh-CN') {
    const book = await ownedBook(this.#db, owner, bookId);
    const rows = await this.#db
      .selectFrom('publish_log')
      .leftJoin('chapters', 'chapters.id', 'publish_log.chapter_id')
      .select([
        'publish_log.id',
        'publish_log.chapter_id',
        'chapters.title',
        'publish_log.source',
        'publish_log.outcome',
        'publish_log.note',
        'publish_log.scheduled_at',
        'publish_log.published_at',
        'publish_log.late_ms',
      ])
      .where('publish_log.book_id', '=', book.id)
      .where('publish_log.seen', '=', 0)
      .where((eb) =>
        eb.or([eb('publish_log.outcome', 'in', ['blocked', 'idle']), eb('publish_log.late_ms', 'is not', null)]),
      )
      .orderBy('publish_log.id', 'desc')
      .limit(50)
      .execute();
    return rows.map((r) => ({ ...r, note: noteText(r.outcome, r.note, lang) }));
  }

  async markNoticesSeen(owner: Owner, bookId: number) {
    const book = await ownedBook(this.#db, owner, bookId);
    await this.#db.updateTable('publish_log').set({ seen: 1 }).where('book_id', '=', book.id).execute();
  }

  // ------------------------------------------------------------------------------------------
  // The author's excludes of the text checks

  /**
   * The author's excludes, newest first. `sensitive` marks an old one that names a sensitive word:
   * it has no effect (excludes silence typos only) and is listed so the author can remove it.
   */
  async excludes(owner: Owner) {
    const rows = await this.#db
      .selectFrom('text_check_excludes')
      .select(['word', 'created_at'])
      .where('account_id', '=', owner.accountId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, sensitive: sensitiveWordIn(r.word) !== null }));
  }

  /** Silences a typo finding for all of the author's chapters. A sensitive word cannot be excluded. */
  async addExclude(owner: Owner, word: string) {
    const w = word.trim();
    if (!w || w.length > 20)
      throw badInput('word', { 'zh-CN': '请输入1~20字的词', 'en-US': 'Enter a word of 1–20 characters' });
    const sensitive = sensitiveWordIn(w);
    if (sensitive) {
      throw badInput('word', {
        'zh-CN': `「${sensitive}」是敏感词，不能忽略，请修改正文后再发布`,
        'en-US': `"${sensitive}" is a sensitive word and cannot be ignored; please change the text before publishing`,
      });
    }
    await this.#db
      .insertInto('text_check_excludes')
      .values({ client_id: owner.clientId, account_id: owner.accountId, word: w, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['account_id', 'word']).doNothing())
      .execute();
  }

  async removeExclude(owner: Owner, word: string) {
    await this.#db
      .deleteFrom('text_check_excludes')
      .where('account_id', '=', owner.accountId)
      .where('word', '=', word.trim())
      .execute();
  }
}

/**
 * Records a recurring firing that published nothing, as a notice without a chapter. While the
 * author has not seen it, later idle firings for the same reason update it instead of piling up.
 */
async function recordIdleFiring(
  tx: Tx,
  book: { id: number; client_id: number; account_id: number },
  reason: IdleReason,
  opts: { scheduledAt: number; lateMs: number | null; now: number },
): Promise<boolean> {
  const open = await tx
    .selectFrom('publish_log')
    .select('id')
    .where('book_id', '=', book.id)
    .where('outcome', '=', 'idle')
    .where('note', '=', reason)
    .where('seen', '=', 0)
    .executeTakeFirst();
  const times = { scheduled_at: opts.scheduledAt, published_at: opts.now, late_ms: opts.lateMs };
  if (open) {
    await tx.updateTable('publish_log').set(times).where('id', '=', open.id).execute();
    return false;
  }
  await tx
    .insertInto('publish_log')
    .values({
      client_id: book.client_id,
      account_id: book.account_id,
      book_id: book.id,
      chapter_id: 0,
      source: 'regular',
      ...times,
      outcome: 'idle',
      note: reason,
      seen: 0,
    })
    .execute();
  return true;
}

const alreadyFired = () =>
  new AppError(
    WORKS_ERROR.scheduleAlreadyFired,
    {
      'zh-CN': '定时发布已执行，无法取消或修改',
      'en-US': 'The scheduled publication has already run and can no longer be cancelled or moved',
    },
    { httpStatus: 409 },
  );

/** What other modules are told when a chapter goes live (growth: badges and levels). */
export interface ChapterPublished {
  clientId: number;
  accountId: number;
  bookId: number;
  chapterId: number;
  /** The chapter's first publication (not a revision). */
  first: boolean;
  at: number;
}
type PublishedListener = (tx: Executor, event: ChapterPublished) => Promise<void>;
const publishedListeners = new Set<PublishedListener>();

/**
 * Subscribes to publications. The listener runs in the publishing transaction, so what it records
 * stands or falls with the publication; adding the same function twice subscribes it once.
 */
export function onChapterPublished(listener: PublishedListener): void {
  publishedListeners.add(listener);
}

/**
 * Makes a chapter's working text its live text, in the caller's transaction: totals, words of the
 * Shanghai day (first publications outside the notice volume only), a 'publish' version, the
 * publishing log and the reading sites' feed.
 */
export async function publishChapter(
  tx: Executor,
  chapter: ChapterRow,
  opts: { source: PublishSource; scheduledAt?: number; lateMs?: number | null; now?: number },
): Promise<number> {
  const now = opts.now ?? Date.now();
  const text = await tx
    .selectFrom('chapter_texts')
    .select(['body', 'author_say'])
    .where('chapter_id', '=', chapter.id)
    .executeTakeFirstOrThrow();
  const book = await tx
    .selectFrom('books')
    .select(['account_id'])
    .where('id', '=', chapter.book_id)
    .executeTakeFirstOrThrow();
  const first = chapter.first_published_at === null;
  await tx
    .insertInto('chapter_live')
    .values({ chapter_id: chapter.id, body: text.body, author_say: text.author_say })
    .onConflict((oc) => oc.column('chapter_id').doUpdateSet({ body: text.body, author_say: text.author_say }))
    .execute();
  await insertVersion(tx, chapter.id, chapter.revision, 'publish', chapter.title, text.body, chapter.words, now);
  const wordsDelta = chapter.counted ? chapter.words - (chapter.status === 'draft' ? 0 : chapter.published_words) : 0;
  await tx
    .updateTable('books')
    .set((eb) => ({
      published_words: eb('published_words', '+', wordsDelta),
      published_count: eb('published_count', '+', chapter.status === 'draft' ? 1 : 0),
      last_published_at: now,
      updated_at: now,
    }))
    .where('id', '=', chapter.book_id)
    .execute();
  if (first && chapter.counted) {
    await tx
      .insertInto('book_daily_words')
      .values({
        client_id: chapter.client_id,
        account_id: book.account_id,
        book_id: chapter.book_id,
        day: shanghaiDate(now),
        words: chapter.words,
        chapters: 1,
      })
      .onConflict((oc) =>
        oc.columns(['book_id', 'day']).doUpdateSet((eb) => ({
          words: eb('book_daily_words.words', '+', eb.ref('excluded.words')),
          chapters: eb('book_daily_words.chapters', '+', 1),
        })),
      )
      .execute();
  }
  await tx
    .insertInto('publish_log')
    .values({
      client_id: chapter.client_id,
      account_id: book.account_id,
      book_id: chapter.book_id,
      chapter_id: chapter.id,
      source: opts.source,
      scheduled_at: opts.scheduledAt ?? null,
      published_at: now,
      late_ms: opts.lateMs ?? null,
      outcome: 'published',
      note: null,
      seen: opts.lateMs ? 0 : 1,
    })
    .execute();
  await tx
    .updateTable('chapters')
    .set({
      status: 'published',
      published_title: chapter.title,
      published_words: chapter.words,
      published_hash: chapter.text_hash,
      published_at: now,
      first_published_at: chapter.first_published_at ?? now,
      scheduled_at: null,
      schedule_job_id: null,
      updated_at: now,
      change_seq: await nextChangeSeq(tx),
    })
    .where('id', '=', chapter.id)
    .execute();
  const event: ChapterPublished = {
    clientId: chapter.client_id,
    accountId: book.account_id,
    bookId: chapter.book_id,
    chapterId: chapter.id,
    first,
    at: now,
  };
  for (const listener of publishedListeners) await listener(tx, event);
  return now;
}

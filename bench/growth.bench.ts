import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shanghaiDate, shanghaiDayStart } from '@author-centre/shared';
import { evaluateOnPublish } from '../apps/server/src/modules/growth/growth.routes.ts';
import { recomputeAll } from '../apps/server/src/modules/growth/growth.service.ts';
import { BADGE_RULE_KINDS } from '../apps/server/src/modules/growth/growth.tables.ts';
import { onChapterPublished, publishChapter } from '../apps/server/src/modules/works/publishing.service.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.ts';
import { accountsAdded } from '../apps/server/src/platform/level-counts.ts';
import type { BenchHarness } from './harness.ts';

/**
 * Issue 15 (growth) on a fresh SQLite database, in process (the rules are the work, not HTTP):
 * - evaluating all badge and level rules for one author after a publish event, with 50 rules: p99 ≤ 5 ms;
 * - the nightly streak and level recomputation for 100,000 authors: ≤ 60 s.
 * Each author has one book and 10 publishing days in the last two weeks, reads and subscriptions
 * reported by the reading sites, and every tenth a camp graduation; the brand has 50 badge rules of
 * all 8 kinds and 10 levels with thresholds. The publish figure times the works module's own
 * `publishChapter` in its transaction, with the growth listener subscribed as the server does (rules,
 * level, the camp's graduation check: a tenth of the sampled authors are trainees of a period), one
 * event a second of the clock (the 'surpassed N %' text reads the brand's author_level_counts, which
 * the generated accounts are counted into as every writer of accounts does).
 */
const AUTHORS = Number(process.env.BENCH_GROWTH_AUTHORS ?? 100_000);
const DAY_MS = 86_400_000;
const CLIENT = 2;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export default async function growthBench(h: BenchHarness): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ac-bench-growth-'));
  const handle = openDatabase({ dataDir });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const kinds = BADGE_RULE_KINDS;
    for (let i = 0; i < 50; i++) {
      const badge = await db
        .insertInto('badges')
        .values({
          client_id: CLIENT,
          title: `勋章${i}`,
          image: '/b.png',
          advance_text: '',
          description: '',
          tips: '',
          talk_content: '',
          talk_author: '',
          growth_value: 5,
          sort: i,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const kind = kinds[i % kinds.length];
      const threshold =
        kind === 'words'
          ? 10_000 * (i + 1)
          : kind === 'signed' || kind === 'graduated'
            ? 1
            : kind === 'readers' || kind === 'subscriptions'
              ? 10 * (i + 1)
              : 2 + i;
      await db
        .insertInto('badge_rules')
        .values({
          client_id: CLIENT,
          badge_id: badge.id,
          kind,
          threshold,
          enabled: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (let level = 1; level <= 10; level++) {
      await db
        .insertInto('author_levels')
        .values({
          client_id: CLIENT,
          level,
          level_txt: `Lv${level}`,
          surpass_txt: '',
          talk_content: '',
          talk_author: '',
          bg_image_link: '',
          jump_url: '',
          min_growth: (level - 1) * 40,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    const started = performance.now();
    const BATCH = 1000;
    for (let from = 0; from < AUTHORS; from += BATCH) {
      await db.transaction().execute(async (tx) => {
        const n = Math.min(BATCH, AUTHORS - from);
        const accounts = await tx
          .insertInto('accounts')
          .values(
            Array.from({ length: n }, (_, i) => ({
              client_id: CLIENT,
              user_id: from + i + 1,
              pen_name: `作者${from + i}`,
              phone_enc: null,
              phone_hash: null,
              role: 'author' as const,
              avatar: null,
              level: 1,
              sign_flag: (from + i) % 3 === 0 ? 1 : 0,
              is_learner: 0,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        // As every writer of accounts does: the brand's authors per level counted in the same transaction.
        await accountsAdded(
          tx,
          accounts.map(() => ({ client_id: CLIENT, level: 1, role: 'author' as const })),
        );
        const books = await tx
          .insertInto('books')
          .values(
            accounts.map((a, i) => ({
              client_id: CLIENT,
              user_id: from + i + 1,
              account_id: a.id,
              kind: 'novel' as const,
              title: `书${a.id}`,
              title_key: null,
              category: 'xuanhuan',
              tags: '[]',
              intro: '',
              cover: null,
              finished: 0,
              sort_order: 0,
              total_words: 30_000,
              published_words: 3000 * (1 + (a.id % 20)),
              chapter_count: 10,
              published_count: 1 + (a.id % 20),
              pay_point_chapter_id: null,
              pay_point_in_bin: null,
              regular_schedule: null,
              regular_job_id: null,
              last_published_at: now,
              created_at: now,
              updated_at: now,
              deleted_at: null,
            })),
          )
          .returning(['id', 'account_id'])
          .execute();
        const days = books.flatMap((b) =>
          Array.from({ length: 10 }, (_, d) => ({
            client_id: CLIENT,
            account_id: b.account_id,
            book_id: b.id,
            // Days in a row for most, a gap for every seventh author.
            day: shanghaiDate(now - (d + (b.account_id % 7 === 0 && d > 4 ? 2 : 0)) * DAY_MS),
            words: 3000,
            chapters: 1,
          })),
        );
        for (let i = 0; i < days.length; i += 500) {
          await tx
            .insertInto('book_daily_words')
            .values(days.slice(i, i + 500))
            .execute();
        }
        // What the reading sites reported: reads and subscriptions per pen name, a camp graduation for a tenth.
        await tx
          .insertInto('growth_events')
          .values(
            accounts.flatMap((a) => [
              {
                client_id: CLIENT,
                account_id: a.id,
                fact: 'readers' as const,
                amount: 5 * (a.id % 100),
                event_key: `bench:${a.id}:readers`,
                created_at: now,
              },
              {
                client_id: CLIENT,
                account_id: a.id,
                fact: 'subscriptions' as const,
                amount: a.id % 50,
                event_key: `bench:${a.id}:subscriptions`,
                created_at: now,
              },
            ]),
          )
          .execute();
        const graduates = accounts.filter((a) => a.id % 10 === 0);
        if (graduates.length) {
          await tx
            .insertInto('graduations')
            .values(
              graduates.map((a) => ({
                client_id: CLIENT,
                account_id: a.id,
                period_name: '第1期',
                level: '1',
                graduated_at: now,
                noticed_at: now,
              })),
            )
            .execute();
        }
      });
    }
    console.log(`  ${AUTHORS} authors generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const t0 = performance.now();
    const result = await recomputeAll(db, now);
    const seconds = (performance.now() - t0) / 1000;
    const awarded = await db
      .selectFrom('account_badges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`  nightly: ${result.badges} badges and ${result.levels} level changes (${awarded.n} awards in all)`);
    h.record({
      name: `nightly streak and level recomputation, ${AUTHORS} authors (SQLite)`,
      values: { seconds },
      target: '≤ 60 s',
      pass: seconds <= 60,
    });

    // One publish event as an author sends it: the works module's publishChapter in its transaction
    // (live text, version, totals, the day's words, log, change feed), with the growth listener the
    // server subscribes — all rules of the brand read afresh and evaluated, the level, the camp's
    // graduation check. Some authors thereby reach a streak, a word count or a level: those awards are
    // in the figure. Untimed setup: each sampled author's new chapter, a tenth of them camp trainees.
    // The listener is timed on its own too: the issue's figure is the rules' evaluation after one publish event.
    const ruleSamples: number[] = [];
    onChapterPublished(async (tx, event) => {
      const t0 = performance.now();
      await evaluateOnPublish(tx, event);
      ruleSamples.push(performance.now() - t0);
    });
    const authors = await db.selectFrom('books').select(['id', 'account_id']).limit(1100).execute();
    const tomorrow = shanghaiDayStart(now + DAY_MS) + 9 * 3_600_000;
    const period = await db
      .insertInto('camp_periods')
      .values({
        client_id: CLIENT,
        name: '第1期',
        start_day: shanghaiDate(now - 7 * DAY_MS),
        end_day: shanghaiDate(now + 30 * DAY_MS),
        lessons_required: 4,
        words_goal: 50_000,
        chapters_goal: 20,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chapters = [];
    for (const b of authors) {
      const volume = await db
        .insertInto('volumes')
        .values({
          client_id: CLIENT,
          book_id: b.id,
          title: '正文',
          sort: 1,
          is_notice: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const chapter = await db
        .insertInto('chapters')
        .values({
          client_id: CLIENT,
          book_id: b.id,
          volume_id: volume.id,
          title: '第十一章',
          status: 'draft',
          sort: 11,
          counted: 1,
          words: 3000,
          published_words: 0,
          published_title: null,
          vip: 0,
          revision: 1,
          text_hash: 'bench',
          published_hash: null,
          scheduled_at: null,
          schedule_job_id: null,
          published_at: null,
          first_published_at: null,
          change_seq: 0,
          saved_at: now,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await db
        .insertInto('chapter_texts')
        .values({
          chapter_id: chapter.id,
          body: '字'.repeat(3000),
          author_say: '',
          last_save_key: null,
          last_save_revision: null,
          snapshot_at: now,
        })
        .execute();
      if (b.account_id % 10 === 1) {
        await db
          .insertInto('camp_members')
          .values({
            client_id: CLIENT,
            account_id: b.account_id,
            period_id: period.id,
            status: 'learning',
            joined_at: now,
          })
          .execute();
      }
      chapters.push(chapter);
    }
    const samples: number[] = [];
    for (const [i, chapter] of chapters.entries()) {
      const at = tomorrow + i * 1000;
      const t1 = performance.now();
      await db.transaction().execute((tx) => publishChapter(tx, chapter, { source: 'now', now: at }));
      samples.push(performance.now() - t1);
    }
    const measured = samples.slice(100);
    const rules = ruleSamples.slice(100);
    const rulesP99 = percentile(rules, 99);
    h.record({
      name: 'badge, level and camp rules evaluated after one publish event (50 rules of 8 kinds, read afresh)',
      values: { p50Ms: percentile(rules, 50), p99Ms: rulesP99, events: rules.length },
      target: 'p99 ≤ 5 ms',
      pass: rulesP99 <= 5,
    });
    h.record({
      name: 'the whole publish transaction with those checks (chapter, text, version, totals, log, feed)',
      values: { p50Ms: percentile(measured, 50), p99Ms: percentile(measured, 99) },
      target: 'reported only',
      pass: true,
    });
  } finally {
    await handle.close();
    if (process.env.BENCH_GROWTH_KEEP) console.log(`  data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

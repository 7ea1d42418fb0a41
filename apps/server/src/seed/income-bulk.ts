import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { shanghaiDate } from '@author-centre/shared';
import { loadConfig } from '../config.ts';
import { PersonalData } from '../platform/crypto/personal-data.ts';
import { AUTHOR_ADDED_SQL } from '../platform/level-counts.ts';
import { closeBulkSqlite, deferIndexes, insertBulkSession, openBulkSqlite } from './bulk-sqlite.ts';

/**
 * Bulk data of the income benchmarks: `authors` authors of brand 2 with one book each (the first is
 * the bench author, with 50 published chapters and a session), a reading site with a key pair,
 * `events` raw reader events spread over the last `days` days, and the rollups exactly as ingestion
 * would have left them (book_day_stats, book_month_revenue); signed terms for every book.
 */
export interface IncomeBulkResult {
  events: number;
  authors: number;
  benchBookId: number;
  benchChapterIds: number[];
  sessionToken: string;
  key: { keyId: string; secret: string };
  seconds: number;
}

const DAY = 86_400_000;

export async function generateIncomeBulk(
  dataDir: string,
  options: { events?: number; authors?: number; days?: number; log?: (s: string) => void } = {},
): Promise<IncomeBulkResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const events = options.events ?? 1_000_000;
  const authors = options.authors ?? 10_000;
  const days = options.days ?? 180;
  const clientId = 2;
  const db = await openBulkSqlite(dataDir);
  const personalData = new PersonalData(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }).dataKey);
  const now = Date.now();
  const buildIndexes = deferIndexes(db, ['users', 'accounts', 'books', 'reader_events']);

  const insertUser = db.prepare(
    'insert into users (client_id, phone_enc, phone_hash, created_at, updated_at) values (?, ?, ?, ?, ?)',
  );
  const authorAdded = db.prepare(AUTHOR_ADDED_SQL);
  const insertAccount = db.prepare(
    `insert into accounts (client_id, user_id, pen_name, phone_enc, phone_hash, role, level, sign_flag, is_learner, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'author', 1, 1, 0, ?, ?)`,
  );
  const insertBook = db.prepare(
    `insert into books (client_id, user_id, account_id, kind, title, category, tags, intro, published_count, chapter_count, created_at, updated_at)
     values (?, ?, ?, 'novel', ?, 'xuanhuan', '[]', '简介', 50, 50, ?, ?)`,
  );
  const insertTerms = db.prepare(
    'insert into income_terms (book_id, client_id, share_permille, guarantee_fen, updated_at) values (?, ?, ?, ?, ?)',
  );
  const bookIds: number[] = [];
  const owners: number[] = [];
  let bench = { userId: 0, accountId: 0 };
  db.transaction(() => {
    for (let i = 0; i < authors; i++) {
      const phone = `16${String(i).padStart(9, '0')}`;
      const sealed = personalData.seal(phone);
      const hash = personalData.index('phone', phone);
      const user = Number(insertUser.run(clientId, sealed, hash, now, now).lastInsertRowid);
      const account = Number(insertAccount.run(clientId, user, `收入作者${i}`, sealed, hash, now, now).lastInsertRowid);
      authorAdded.run(clientId, 1);
      const book = Number(insertBook.run(clientId, user, account, `作品${i}`, now - days * DAY, now).lastInsertRowid);
      insertTerms.run(book, clientId, 600, i % 3 === 0 ? 5000 : 0, now);
      bookIds.push(book);
      owners.push(account);
      if (i === 0) bench = { userId: user, accountId: account };
    }
  })();
  log(`  ${authors.toLocaleString('en-US')} authors and books`);

  const volume = Number(
    db
      .prepare(
        'insert into volumes (client_id, book_id, title, sort, is_notice, created_at, updated_at) values (?, ?, ?, 1, 0, ?, ?)',
      )
      .run(clientId, bookIds[0], '第一卷', now, now).lastInsertRowid,
  );
  const insertChapter = db.prepare(
    `insert into chapters (client_id, book_id, volume_id, title, status, sort, words, published_words, published_title, vip,
       first_published_at, published_at, change_seq, saved_at, created_at, updated_at)
     values (?, ?, ?, ?, 'published', ?, 3000, 3000, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const benchChapterIds: number[] = [];
  for (let c = 0; c < 50; c++) {
    const title = `第${c + 1}章`;
    benchChapterIds.push(
      Number(
        insertChapter.run(
          clientId,
          bookIds[0],
          volume,
          title,
          c + 1,
          title,
          c < 10 ? 0 : 1,
          now,
          now,
          c + 1,
          now,
          now,
          now,
        ).lastInsertRowid,
      ),
    );
  }

  const site = Number(
    db
      .prepare(
        "insert into integration_sites (client_id, code, name, kind, created_at) values (?, 'reader-bench', '压测阅读站', 'reading', ?)",
      )
      .run(clientId, now).lastInsertRowid,
  );
  const key = { keyId: 'ak_bench', secret: 'bench-secret-0123456789abcdefghijklmnop' };
  db.prepare(
    'insert into integration_keys (site_id, client_id, key_id, secret_enc, created_at) values (?, ?, ?, ?, ?)',
  ).run(site, clientId, key.keyId, personalData.seal(key.secret), now);

  // Raw events, and their sums per (book, day) in typed arrays: reads, orders, subscription fen, gifts, gift fen, favourites.
  const cells = authors * days;
  const sums = Array.from({ length: 6 }, () => new Float64Array(cells));
  const insertEvent = db.prepare(
    `insert into reader_events (client_id, site_id, event_id, kind, book_id, chapter_id, amount_fen, occurred_at, received_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const firstDay = now - (days - 1) * DAY;
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const BATCH = 100_000;
  for (let start = 0; start < events; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(events, start + BATCH); i++) {
        // One in ten events is the bench book's, the rest spread over every book (popular ones more).
        const b = i % 10 === 0 ? 0 : Math.floor(rand() * rand() * authors);
        const d = Math.floor(rand() * days);
        const at = Math.min(now, firstDay + d * DAY + Math.floor(rand() * DAY));
        const cell = b * days + d;
        const pick = i % 20;
        let kind = 'chapter_read';
        let amount = 0;
        let chapter: number | null = b === 0 ? benchChapterIds[i % 50] : null;
        if (pick < 14) sums[0][cell]++;
        else if (pick < 18) {
          kind = 'chapter_purchase';
          amount = 13;
          sums[1][cell]++;
          sums[2][cell] += amount;
        } else if (pick === 18) {
          kind = 'gift';
          amount = 500;
          chapter = null;
          sums[3][cell]++;
          sums[4][cell] += amount;
        } else {
          kind = 'favourite';
          chapter = null;
          sums[5][cell]++;
        }
        if (kind === 'chapter_read' || kind === 'chapter_purchase') chapter ??= 0;
        insertEvent.run(clientId, site, `bulk-${i}`, kind, bookIds[b], chapter || null, amount, at, at);
      }
    })();
    if ((start / BATCH) % 10 === 9) log(`  ${(start + BATCH).toLocaleString('en-US')} events`);
  }

  const insertDay = db.prepare(
    `insert into book_day_stats (client_id, account_id, book_id, day, site_id, reads, orders, subscription_fen, gifts, gift_fen, favourites, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMonth = db.prepare(
    `insert into book_month_revenue (client_id, account_id, book_id, month, revenue_fen, settled_fen, settled_share_fen)
     values (?, ?, ?, ?, ?, 0, 0)`,
  );
  const dayNames = Array.from({ length: days }, (_, d) => shanghaiDate(firstDay + d * DAY));
  db.transaction(() => {
    for (let b = 0; b < authors; b++) {
      const months = new Map<string, number>();
      for (let d = 0; d < days; d++) {
        const cell = b * days + d;
        const any = sums[0][cell] + sums[1][cell] + sums[3][cell] + sums[5][cell];
        if (!any) continue;
        insertDay.run(
          clientId,
          owners[b],
          bookIds[b],
          dayNames[d],
          site,
          sums[0][cell],
          sums[1][cell],
          sums[2][cell],
          sums[3][cell],
          sums[4][cell],
          sums[5][cell],
          now,
        );
        const revenue = sums[2][cell] + sums[4][cell];
        if (revenue) months.set(dayNames[d].slice(0, 7), (months.get(dayNames[d].slice(0, 7)) ?? 0) + revenue);
      }
      for (const [month, fen] of months) insertMonth.run(clientId, owners[b], bookIds[b], month, fen);
    }
  })();
  log('  rollups; building indexes');
  buildIndexes();
  db.exec('analyze');
  const sessionToken = insertBulkSession(db, { clientId, userId: bench.userId, accountId: bench.accountId }, now);
  closeBulkSqlite(db);
  const result: IncomeBulkResult = {
    events,
    authors,
    benchBookId: bookIds[0],
    benchChapterIds,
    sessionToken,
    key,
    seconds: (performance.now() - started) / 1000,
  };
  writeFileSync(resolve(dataDir, 'bulk.json'), JSON.stringify(result));
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node apps/server/src/seed/income-bulk.ts <DATA_DIR> [events]');
    process.exit(1);
  }
  const result = await generateIncomeBulk(dir, {
    events: process.argv[3] ? Number(process.argv[3]) : undefined,
    log: console.log,
  });
  console.log(`done in ${result.seconds.toFixed(1)} s`);
}

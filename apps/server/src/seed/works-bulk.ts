import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { countWords } from '@author-centre/shared';
import { loadConfig } from '../config.ts';
import { PersonalData } from '../platform/crypto/personal-data.ts';
import { AUTHOR_ADDED_SQL } from '../platform/level-counts.ts';
import { closeBulkSqlite, deferIndexes, insertBulkSession, openBulkSqlite } from './bulk-sqlite.ts';

/**
 * Bulk works data for benchmarks (SQLite): by default 10,000 books and 1,000,000 chapters, one of
 * them a 5,000-chapter book owned by a bench author with a live session. Written with raw prepared
 * statements in large transactions (synchronous off while generating), chapter text in its own
 * table so the chapter rows stay small. Run: `node apps/server/src/seed/works-bulk.ts <DATA_DIR>`.
 */

export interface BulkOptions {
  books?: number;
  chapters?: number;
  /** Chapters of the bench author's big book (counted in `chapters`). */
  bigBookChapters?: number;
  /** Authors the other books are spread over. */
  authors?: number;
  clientId?: number;
  log?: (line: string) => void;
}

export interface BulkResult {
  /** The big book, its main volume and a few of its chapters. */
  bookId: number;
  volumeId: number;
  chapterIds: number[];
  /** The bench author and a session token for its cookie. */
  accountId: number;
  sessionToken: string;
  books: number;
  chapters: number;
  seconds: number;
}

const FILLER =
  '夜色沉沉，青石镇的灯火一盏接一盏地亮起来。林渊背着竹篓走过石桥，桥下的河水映着碎金般的光。他想起师父临走前说的话。';

export async function generateWorksBulk(dataDir: string, options: BulkOptions = {}): Promise<BulkResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const books = options.books ?? 10_000;
  const chapters = options.chapters ?? 1_000_000;
  const bigBookChapters = Math.min(options.bigBookChapters ?? 5000, chapters);
  const authors = options.authors ?? 1000;
  const clientId = options.clientId ?? 2;
  const db = await openBulkSqlite(dataDir);
  const now = Date.now();

  // Chapter indexes are built once after the rows are in (a million inserts into four B-trees is slower).
  const buildChapterIndexes = deferIndexes(db, ['chapters', 'chapter_texts', 'chapter_live']);

  const insertUser = db.prepare('insert into users (client_id, created_at, updated_at) values (?, ?, ?)');
  const authorAdded = db.prepare(AUTHOR_ADDED_SQL);
  const insertAccount = db.prepare(
    `insert into accounts (client_id, user_id, pen_name, role, level, sign_flag, is_learner, created_at, updated_at)
     values (?, ?, ?, 'author', 1, 0, 0, ?, ?)`,
  );
  const insertBook = db.prepare(
    `insert into books (client_id, user_id, account_id, kind, title, title_key, category, tags, intro, cover, finished,
       sort_order, total_words, published_words, chapter_count, published_count, created_at, updated_at)
     values (?, ?, ?, 'novel', ?, ?, 'xuanhuan', '[]', ?, null, 0, 0, ?, ?, ?, ?, ?, ?)`,
  );
  const insertVolume = db.prepare(
    'insert into volumes (client_id, book_id, title, sort, is_notice, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertChapter = db.prepare(
    `insert into chapters (client_id, book_id, volume_id, title, status, sort, counted, words, published_words,
       published_title, vip, revision, text_hash, published_hash, published_at, first_published_at, change_seq,
       saved_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, 0, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertText = db.prepare(
    'insert into chapter_texts (chapter_id, last_save_key, snapshot_at, author_say, body) values (?, null, 0, ?, ?)',
  );
  const insertLive = db.prepare('insert into chapter_live (chapter_id, author_say, body) values (?, ?, ?)');

  // Authors: the bench author first, then the ones the other books belong to.
  const people: Array<{ userId: number; accountId: number }> = [];
  db.transaction(() => {
    for (let a = 0; a <= authors; a++) {
      const user = insertUser.run(clientId, now, now).lastInsertRowid as number;
      const account = insertAccount.run(clientId, user, `压测作者${a}`, now, now).lastInsertRowid as number;
      authorAdded.run(clientId, 1);
      people.push({ userId: Number(user), accountId: Number(account) });
    }
  })();
  const bench = people[0];
  // The bench author is a settled one (a bound phone, the beginner guide seen), so no pop-up
  // stands between the browser benchmark and the editor.
  const personalData = new PersonalData(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }).dataKey);
  const phone = '13800009999';
  const sealed = [personalData.seal(phone), personalData.index('phone', phone)];
  db.prepare('update users set phone_enc = ?, phone_hash = ? where id = ?').run(...sealed, bench.userId);
  db.prepare('update accounts set phone_enc = ?, phone_hash = ? where id = ?').run(...sealed, bench.accountId);
  const guides = db.prepare("select name from sqlite_master where type = 'table' and name = 'account_guides'").get();
  if (guides) {
    db.prepare('insert into account_guides (account_id, guide_type, shown, updated_at) values (?, 37, 1, ?)').run(
      bench.accountId,
      now,
    );
  }
  const sessionToken = insertBulkSession(db, { clientId, userId: bench.userId, accountId: bench.accountId }, now);

  const bodyHash = createHash('sha1').update(FILLER).digest('hex');
  const fillerWords = countWords(FILLER);
  let seq = 0;
  let written = 0;
  let bigBook = { bookId: 0, volumeId: 0, chapterIds: [] as number[] };
  const perBook = Math.floor((chapters - bigBookChapters) / Math.max(1, books - 1));
  let extra = chapters - bigBookChapters - perBook * (books - 1);
  const BATCH_BOOKS = 200;
  for (let start = 0; start < books; start += BATCH_BOOKS) {
    db.transaction(() => {
      for (let b = start; b < Math.min(books, start + BATCH_BOOKS); b++) {
        const owner = b === 0 ? bench : people[1 + (b % authors)];
        const count = b === 0 ? bigBookChapters : perBook + (extra-- > 0 ? 1 : 0);
        const published = b === 0 ? Math.floor(count * 0.9) : Math.floor(count * 0.8);
        const title = `压测作品${b}`;
        const bookId = Number(
          insertBook.run(
            clientId,
            owner.userId,
            owner.accountId,
            title,
            title,
            '一部用于性能测试的作品，章节众多，内容重复，仅供基准测试使用。',
            count * fillerWords,
            published * fillerWords,
            count,
            published,
            now,
            now,
          ).lastInsertRowid,
        );
        insertVolume.run(clientId, bookId, '作品相关', 0, 1, now, now);
        const volumeId = Number(insertVolume.run(clientId, bookId, '第一卷', 1, 0, now, now).lastInsertRowid);
        for (let c = 1; c <= count; c++) {
          const live = c <= published;
          const chapterTitle = `第${c}章`;
          const id = Number(
            insertChapter.run(
              clientId,
              bookId,
              volumeId,
              chapterTitle,
              live ? 'published' : 'draft',
              c,
              fillerWords,
              live ? fillerWords : 0,
              live ? chapterTitle : null,
              bodyHash,
              live ? bodyHash : null,
              live ? now : null,
              live ? now : null,
              live ? ++seq : 0,
              now,
              now,
              now,
            ).lastInsertRowid,
          );
          insertText.run(id, '', FILLER);
          if (live) insertLive.run(id, '', FILLER);
          if (b === 0 && c > count - 200) bigBook.chapterIds.push(id);
        }
        if (b === 0) bigBook = { bookId, volumeId, chapterIds: bigBook.chapterIds };
        written += count;
      }
    })();
    if ((start / BATCH_BOOKS) % 10 === 0) log(`  ${Math.min(books, start + BATCH_BOOKS)} books, ${written} chapters`);
  }
  db.prepare("update works_counters set value = ? where name = 'chapter_change_seq'").run(seq);
  log('  building indexes');
  buildChapterIndexes();
  closeBulkSqlite(db);
  const result: BulkResult = {
    ...bigBook,
    accountId: bench.accountId,
    sessionToken,
    books,
    chapters: written,
    seconds: (performance.now() - started) / 1000,
  };
  writeFileSync(resolve(dataDir, 'bulk.json'), JSON.stringify(result));
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node apps/server/src/seed/works-bulk.ts <DATA_DIR> [books] [chapters]');
    process.exit(1);
  }
  const result = await generateWorksBulk(dir, {
    books: process.argv[3] ? Number(process.argv[3]) : undefined,
    chapters: process.argv[4] ? Number(process.argv[4]) : undefined,
    log: console.log,
  });
  console.log(
    `${result.books} books, ${result.chapters} chapters in ${result.seconds.toFixed(1)} s; big book ${result.bookId}`,
  );
}

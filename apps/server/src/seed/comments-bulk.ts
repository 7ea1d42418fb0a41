import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { PersonalData } from '../platform/crypto/personal-data.ts';
import { AUTHOR_ADDED_SQL } from '../platform/level-counts.ts';
import { closeBulkSqlite, deferIndexes, insertBulkSession, openBulkSqlite } from './bulk-sqlite.ts';

/**
 * Generated comments for the comments bench (issue 14): `comments` rows (5,000,000 by default) over
 * 10,000 authors with a book each, and one bench author with 200 books, a session, a reading-site
 * key and about 2,000 unread comments among their share. Books have no chapters: the list reads
 * the comments only. `node apps/server/src/seed/comments-bulk.ts <DATA_DIR> [comments]`.
 */
export interface CommentsBulkResult {
  comments: number;
  benchAccountId: number;
  benchBookIds: number[];
  benchUnread: number;
  sessionToken: string;
  key: { keyId: string; secret: string };
  seconds: number;
}

const DAY = 86_400_000;

export async function generateCommentsBulk(
  dataDir: string,
  options: { comments?: number; authors?: number; log?: (s: string) => void } = {},
): Promise<CommentsBulkResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const total = options.comments ?? 5_000_000;
  const authors = options.authors ?? 10_000;
  const clientId = 2;
  const db = await openBulkSqlite(dataDir);
  const personalData = new PersonalData(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }).dataKey);
  const now = Date.now();
  const buildIndexes = deferIndexes(db, ['users', 'accounts', 'books', 'comments']);

  const insertUser = db.prepare(
    'insert into users (client_id, phone_enc, phone_hash, created_at, updated_at) values (?, ?, ?, ?, ?)',
  );
  const authorAdded = db.prepare(AUTHOR_ADDED_SQL);
  const insertAccount = db.prepare(
    `insert into accounts (client_id, user_id, pen_name, phone_enc, phone_hash, role, level, sign_flag, is_learner, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'author', 1, 1, 0, ?, ?)`,
  );
  const insertBook = db.prepare(
    `insert into books (client_id, user_id, account_id, kind, title, category, tags, intro, created_at, updated_at)
     values (?, ?, ?, 'novel', ?, 'xuanhuan', '[]', '简介', ?, ?)`,
  );
  const books: Array<{ id: number; account: number }> = [];
  let bench = { userId: 0, accountId: 0 };
  const benchBookIds: number[] = [];
  db.transaction(() => {
    for (let i = 0; i < authors; i++) {
      const phone = `15${String(i).padStart(9, '0')}`;
      const sealed = personalData.seal(phone);
      const hash = personalData.index('phone', phone);
      const user = Number(insertUser.run(clientId, sealed, hash, now, now).lastInsertRowid);
      const account = Number(insertAccount.run(clientId, user, `评论作者${i}`, sealed, hash, now, now).lastInsertRowid);
      authorAdded.run(clientId, 1);
      // The bench author (the first) has 200 books; everyone else one.
      for (let b = 0; b < (i === 0 ? 200 : 1); b++) {
        const book = Number(insertBook.run(clientId, user, account, `作品${i}-${b}`, now, now).lastInsertRowid);
        books.push({ id: book, account });
        if (i === 0) benchBookIds.push(book);
      }
      if (i === 0) bench = { userId: user, accountId: account };
    }
  })();

  const insert = db.prepare(
    `insert into comments (client_id, account_id, book_id, chapter_id, kind, root_id, parent_id, site_id, event_id, reader_id,
       reader_name, content, unread, created_at, updated_at)
     values (?, ?, ?, null, ?, null, null, 1, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const KINDS = ['book', 'evaluate', 'discussion', 'checkin'];
  const TEXTS = ['写得真好，期待更新！', '催更催更', '这一章太精彩了', '主角终于出手了', '打卡'];
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  // A twentieth of all comments are on the bench author's books; the newest 2,000 of those are unread.
  let benchUnread = 0;
  const BATCH = 100_000;
  for (let start = 0; start < total; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(total, start + BATCH); i++) {
        const mine = i % 20 === 0;
        const book = mine
          ? { id: benchBookIds[i % 200], account: bench.accountId }
          : books[200 + Math.floor(rand() * (books.length - 200))];
        const at = now - Math.floor((1 - i / total) * 180 * DAY) - Math.floor(rand() * 60_000);
        const unread = mine && i >= total - 20 * 2000 ? 1 : 0;
        benchUnread += unread;
        const reader = `reader-${Math.floor(rand() * 500_000)}`;
        insert.run(
          clientId,
          book.account,
          book.id,
          KINDS[i % 4],
          `bulk-${i}`,
          reader,
          reader,
          TEXTS[i % 5],
          unread,
          at,
          at,
        );
      }
    })();
    log(`  ${Math.min(total, start + BATCH).toLocaleString('en-US')} comments`);
  }
  log('  building indexes …');
  buildIndexes();

  db.prepare(
    "insert into integration_sites (id, client_id, code, name, kind, created_at) values (1, ?, 'reader-bench', '压测阅读站', 'reading', ?)",
  ).run(clientId, now);
  const key = { keyId: 'ak_comments_bench', secret: 'bench-secret-0123456789abcdefghijklmnop' };
  db.prepare(
    'insert into integration_keys (site_id, client_id, key_id, secret_enc, created_at) values (1, ?, ?, ?, ?)',
  ).run(clientId, key.keyId, personalData.seal(key.secret), now);
  const sessionToken = insertBulkSession(db, { clientId, ...bench });
  db.exec('analyze');
  closeBulkSqlite(db);
  const result: CommentsBulkResult = {
    comments: total,
    benchAccountId: bench.accountId,
    benchBookIds,
    benchUnread,
    sessionToken,
    key,
    seconds: (performance.now() - started) / 1000,
  };
  writeFileSync(resolve(dataDir, 'bulk.json'), JSON.stringify(result));
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, count] = process.argv.slice(2);
  if (!dir) throw new Error('usage: node apps/server/src/seed/comments-bulk.ts <DATA_DIR> [comments]');
  const r = await generateCommentsBulk(dir, { comments: count ? Number(count) : undefined, log: console.log });
  console.log(`done in ${r.seconds.toFixed(1)} s`);
}

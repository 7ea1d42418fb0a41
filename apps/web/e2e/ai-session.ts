import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext } from 'playwright-core';
import { PersonalData } from '../../server/src/platform/crypto/personal-data.ts';
import { AUTHOR_ADDED_SQL } from '../../server/src/platform/level-counts.ts';
import { appUrl, serverDataDir } from './browser.ts';

const CLIENT_BY_BRIEF: Record<string, number> = { wonder: 2, third: 3, 'brain-hole': 4 };
const SESSION_COOKIE = 'ac_sid';
const DAY_MS = 24 * 60 * 60 * 1000;
/** guide_conf 37: the beginner guide (pop 10), marked seen so it does not cover the page. */
const BEGINNER_GUIDE = 37;

/**
 * TEST-ONLY: a fresh author account (phone bound, beginner guide seen, so no pop-up covers the
 * page) and a live session for it, written straight into the test server's SQLite database the
 * way the server's fixtures do, and the session cookie given to the browser context. Each call is a new account, so per-account limits and histories
 * never leak between tests. Nothing here exists in production code.
 */
export async function logInNewAuthor(context: BrowserContext, brief?: string): Promise<{ accountId: number }> {
  const clientId = brief ? CLIENT_BY_BRIEF[brief] : 2;
  const dataDir = serverDataDir();
  // The server's development key (DATA_DIR/data.key): phones are sealed and indexed as sign-in stores them.
  const personal = new PersonalData(Buffer.from(readFileSync(join(dataDir, 'data.key'), 'utf8').trim(), 'hex'));
  const phone = `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const db = new Database(join(dataDir, 'author-centre.sqlite'));
  db.pragma('busy_timeout = 5000');
  const token = randomBytes(32).toString('base64url');
  let accountId: number;
  try {
    const now = Date.now();
    const user = db
      .prepare(
        'insert into users (client_id, phone_enc, phone_hash, created_at, updated_at) values (?, ?, ?, ?, ?) returning id',
      )
      .get(clientId, personal.seal(phone), personal.index('phone', phone), now, now) as { id: number };
    // The account and its level count, together (the server keeps author_level_counts exact).
    const account = db.transaction(() => {
      const row = db
        .prepare(
          `insert into accounts (client_id, user_id, pen_name, phone_enc, phone_hash, role, level, sign_flag, is_learner, created_at, updated_at)
           values (?, ?, ?, ?, ?, 'author', 1, 0, 0, ?, ?) returning id`,
        )
        .get(
          clientId,
          user.id,
          `e2e作者${randomBytes(4).toString('hex')}`,
          personal.seal(phone),
          personal.index('phone', phone),
          now,
          now,
        ) as { id: number };
      db.prepare(AUTHOR_ADDED_SQL).run(clientId, 1);
      return row;
    })();
    accountId = account.id;
    db.prepare('insert into account_guides (account_id, guide_type, shown, updated_at) values (?, ?, 1, ?)').run(
      accountId,
      BEGINNER_GUIDE,
      now,
    );
    db.prepare(
      `insert into sessions (id, client_id, user_id, account_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      createHash('sha256').update(token).digest('hex'),
      clientId,
      user.id,
      accountId,
      now,
      now,
      now + 7 * DAY_MS,
      now + 30 * DAY_MS,
    );
  } finally {
    db.close();
  }
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: appUrl('/', brief) }]);
  return { accountId };
}

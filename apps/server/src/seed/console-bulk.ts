import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { PersonalData } from '../platform/crypto/personal-data.ts';
import { AUTHOR_ADDED_SQL } from '../platform/level-counts.ts';
import { closeBulkSqlite, deferIndexes, insertBulkSession, openBulkSqlite } from './bulk-sqlite.ts';

/**
 * Bulk authors for the console benchmark (SQLite): by default 100,000 people, each with one pen
 * name and a sealed, indexed phone, in one brand, plus an admin of the brand with a live session.
 * Pen names are two characters from lists of 100 each and a number, so a one-character prefix
 * matches about 1% of the authors and a two-character one about 0.01%, as real pen names spread.
 * Run: `node apps/server/src/seed/console-bulk.ts <DATA_DIR> [authors]`.
 */

const FIRST = [
  ...new Set(
    '云风青墨白夜星月山海江河湖雪霜雨雷电光影天地玄黄宇宙洪荒日辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳腾致露结为金生丽水玉出昆冈剑号巨阙珠称夜光果珍李柰菜重芥姜咸淡鳞潜羽翔龙师火帝鸟官人皇始制文字乃服衣裳推位让国有虞陶唐',
  ),
].slice(0, 100);
const SECOND = [
  ...'之子于归宜其室家桃夭灼华蓁叶有蕡实关雎鸠在洲窈窕淑女君好逑参差荇菜左右流寤寐求不得思服悠哉辗转反侧采芼钟鼓乐琴瑟友葛覃施中谷维萋黄飞集灌木喈莫是刈濩絺绤无斁言告师氏薄污我私澣衣害否父母卷耳盈顷筐嗟怀人置彼周行',
].slice(0, 100);

export interface AuthorsBulkOptions {
  authors?: number;
  clientId?: number;
  log?: (line: string) => void;
}

export interface AuthorsBulkResult {
  authors: number;
  clientId: number;
  /** The admin the benchmark searches as, and a session token for its cookie. */
  adminAccountId: number;
  sessionToken: string;
  /** Prefixes to search by, each with how many pen names begin with it. */
  prefixes: Array<{ prefix: string; matches: number }>;
  seconds: number;
}

export const penNameOf = (i: number) =>
  `${FIRST[i % FIRST.length]}${SECOND[Math.floor(i / FIRST.length) % SECOND.length]}${i}`;

export async function generateAuthorsBulk(
  dataDir: string,
  options: AuthorsBulkOptions = {},
): Promise<AuthorsBulkResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const authors = options.authors ?? 100_000;
  const clientId = options.clientId ?? 2;
  const db = await openBulkSqlite(dataDir);
  const now = Date.now();
  const personalData = new PersonalData(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }).dataKey);
  const buildIndexes = deferIndexes(db, ['users', 'accounts']);

  const insertUser = db.prepare(
    'insert into users (client_id, phone_enc, phone_hash, created_at, updated_at) values (?, ?, ?, ?, ?)',
  );
  const authorAdded = db.prepare(AUTHOR_ADDED_SQL);
  const insertAccount = db.prepare(
    `insert into accounts (client_id, user_id, pen_name, phone_enc, phone_hash, role, level, sign_flag, is_learner,
       created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  const counts = new Map<string, number>();
  let adminAccountId = 0;
  let adminUserId = 0;
  const BATCH = 10_000;
  for (let start = 0; start < authors; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(authors, start + BATCH); i++) {
        const phone = `15${String(i).padStart(9, '0')}`;
        const sealed = personalData.seal(phone);
        const hash = personalData.index('phone', phone);
        const created = now - (authors - i) * 60_000;
        const user = Number(insertUser.run(clientId, sealed, hash, created, created).lastInsertRowid);
        const penName = penNameOf(i);
        const role = i === 0 ? 'admin' : 'author';
        const account = Number(
          insertAccount.run(
            clientId,
            user,
            penName,
            sealed,
            hash,
            role,
            1 + (i % 9),
            i % 3 === 0 ? 1 : 0,
            created,
            created,
          ).lastInsertRowid,
        );
        if (role === 'author') authorAdded.run(clientId, 1 + (i % 9));
        if (i === 0) {
          adminAccountId = account;
          adminUserId = user;
        }
        for (const prefix of [penName.slice(0, 1), penName.slice(0, 2)])
          counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
      }
    })();
    log(`  ${Math.min(authors, start + BATCH).toLocaleString('en-US')} authors`);
  }
  log('  building indexes');
  buildIndexes();
  db.exec('analyze');

  const sessionToken = insertBulkSession(db, { clientId, userId: adminUserId, accountId: adminAccountId }, now);
  closeBulkSqlite(db);

  // Search terms as staff type them: mostly two characters (a handful of matches), some one (~1%).
  const prefixes: Array<{ prefix: string; matches: number }> = [];
  for (let i = 0; i < 40; i++) {
    const two = penNameOf(i * 2503 + 17).slice(0, 2);
    prefixes.push({ prefix: two, matches: counts.get(two) ?? 0 });
  }
  for (let i = 0; i < 10; i++) {
    const one = FIRST[(i * 7) % FIRST.length];
    prefixes.push({ prefix: one, matches: counts.get(one) ?? 0 });
  }
  const result: AuthorsBulkResult = {
    authors,
    clientId,
    adminAccountId,
    sessionToken,
    prefixes,
    seconds: (performance.now() - started) / 1000,
  };
  writeFileSync(resolve(dataDir, 'bulk.json'), JSON.stringify(result));
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node apps/server/src/seed/console-bulk.ts <DATA_DIR> [authors]');
    process.exit(1);
  }
  const result = await generateAuthorsBulk(dir, {
    authors: process.argv[3] ? Number(process.argv[3]) : undefined,
    log: console.log,
  });
  console.log(`${result.authors} authors in ${result.seconds.toFixed(1)} s; admin account ${result.adminAccountId}`);
}

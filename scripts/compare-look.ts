/**
 * Whether two builds of the web app look the same (issue 19: antd's styles made at build time). Run against a
 * server per build, each on freshly seeded demo data (the pop-up queue advances with each visit, so both must
 * start alike), it opens the same pages as the same people — home, chapter list (plain, primary button
 * hovered, export menu open, new-volume dialog), editor, the red brand's home and chapter list
 * (third.localhost), the console's home and author list — and writes, per page, a screenshot and the
 * computed style (colours, borders, shadow, sizes, fonts…) of every visible element. `--compare` then
 * lists the elements whose style differs.
 *
 *   PORT=3902 HOST=127.0.0.1 NODE_ENV=development WEB_DIST=<build A> DATA_DIR=<empty dir> node apps/server/src/main.ts
 *   node scripts/compare-look.ts <port> <data dir> <label>     (once per server: <out>/<label>-*.png, <label>-styles.json)
 *   node scripts/compare-look.ts --compare <out>/a-styles.json <out>/b-styles.json
 *
 * LOOK_OUT sets the output folder (default /tmp/compare-look).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Page } from 'playwright-core';
import { insertBulkSession } from '../apps/server/src/seed/bulk-sqlite.ts';

const OUT = process.env.LOOK_OUT ?? '/tmp/compare-look';

if (process.argv[2] === '--compare') {
  const [a, b] = process.argv
    .slice(3)
    .map((f) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, Record<string, string>>);
  for (const page of Object.keys(a)) {
    const A = a[page];
    const B = b[page] ?? {};
    const keys = new Set([...Object.keys(A), ...Object.keys(B)]);
    const lines: string[] = [];
    let differ = 0;
    for (const key of keys) {
      if (A[key] === B[key]) continue;
      differ++;
      const pa = (A[key] ?? '').split(';');
      const pb = (B[key] ?? '').split(';');
      const changed = pa.map((x, i) => (x === pb[i] ? null : `${x} -> ${pb[i]?.split('=')[1]}`)).filter(Boolean);
      if (lines.length < 8) lines.push(`    ${key.slice(-110)}\n      ${changed.join(' | ') || 'only in one'}`);
    }
    console.log(`${page}: ${keys.size} elements, ${differ} differ`);
    for (const line of lines) console.log(line);
  }
  process.exit(0);
}

const [port, dataDir, label] = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
const db = new Database(join(dataDir, 'author-centre.sqlite'));
const session = (where: string) => {
  const who = db.prepare(`select id, user_id, client_id from accounts where ${where}`).get() as {
    id: number;
    user_id: number;
    client_id: number;
  };
  const book = db
    .prepare(
      `select b.id as bookId, c.id as chapterId from books b join chapters c on c.book_id = b.id where b.account_id = ? order by b.id, c.id limit 1`,
    )
    .get(who.id) as { bookId: number; chapterId: number } | undefined;
  return {
    token: insertBulkSession(db, { clientId: who.client_id, userId: who.user_id, accountId: who.id }),
    book: book?.bookId,
    chapter: book?.chapterId,
  };
};
const wonder = session(`client_id = 2 and pen_name like '%·夜雨'`);
const third = session(`client_id = 3 and pen_name like '%·夜雨'`);
const admin = session(`client_id = 2 and role = 'admin'`);
db.close();
const PROPS = [
  'color',
  'background-color',
  'border-top-color',
  'border-top-width',
  'border-bottom-color',
  'border-radius',
  'box-shadow',
  'margin-top',
  'margin-left',
  'padding-top',
  'padding-left',
  'font-size',
  'font-weight',
  'line-height',
  'display',
  'position',
  'width',
  'height',
  'opacity',
  'text-decoration-line',
  'cursor',
  'outline-style',
  'z-index',
];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
const result: Record<string, Record<string, string>> = {};
const closePop = async (p: Page) => {
  for (let i = 0; i < 6; i++) {
    const later = p
      .locator('.ant-modal-wrap:visible')
      .getByRole('button', { name: /稍后再说|我知道了|关闭|Close/ })
      .first();
    if (await later.isVisible().catch(() => false)) {
      await later.click();
      await p.waitForTimeout(900);
    } else break;
  }
};
const grab = async (name: string, host: string, token: string, path: string, act?: (p: Page) => Promise<void>) => {
  const origin = `http://${host}:${port}`;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'ac_sid', value: token, url: origin }]);
  const page = await context.newPage();
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1200);
  try {
    if (act) await act(page);
  } catch (e) {
    console.log(name, 'action failed', String(e).split('\n')[0]);
  }
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${OUT}/${label}-${name}.png` });
  result[name] = await page.evaluate((props) => {
    const out: Record<string, string> = {};
    const walk = (el: Element, key: string) => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) {
        const cs = getComputedStyle(el);
        out[key] = props.map((p) => `${p}=${cs.getPropertyValue(p)}`).join(';');
      }
      let i = 0;
      for (const c of el.children)
        walk(
          c,
          `${key}>${c.tagName.toLowerCase()}${c.classList.length ? `.${[...c.classList].filter((x) => !/^css-|^ac-antd$|^css-var/.test(x)).join('.')}` : ''}[${i++}]`,
        );
    };
    walk(document.body, 'body');
    return out;
  }, PROPS);
  await context.close();
};
const ch = (b: number) => `/front/book-manage/manage?book_id=${b}`;
await grab('home', 'localhost', wonder.token, '/front/index', closePop);
await grab('chapters', 'localhost', wonder.token, ch(wonder.book), closePop);
await grab('chapters-hover', 'localhost', wonder.token, ch(wonder.book), async (p) => {
  await closePop(p);
  await p
    .getByRole('button', { name: /新建章节/ })
    .first()
    .hover();
});
await grab('chapters-export', 'localhost', wonder.token, ch(wonder.book), async (p) => {
  await closePop(p);
  await p.getByRole('button', { name: /导出/ }).first().click();
  await p.waitForTimeout(1500);
});
await grab('chapters-newvolume', 'localhost', wonder.token, ch(wonder.book), async (p) => {
  await closePop(p);
  await p
    .getByRole('button', { name: /新建分卷/ })
    .first()
    .click();
  await p.waitForTimeout(1500);
});
await grab(
  'editor',
  'localhost',
  wonder.token,
  `/front/book-upload?book_id=${wonder.book}&chapter_id=${wonder.chapter}`,
  closePop,
);
await grab('red-home', 'third.localhost', third.token, '/front/index', async (p) => {
  await closePop(p);
  await p
    .getByRole('button', { name: /新手指引/ })
    .first()
    .hover();
});
await grab('red-chapters', 'third.localhost', third.token, ch(third.book), async (p) => {
  await closePop(p);
  await p
    .getByRole('button', { name: /新建章节/ })
    .first()
    .hover();
});
await grab('console', 'localhost', admin.token, '/admin');
await grab('console-authors', 'localhost', admin.token, '/admin/authors');
writeFileSync(`${OUT}/${label}-styles.json`, JSON.stringify(result));
await browser.close();

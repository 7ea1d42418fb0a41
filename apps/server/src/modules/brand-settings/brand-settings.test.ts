import { ErrorCode } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { storedSettings } from '../../platform/brands/brands.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, TestClient } from '../../test/test-app.ts';
import { insertBook } from '../income/income.fixtures.ts';
import { closeMonth, daysOf } from '../income/settlement.ts';

const SETTINGS = '/api/admin/brand/settings';
const CONFIG = '/api/pc/v1/global/config';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
});
afterAll(async () => t.close());

/** Reads a brand's settings as the console does and saves them with `change` applied. */
async function save(client: TestClient, change: (settings: any) => void) {
  const read = await client.get(SETTINGS);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  const settings = structuredClone(read.body.data.settings);
  change(settings);
  return client.post(SETTINGS, { revision: read.body.data.revision, settings });
}

async function stored(clientId: number) {
  const row = await t.app.ctx.db
    .selectFrom('brands')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return { ...row, settings: JSON.parse(row.settings) };
}

const auditOf = (clientId: number) =>
  t.app.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('action', '=', 'brand.update')
    .orderBy('id', 'desc')
    .execute();

describe('brand settings: who may read and change them', () => {
  it('admins only: a visitor logs in, an author and an editor are refused', async () => {
    expect((await callers.visitor.get(SETTINGS)).status).toBe(401);
    for (const who of [callers.author, callers.editor]) {
      const read = await who.get(SETTINGS);
      expect(read.status).toBe(403);
      expect(read.body.errors.title).toBe('您没有权限操作！');
      const write = await who.post(SETTINGS, { revision: 0, settings: {} });
      expect(write.status).toBe(403);
    }
    const mine = await callers.admin.get(SETTINGS);
    expect(mine.body.data).toMatchObject({ client_id: 2, brief: 'wonder', fixed: { local_host: 'wonder.localhost' } });
    expect(mine.body.data.settings).toMatchObject({
      platformName: '奇妙小说作者中心',
      applySignCondition: '2万',
      editorTitle: '责任编辑',
      appGlobalPop: { show: true },
      captchaConfig: { is_closed: false },
    });
  });

  it("a brand's admin sees and changes only their brand; a platform admin any brand through the switcher", async () => {
    const before = await stored(2);
    const other = await callers.otherBrandAdmin.get(SETTINGS);
    expect(other.body.data.client_id).toBe(3);
    // Naming brand 2 is refused, not quietly re-scoped.
    callers.otherBrandAdmin.headers['x-console-client'] = '2';
    const refused = await callers.otherBrandAdmin.get(SETTINGS);
    expect(refused.status).toBe(403);
    const write = await callers.otherBrandAdmin.post(SETTINGS, {
      revision: before.updated_at,
      settings: { ...(await callers.admin.get(SETTINGS)).body.data.settings, editorTitle: '别家编辑' },
    });
    delete callers.otherBrandAdmin.headers['x-console-client'];
    expect(write.status).toBe(403);
    expect(write.body.errors.title).toBe('您只能管理本品牌的数据');
    expect(await stored(2)).toEqual(before);

    callers.platformAdmin.headers['x-console-client'] = '4';
    const res = await save(callers.platformAdmin, (s) => {
      s.editorTitle = '签约编辑';
    });
    delete callers.platformAdmin.headers['x-console-client'];
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ client_id: 4, changed: ['editorTitle'] });
    expect((await stored(4)).settings.editorTitle).toBe('签约编辑');
    expect((await stored(2)).settings.editorTitle).toBe('责任编辑');
    const [audit] = await auditOf(4);
    expect(audit).toMatchObject({ actor_role: 'platform_admin', actor_client_id: 1, target_id: '4' });
  });
});

describe('brand settings: saving', () => {
  it('takes effect at once on the brand-config reply and is audited with before and after', async () => {
    const author = t.client('localhost');
    expect((await author.get(CONFIG)).body.data.titleName).toBe('奇妙小说作者中心');

    const res = await save(callers.admin, (s) => {
      s.titleName = '奇妙作者之家';
      s.appGlobalPop.show = false;
      s.footerLinks.push({ label: '作者福利', url: 'https://doc.wonder.example.com/welfare' });
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.changed).toEqual(['titleName', 'appGlobalPop.show', 'footerLinks']);

    const config = (await author.get(CONFIG)).body.data;
    expect(config).toMatchObject({ clientId: 2, titleName: '奇妙作者之家', appGlobalPop: { show: false } });
    expect(config.footerLinks.at(-1)).toEqual({ label: '作者福利', url: 'https://doc.wonder.example.com/welfare' });
    // Settings not on the form are kept.
    expect(config).toMatchObject({ theme: 'orange', permissions: ['writing-camp', 'ai-assistant'], brief: 'wonder' });

    const [audit] = await auditOf(2);
    expect(audit.summary).toBe('修改品牌「奇妙小说」的设置：网页标题、显示全局弹窗、页脚链接');
    expect(JSON.parse(audit.before_json as string)).toMatchObject({
      titleName: '奇妙小说作者中心',
      'appGlobalPop.show': true,
    });
    expect(JSON.parse(audit.after_json as string)).toMatchObject({
      titleName: '奇妙作者之家',
      'appGlobalPop.show': false,
    });
    expect(JSON.parse(audit.after_json as string).footerLinks).toHaveLength(7);

    // Saving what is stored changes nothing and writes nothing.
    const count = (await auditOf(2)).length;
    const same = await save(callers.admin, () => {});
    expect(same.body.data.changed).toEqual([]);
    expect((await auditOf(2)).length).toBe(count);

    await save(callers.admin, (s) => {
      s.titleName = '奇妙小说作者中心';
      s.appGlobalPop.show = true;
      s.footerLinks.pop();
    });
  });

  it('refuses a save made on settings someone changed since they were read', async () => {
    const first = await callers.admin.get(SETTINGS);
    await save(callers.admin, (s) => {
      s.keywords = '奇妙小说,作者';
    });
    const late = await callers.admin.post(SETTINGS, {
      revision: first.body.data.revision,
      settings: { ...first.body.data.settings, description: '晚到的修改' },
    });
    expect(late.status).toBe(409);
    expect(late.body.errors).toMatchObject({
      code: ErrorCode.conflict,
      title: '这些设置在您打开后已被其他人修改，请刷新查看最新设置后再保存',
    });
    expect((await stored(2)).settings).toMatchObject({ keywords: '奇妙小说,作者' });
    expect((await stored(2)).settings.description).not.toBe('晚到的修改');
  });

  it('refuses bad input naming the field and what to enter, and changes nothing', async () => {
    const before = await stored(2);
    const auditCount = (await auditOf(2)).length;
    const cases: Array<[(s: any) => void, string, string]> = [
      [(s) => (s.platformName = '  '), 'platformName', '平台名称：请填写此项'],
      [(s) => (s.titleName = '长'.repeat(31)), 'titleName', '网页标题：最多30个字'],
      [(s) => (s.description = '长'.repeat(301)), 'description', '网站描述：最多300个字'],
      [(s) => (s.editorTitle = '责任编辑责任编辑责任编辑'), 'editorTitle', '编辑称谓：最多10个字'],
      [
        (s) => (s.domains.pc = 'https://author.wonder.example.com/'),
        'domains.pc',
        'PC端域名：请填写域名，如 author.example.com（不含 http:// 和路径）',
      ],
      [
        (s) => (s.domains.mobile = 'localhost'),
        'domains.mobile',
        '移动端域名：请填写域名，如 author.example.com（不含 http:// 和路径）',
      ],
      [
        (s) => (s.domains.welfareDoc = 'doc.wonder.example.com/welfare'),
        'domains.welfareDoc',
        '福利说明文档：请填写以 http:// 或 https:// 开头的网址',
      ],
      [
        (s) => (s.faviconLink = 'javascript:alert(1)'),
        'faviconLink',
        '网站图标：请填写以 http:// 或 https:// 开头的网址，或以 / 开头的站内路径',
      ],
      [
        (s) => (s.footerLinks[2].url = 'ftp://files.example.com'),
        'footerLinks.2.url',
        '页脚链接第3条的网址：请填写以 http:// 或 https:// 开头的网址，或以 / 开头的站内路径',
      ],
      [
        (s) => (s.signingPolicyLinks[0].label = ''),
        'signingPolicyLinks.0.label',
        '签约政策链接第1条的名称：请填写此项',
      ],
      [
        (s) => (s.editorLinks = Array.from({ length: 13 }, () => ({ label: '编辑', url: 'https://a.example.com' }))),
        'editorLinks',
        '编辑链接：最多12个链接',
      ],
      [
        (s) => (s.applySignCondition = '两万'),
        'applySignCondition',
        '长篇申请签约字数：请填写1千~1000万之间的字数，如 2万、4千 或 15000',
      ],
      [
        (s) => (s.applySignCondition = '0'),
        'applySignCondition',
        '长篇申请签约字数：请填写1千~1000万之间的字数，如 2万、4千 或 15000',
      ],
      [
        (s) => (s.shortStorySignCondition = 40.5),
        'shortStorySignCondition',
        '短篇申请签约字数：请填写100~1000000之间的整数',
      ],
      [(s) => (s.penNameChangeDays = 0), 'penNameChangeDays', '笔名修改间隔（天）：请填写1~3650之间的整数天数'],
      [(s) => (s.penNameChangeDays = 30.5), 'penNameChangeDays', '笔名修改间隔（天）：请填写1~3650之间的整数天数'],
      [(s) => (s.penNameChangeDays = '30'), 'penNameChangeDays', '笔名修改间隔（天）：请填写1~3650之间的整数天数'],
      [(s) => (s.appGlobalPop.show = 'yes'), 'appGlobalPop.show', '显示全局弹窗：请选择开或关'],
      [(s) => (s.onlineSignSuccessText = ''), 'onlineSignSuccessText', '线上签约成功提示：请填写此项'],
      [
        (s) => (s.welfareRules.full_attendance.amount_fen = -1),
        'welfareRules.full_attendance.amount_fen',
        '全勤奖的金额（分）：请填写0~10000000之间的整数（单位：分，0为不发放）',
      ],
      [
        (s) => (s.welfareRules.update_bonus.min_month_words = 0),
        'welfareRules.update_bonus.min_month_words',
        '更新奖的当月字数：请填写1~3100000之间的整数字数',
      ],
    ];
    for (const [change, field, title] of cases) {
      const res = await save(callers.admin, change);
      expect(res.status, field).toBe(400);
      expect(res.body.errors, field).toEqual({ code: ErrorCode.invalidInput, field, title });
    }
    const missing = await callers.admin.post(SETTINGS, { settings: before.settings });
    expect(missing.body.errors).toMatchObject({ field: 'revision', title: '缺少设置的版本，请刷新页面后再保存' });
    const noSettings = await callers.admin.post(SETTINGS, { revision: 1 });
    expect(noSettings.status).toBe(400);
    expect(noSettings.body.errors.field).toBe('settings');
    expect(await stored(2)).toEqual(before);
    expect((await auditOf(2)).length).toBe(auditCount);
  });

  it("says the problem in the staff member's language", async () => {
    callers.admin.headers['x-lang'] = 'en-US';
    const res = await save(callers.admin, (s) => {
      s.footerLinks[0].url = 'www.example.com';
    });
    const taken = await save(callers.admin, (s) => {
      s.domains.bbs = 'bbs.third.example.com';
    });
    delete callers.admin.headers['x-lang'];
    expect(res.body.errors.title).toBe(
      'Footer links, item 1, address: Enter an address starting with http:// or https://, or a path on this site starting with /',
    );
    expect(taken.body.errors.title).toBe(
      'Forum domain: The domain bbs.third.example.com is already used by the brand 三号书城',
    );
  });

  it('gives each domain to one brand: one taken by another brand is refused naming it', async () => {
    const before = await stored(2);
    for (const [field, host, brand] of [
      ['pc', 'author.third.example.com', '三号书城'],
      ['mobile', 'M-Author.Brain-Hole.example.com', '脑洞故事'],
      ['reading', 'www.main.example.com', '主站'],
      ['activity', 'third.localhost', '三号书城'],
    ] as const) {
      const res = await save(callers.admin, (s) => {
        s.domains[field] = host;
      });
      expect(res.status, host).toBe(409);
      expect(res.body.errors).toMatchObject({
        code: ErrorCode.conflict,
        field: `domains.${field}`,
        title: expect.stringContaining(`域名 ${host.toLowerCase()} 已被品牌「${brand}」使用`),
      });
    }
    expect(await stored(2)).toEqual(before);

    // A new domain of its own is stored in lower case, and the brand answers on it at once.
    const res = await save(callers.admin, (s) => {
      s.domains.pc = ' Author.Wonder-Novel.CN ';
    });
    expect(res.body.data.settings.domains.pc).toBe('author.wonder-novel.cn');
    const visitor = t.client('author.wonder-novel.cn');
    expect((await visitor.get(CONFIG)).body.data.clientId).toBe(2);
    // The old domain no longer chooses the brand (unknown hosts get the main platform).
    expect((await t.client('author.wonder.example.com').get(CONFIG)).body.data.clientId).toBe(1);
    // …and is free for another brand.
    callers.platformAdmin.headers['x-console-client'] = '3';
    const moved = await save(callers.platformAdmin, (s) => {
      s.domains.activity = 'author.wonder.example.com';
    });
    delete callers.platformAdmin.headers['x-console-client'];
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(200);
  });
});

describe('brand settings: stored before a setting existed', () => {
  it('reads the pen name rule of a brand stored without it as the default 90 days', async () => {
    const row = await t.app.ctx.db
      .selectFrom('brands')
      .select(['client_id', 'settings'])
      .where('client_id', '=', 3)
      .executeTakeFirstOrThrow();
    const { penNameChangeDays, ...older } = JSON.parse(row.settings);
    expect(penNameChangeDays).toBe(90);
    expect(storedSettings({ client_id: 3, settings: JSON.stringify(older) }).penNameChangeDays).toBe(90);
  });
});

describe('welfare rules: per brand, set in the brand settings', () => {
  it('two brands pay different welfare: the rule list, the help article and the month close follow each brand', async () => {
    const { db } = t.app.ctx;
    const brand2 = await signedInClient(t, await createAuthor(t, { clientId: 2 }));
    const authorOf3 = await createAuthor(t, { clientId: 3 });
    const brand3 = await signedInClient(t, authorOf3);
    const rulesOf = async (client: TestClient) =>
      (await client.get('/api/profit/book-welfare-rule-list')).body.data.list.map((r: any) => [
        r.name,
        r.condition,
        r.amount_fen,
      ]);
    const defaults = [
      ['全勤奖', '当月每天更新不少于4000字', 30_000],
      ['更新奖', '当月更新不少于150000字', 20_000],
    ];
    expect(await rulesOf(brand2)).toEqual(defaults);
    expect(await rulesOf(brand3)).toEqual(defaults);

    // Brand 3's admin: a higher full-attendance bonus for more words a day, and no update bonus.
    const res = await save(callers.otherBrandAdmin, (s) => {
      s.welfareRules.full_attendance = { amount_fen: 50_000, min_daily_words: 6000 };
      s.welfareRules.update_bonus.amount_fen = 0;
    });
    expect(res.body.data.changed).toEqual(['welfareRules.full_attendance', 'welfareRules.update_bonus']);
    expect(await rulesOf(brand3)).toEqual([['全勤奖', '当月每天更新不少于6000字', 50_000]]);
    expect(await rulesOf(brand2)).toEqual(defaults);
    const article = async (host: string) =>
      (await t.client(host).get('/api/help/detail', { ids: '6-39' })).body.data.body;
    expect(await article('third.localhost')).toContain('- 全勤奖：当月每天更新不少于6000字，500元\n\n');
    expect(await article('third.localhost')).not.toContain('更新奖');
    expect(await article('localhost')).toContain(
      '- 全勤奖：当月每天更新不少于4000字，300元\n- 更新奖：当月更新不少于150000字，200元',
    );

    // The month's close pays brand 3's rules: 6,000 words every day of June earn 500 yuan and nothing more.
    const book = await insertBook(t, authorOf3);
    await db
      .insertInto('income_terms')
      .values({ book_id: book.bookId, client_id: 3, share_permille: 500, guarantee_fen: 0, updated_at: Date.now() })
      .execute();
    await db
      .insertInto('book_daily_words')
      .values(
        daysOf('2026-06').map((day) => ({
          client_id: 3,
          account_id: authorOf3.accountId,
          book_id: book.bookId,
          day,
          words: 6000,
          chapters: 1,
        })),
      )
      .execute();
    await closeMonth(db, 3, '2026-06', Date.parse('2026-07-02T00:00:00+08:00'));
    const lines = await db
      .selectFrom('settlement_lines')
      .select(['kind', 'amount_fen', 'note'])
      .where('account_id', '=', authorOf3.accountId)
      .execute();
    expect(lines).toEqual([{ kind: 'welfare', amount_fen: 50_000, note: '全勤奖：30天每天更新≥6000字' }]);

    // A later change applies from the next month not yet closed: June's statement stays as it was closed,
    // July's close pays the new rule.
    await save(callers.otherBrandAdmin, (s) => {
      s.welfareRules.full_attendance = { amount_fen: 10_000, min_daily_words: 1000 };
    });
    await db
      .insertInto('book_daily_words')
      .values(
        daysOf('2026-07').map((day) => ({
          client_id: 3,
          account_id: authorOf3.accountId,
          book_id: book.bookId,
          day,
          words: 1000,
          chapters: 1,
        })),
      )
      .execute();
    await closeMonth(db, 3, '2026-07', Date.parse('2026-08-02T00:00:00+08:00'));
    const after = await db
      .selectFrom('settlement_lines')
      .select(['month', 'kind', 'amount_fen', 'note'])
      .where('account_id', '=', authorOf3.accountId)
      .orderBy('month')
      .execute();
    expect(after).toEqual([
      { month: '2026-06', kind: 'welfare', amount_fen: 50_000, note: '全勤奖：30天每天更新≥6000字' },
      { month: '2026-07', kind: 'welfare', amount_fen: 10_000, note: '全勤奖：31天每天更新≥1000字' },
    ]);
    // Brand 2 still closes on the defaults: the same 1,000 words a day earn nothing there.
    expect(await rulesOf(brand2)).toEqual(defaults);
    const authorOf2 = await createAuthor(t, { clientId: 2 });
    const book2 = await insertBook(t, authorOf2);
    await db
      .insertInto('income_terms')
      .values({ book_id: book2.bookId, client_id: 2, share_permille: 500, guarantee_fen: 0, updated_at: Date.now() })
      .execute();
    await db
      .insertInto('book_daily_words')
      .values(
        daysOf('2026-07').map((day) => ({
          client_id: 2,
          account_id: authorOf2.accountId,
          book_id: book2.bookId,
          day,
          words: 1000,
          chapters: 1,
        })),
      )
      .execute();
    expect((await closeMonth(db, 2, '2026-07', Date.parse('2026-08-02T00:00:00+08:00'))).statements).toBe(0);
    expect(
      await db.selectFrom('settlement_lines').select('id').where('account_id', '=', authorOf2.accountId).execute(),
    ).toEqual([]);
  });
});

describe('brand settings: every instance', () => {
  it('a change saved on one instance is served by another on the same database within two seconds', async () => {
    // A second instance: its own connection to the same database, its own brand cache.
    const database = openDatabase({ databaseUrl: t.config.DATABASE_URL, dataDir: t.config.DATA_DIR, poolSize: 2 });
    const second = await buildApp(t.config, { database });
    await second.ready();
    try {
      const reader = new TestClient(second, 'localhost');
      const before = (await reader.get(CONFIG)).body.data;
      expect(before.editorTitle).not.toBe('内容编辑');

      const res = await save(callers.admin, (s) => {
        s.editorTitle = '内容编辑';
        s.captchaConfig.is_closed = true;
        s.domains.mobile = 'm.wonder-novel.cn';
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      const savedAt = Date.now();

      let seen: any = before;
      while (seen.editorTitle !== '内容编辑' && Date.now() - savedAt < 5000) {
        await new Promise((r) => setTimeout(r, 100));
        seen = (await reader.get(CONFIG)).body.data;
      }
      expect(seen).toMatchObject({ editorTitle: '内容编辑', captchaConfig: { is_closed: true } });
      expect(Date.now() - savedAt).toBeLessThan(2500);
      // The other instance also chooses the brand by its new domain, and its staff see the new title.
      expect((await new TestClient(second, 'm.wonder-novel.cn').get(CONFIG)).body.data.clientId).toBe(2);
      expect(second.ctx.brands.get(2).editorTitle).toBe('内容编辑');
    } finally {
      await second.close();
      await database.close();
    }
  });
});

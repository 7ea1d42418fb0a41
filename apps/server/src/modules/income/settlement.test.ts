import { DEFAULT_WELFARE_RULES } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSite, eid, insertBook, push, type TestSite } from './income.fixtures.ts';
import {
  closeMonth,
  DEFAULT_TERMS,
  daysOf,
  paidFor,
  scheduleMonthClose,
  settlementTermsOf,
  shareOf,
  welfareFor,
  welfareRuleList,
} from './settlement.ts';

/** Beijing time as epoch ms. */
const bj = (iso: string) => Date.parse(`${iso}+08:00`);

const RULES = welfareRuleList(DEFAULT_WELFARE_RULES);

describe('settlement arithmetic', () => {
  it('shares in whole fen, dropping the fraction (never rounding up)', () => {
    expect(shareOf(1999, 600)).toBe(1199); // 1199.4
    expect(shareOf(333, 500)).toBe(166); // 166.5
    expect(shareOf(1, 999)).toBe(0);
    expect(shareOf(0, 700)).toBe(0);
    expect(shareOf(10_000_000_000, 700)).toBe(7_000_000_000);
  });

  it('tops a share up to the guaranteed minimum and no further', () => {
    const terms = { sharePermille: 600, guaranteeFen: 10_000, signed: true };
    expect(paidFor(1999, terms)).toBe(10_000);
    expect(paidFor(20_000, terms)).toBe(12_000);
    expect(paidFor(1999, DEFAULT_TERMS)).toBe(999);
  });

  it('pays welfare for every day of the Beijing month updated, and for the month total', () => {
    expect(daysOf('2026-02')).toHaveLength(28);
    expect(daysOf('2028-02')).toHaveLength(29);
    const every = new Map(daysOf('2026-09').map((d) => [d, 5000]));
    expect(welfareFor(RULES, '2026-09', every).map((w) => w.rule.key)).toEqual(['full_attendance', 'update_bonus']);
    const missOne = new Map(every);
    missOne.delete('2026-09-30');
    expect(welfareFor(RULES, '2026-09', missOne).map((w) => w.rule.key)).toEqual([]);
    expect(welfareFor(RULES, '2026-09', new Map([['2026-09-01', 150_000]])).map((w) => w.rule.key)).toEqual([
      'update_bonus',
    ]);
  });

  it('excepts approved leave days from the daily rule, and says so', () => {
    const every = new Map(daysOf('2026-09').map((d) => [d, 6000]));
    every.delete('2026-09-29');
    every.delete('2026-09-30');
    expect(welfareFor(RULES, '2026-09', every, new Set(['2026-09-29'])).map((w) => w.rule.key)).toEqual([
      'update_bonus',
    ]);
    const met = welfareFor(RULES, '2026-09', every, new Set(['2026-09-29', '2026-09-30']));
    expect(met.map((w) => w.rule.key)).toEqual(['full_attendance', 'update_bonus']);
    expect(met[0].note).toBe('全勤奖：除请假2天外，28天每天更新≥4000字');
  });
});

let t: TestApp;
let site: TestSite;
beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, 2);
});
afterAll(async () => t.close());

async function setTerms(bookId: number, sharePermille: number, guaranteeFen: number, clientId = 2) {
  await t.app.ctx.db
    .insertInto('income_terms')
    .values({
      book_id: bookId,
      client_id: clientId,
      share_permille: sharePermille,
      guarantee_fen: guaranteeFen,
      updated_at: Date.now(),
    })
    .execute();
}

describe('a month closed, released, confirmed and paid; late revenue corrected the month after', () => {
  it('goes through the whole cycle', async () => {
    const { db } = t.app.ctx;
    const author = await createAuthor(t, { clientId: 2 });
    const a = await insertBook(t, author, { title: '保底之书' });
    const b = await insertBook(t, author, { title: '普通之书' });
    await setTerms(a.bookId, 600, 10_000);
    expect((await settlementTermsOf(db, 2, [a.bookId, b.bookId])).get(b.bookId)).toEqual(DEFAULT_TERMS);
    // A updated 5,000 words every day of September but the 10th, an approved leave day, and twice as
    // much on the 11th (full attendance, leave excepted, and the update bonus).
    await db
      .insertInto('book_daily_words')
      .values(
        daysOf('2026-09')
          .filter((day) => day !== '2026-09-10')
          .map((day) => ({
            client_id: 2,
            account_id: author.accountId,
            book_id: a.bookId,
            day,
            words: day === '2026-09-11' ? 10_000 : 5000,
            chapters: 1,
          })),
      )
      .execute();
    await db
      .insertInto('leave_requests')
      .values({
        client_id: 2,
        account_id: author.accountId,
        start_day: '2026-09-10',
        end_day: '2026-09-10',
        days: 1,
        reason: '生病',
        status: 'approved',
        review_note: '',
        created_at: Date.now(),
        reviewed_at: Date.now(),
        noticed_at: null,
      })
      .execute();
    const sept = bj('2026-09-15T12:00:00');
    // The last minute of September in Beijing is still September (16:30 UTC on the 30th).
    const lastMinute = bj('2026-09-30T23:59:00');
    expect(
      (
        await push(t, site, [
          {
            event_id: eid(),
            kind: 'chapter_purchase',
            book_id: a.bookId,
            chapter_id: a.chapterIds[1],
            amount_fen: 999,
            occurred_at: sept,
          },
          { event_id: eid(), kind: 'gift', book_id: a.bookId, amount_fen: 1000, occurred_at: lastMinute },
          { event_id: eid(), kind: 'reward', book_id: b.bookId, amount_fen: 333, occurred_at: sept },
          // 00:10 on 1 October in Beijing is October's, though it is still 30 September in UTC.
          { event_id: eid(), kind: 'gift', book_id: b.bookId, amount_fen: 700, occurred_at: bj('2026-10-01T00:10:00') },
        ])
      ).status,
    ).toBe(200);

    // The month closes only once it has ended in Beijing: a moved clock decides.
    await expect(closeMonth(db, 2, '2026-09', bj('2026-09-30T23:59:59'))).rejects.toMatchObject({ code: 10013002 });
    await scheduleMonthClose(t.app.ctx, db, sept);
    expect(await t.app.ctx.jobs.runDue(bj('2026-10-01T01:59:00'))).toBe(0);
    expect(await t.app.ctx.jobs.runDue(bj('2026-10-01T02:00:00'))).toBe(1);
    await expect(closeMonth(db, 2, '2026-09', bj('2026-10-02T00:00:00'))).rejects.toMatchObject({ code: 10013002 });
    // The job scheduled October's close.
    const next = await db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('dedupe_key', '=', 'income.close-month:2026-10')
      .execute();
    expect(next).toEqual([{ run_at: bj('2026-11-01T02:00:00'), status: 'pending' }]);

    const lines = await db
      .selectFrom('settlement_lines')
      .select(['book_id', 'kind', 'for_month', 'revenue_fen', 'amount_fen'])
      .where('account_id', '=', author.accountId)
      .where('month', '=', '2026-09')
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      { book_id: a.bookId, kind: 'share', for_month: '2026-09', revenue_fen: 1999, amount_fen: 1199 },
      { book_id: a.bookId, kind: 'guarantee', for_month: '2026-09', revenue_fen: 0, amount_fen: 8801 },
      { book_id: a.bookId, kind: 'welfare', for_month: '2026-09', revenue_fen: 0, amount_fen: 30_000 },
      { book_id: a.bookId, kind: 'welfare', for_month: '2026-09', revenue_fen: 0, amount_fen: 20_000 },
      { book_id: b.bookId, kind: 'share', for_month: '2026-09', revenue_fen: 333, amount_fen: 166 },
    ]);

    // The author sees nothing until the run is released.
    const client = await signedInClient(t, author);
    expect((await client.get('/api/profit/month-balance')).body.data.list).toEqual([]);
    expect((await client.get('/api/profit/detail', { month: '2026-09' })).status).toBe(400);

    const { admin } = await consoleCallers(t);
    const run = (await admin.get('/api/admin/income/runs')).body.data.list.find((r: any) => r.month === '2026-09');
    expect(run).toMatchObject({ status: 'review', total_fen: 60_166 });
    const review = await admin.get('/api/admin/income/runs/detail', { run_id: run.id });
    expect(review.body.data.adds_up).toBe(true);
    expect(review.body.data.list.find((s: any) => s.account_id === author.accountId).total_fen).toBe(60_166);
    expect((await admin.post('/api/admin/income/runs/release', { run_id: run.id, reason: '已核对' })).body.code).toBe(
      200,
    );
    expect((await admin.post('/api/admin/income/runs/release', { run_id: run.id, reason: '再次' })).status).toBe(409);

    const balance = (await client.get('/api/profit/month-balance')).body.data;
    expect(balance.list).toEqual([
      expect.objectContaining({
        month: '2026-09',
        total_fen: 60_166,
        status: 'final',
        due_date: '2026-10-08',
        payout_status: 'to_confirm',
      }),
    ]);
    expect(balance.current.status).toBe('estimate');
    const detail = (await client.get('/api/profit/detail', { month: '2026-09' })).body.data;
    expect(detail.list.reduce((s: number, l: any) => s + l.amount_fen, 0)).toBe(detail.total_fen);
    expect(detail.adds_up).toBe(true);
    expect(detail.rounding).toBe('分成按分计算，不足1分的部分舍去');
    expect([detail.payee_card, detail.payee_card_label]).toEqual([null, '未绑定银行卡']);

    // Not confirmed yet: not in the payout file.
    const emptyFile = await admin.get('/api/admin/income/runs/payout-file', { run_id: run.id });
    expect(emptyFile.body.data.content).not.toContain(author.penName);
    expect((await client.post('/api/v2/profit/profit-confirm', { month: '2026-09' })).body.data.payout_status).toBe(
      'due',
    );
    const again = await client.post('/api/v2/profit/profit-confirm', { month: '2026-09' });
    expect([again.status, again.body.code]).toEqual([409, 10013003]);
    // The author's bound bank card goes into the payout file in full; the download is audited.
    const { personalData } = t.app.ctx;
    await db
      .insertInto('bank_cards')
      .values({
        client_id: 2,
        user_id: author.userId,
        status: 'active',
        bank_num_enc: personalData.seal('6222020200112233445'),
        bank_num_mask: '6222 **** **** 3445',
        account_name_enc: personalData.seal('张三'),
        bank_name: '中国工商银行',
        bank_branch: '北京海淀支行',
        bank_phone_enc: personalData.seal('13800138000'),
        reason: null,
        review_reason: null,
        reviewer_account_id: null,
        reviewed_at: null,
        state_key: null,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    // The statement names the card it is paid to, masked: the author sees which card, never its number.
    const withCard = (await client.get('/api/profit/detail', { month: '2026-09' })).body.data;
    expect(withCard.payee_card).toEqual({
      bank_name: '中国工商银行',
      bank_num_mask: '6222 **** **** 3445',
      holder_mask: '张*',
    });
    expect(withCard.payee_card_label).toBe('中国工商银行 6222 **** **** 3445 张*');
    expect(JSON.stringify(withCard)).not.toContain('6222020200112233445');
    const file = await admin.get('/api/admin/income/runs/payout-file', { run_id: run.id });
    expect(file.body.data.content).toContain(
      `${author.penName},2026-09,60166,601.66,2026-10-08,due,张三,中国工商银行,北京海淀支行,6222020200112233445`,
    );
    expect(
      await db
        .selectFrom('audit_log')
        .select(['action', 'target_id'])
        .where('action', '=', 'settlement.payout-file')
        .where('target_id', '=', String(run.id))
        .execute(),
    ).toHaveLength(2);
    expect(file.body.data.file_name).toBe('payout-2026-09.csv');
    expect(
      (await admin.post('/api/admin/income/runs/mark-paid', { run_id: run.id, reason: '银行已转账' })).body.data.paid,
    ).toBe(1);
    expect((await client.get('/api/profit/month-balance')).body.data.list[0].payout_status).toBe('paid');
    // The statement keeps the card it was paid to, masked: a card bound later does not rewrite it.
    expect(
      await db
        .selectFrom('settlements')
        .select(['payee_bank_name', 'payee_bank_num_mask', 'payee_holder_mask'])
        .where('account_id', '=', author.accountId)
        .where('month', '=', '2026-09')
        .execute(),
    ).toEqual([
      { payee_bank_name: '中国工商银行', payee_bank_num_mask: '6222 **** **** 3445', payee_holder_mask: '张*' },
    ]);
    await db
      .updateTable('bank_cards')
      .set({ status: 'superseded', state_key: null })
      .where('user_id', '=', author.userId)
      .execute();
    await db
      .insertInto('bank_cards')
      .values({
        client_id: 2,
        user_id: author.userId,
        status: 'active',
        bank_num_enc: personalData.seal('6228480402564890018'),
        bank_num_mask: '6228 **** **** 0018',
        account_name_enc: personalData.seal('李四'),
        bank_name: '中国农业银行',
        bank_branch: '上海浦东支行',
        bank_phone_enc: personalData.seal('13800138001'),
        reason: '换卡',
        review_reason: null,
        reviewer_account_id: null,
        reviewed_at: null,
        state_key: `active:${author.userId}`,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const paidDetail = (await client.get('/api/profit/detail', { month: '2026-09' })).body.data;
    expect([paidDetail.payout_status, paidDetail.payee_card_label]).toEqual([
      'paid',
      '中国工商银行 6222 **** **** 3445 张*',
    ]);
    expect(JSON.stringify(paidDetail)).not.toContain('6228');
    const royalty = (await client.get('/api/profit/royalty-balance')).body.data;
    expect(royalty.list.map((l: any) => [l.key, l.amount_fen])).toEqual([
      ['paid', 60_166],
      ['due', 0],
      ['to_confirm', 0],
    ]);

    // September revenue arriving in October: the closed month stays as it was, October corrects it.
    await push(t, site, [
      { event_id: eid(), kind: 'gift', book_id: a.bookId, amount_fen: 1000, occurred_at: sept },
      { event_id: eid(), kind: 'gift', book_id: b.bookId, amount_fen: 1000, occurred_at: sept },
    ]);
    await closeMonth(db, 2, '2026-10', bj('2026-11-01T00:00:00'));
    const sepAgain = await db
      .selectFrom('settlement_lines')
      .select((eb) => eb.fn.sum<number>('amount_fen').as('sum'))
      .where('account_id', '=', author.accountId)
      .where('month', '=', '2026-09')
      .executeTakeFirstOrThrow();
    expect(Number(sepAgain.sum)).toBe(60_166);
    const oct = await db
      .selectFrom('settlement_lines')
      .select(['book_id', 'kind', 'for_month', 'revenue_fen', 'amount_fen'])
      .where('account_id', '=', author.accountId)
      .where('month', '=', '2026-10')
      .orderBy('book_id')
      .orderBy('id')
      .execute();
    expect(oct).toEqual([
      // A: no October revenue, the guarantee paid in full; September's late 1,000 fen is still under the guarantee.
      { book_id: a.bookId, kind: 'guarantee', for_month: '2026-10', revenue_fen: 0, amount_fen: 10_000 },
      { book_id: a.bookId, kind: 'correction', for_month: '2026-09', revenue_fen: 1000, amount_fen: 0 },
      // B: October's 700 fen at half, and September now 1,333 fen: floor(666.5) − 166 already paid.
      { book_id: b.bookId, kind: 'share', for_month: '2026-10', revenue_fen: 700, amount_fen: 350 },
      { book_id: b.bookId, kind: 'correction', for_month: '2026-09', revenue_fen: 1000, amount_fen: 500 },
    ]);
    const octStatement = await db
      .selectFrom('settlements')
      .select('total_fen')
      .where('account_id', '=', author.accountId)
      .where('month', '=', '2026-10')
      .executeTakeFirstOrThrow();
    expect(octStatement.total_fen).toBe(10_850);
  });

  it('no one but an admin of the brand closes or releases a month: a visitor and an author are refused', async () => {
    const { db } = t.app.ctx;
    const { author, visitor } = await consoleCallers(t);
    const runsOf4 = () => db.selectFrom('settlement_runs').select('id').where('client_id', '=', 4).execute();
    const body = { client_id: 4, month: '2026-07' };
    // The old development side door (no login, any brand) is gone.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/dev/income/close-month',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(anonymous.statusCode).toBe(404);
    expect((await author.post('/api/dev/income/close-month', body)).status).toBe(404);
    // The console's settlement run: an admin of the brand only.
    expect((await visitor.post('/api/admin/income/runs/close', { month: '2026-07', reason: '月结' })).status).toBe(401);
    expect((await author.post('/api/admin/income/runs/close', { month: '2026-07', reason: '月结' })).status).toBe(403);
    expect((await author.post('/api/admin/income/runs/release', { run_id: 1, reason: '发布' })).status).toBe(403);
    expect(await runsOf4()).toEqual([]);
  });

  it('console: an admin closes a month with a reason (audited), in order; a deleted book keeps its share but no guarantee', async () => {
    const { admin, editor, otherBrandAdmin } = await consoleCallers(t);
    // Brand 2 closed September and October already (the test before): August can no longer be closed.
    expect((await editor.post('/api/admin/income/runs/close', { month: '2026-08', reason: '月结' })).status).toBe(403);
    const late = await admin.post('/api/admin/income/runs/close', { month: '2026-08', reason: '月结' });
    expect([late.status, late.body.errors.title]).toEqual([409, '2026-10已结算，不能再结算更早的月份']);
    const early = await admin.post('/api/admin/income/runs/close', { month: '2099-01', reason: '月结' });
    expect([early.status, early.body.errors.title]).toEqual([409, '该月尚未结束（北京时间），不能结算']);

    // Brand 3, its own admin.
    const site3 = await createSite(t, 3);
    const author = await createAuthor(t, { clientId: 3 });
    const kept = await insertBook(t, author);
    const gone = await insertBook(t, author);
    await setTerms(kept.bookId, 500, 3000, 3);
    await setTerms(gone.bookId, 500, 3000, 3);
    await push(t, site3, [
      { event_id: eid(), kind: 'gift', book_id: gone.bookId, amount_fen: 1000, occurred_at: bj('2026-08-10T10:00:00') },
    ]);
    await t.app.ctx.db.updateTable('books').set({ deleted_at: Date.now() }).where('id', '=', gone.bookId).execute();
    const res = await otherBrandAdmin.post('/api/admin/income/runs/close', { month: '2026-08', reason: '月结' });
    expect(res.body.code).toBe(200);
    const lines = await t.app.ctx.db
      .selectFrom('settlement_lines')
      .select(['book_id', 'kind', 'amount_fen'])
      .where('account_id', '=', author.accountId)
      .orderBy('book_id')
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      { book_id: kept.bookId, kind: 'guarantee', amount_fen: 3000 },
      { book_id: gone.bookId, kind: 'share', amount_fen: 500 },
    ]);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['client_id', 'target_id', 'reason'])
      .where('action', '=', 'settlement.close')
      .execute();
    expect(audit).toEqual([{ client_id: 3, target_id: String(res.body.data.run_id), reason: '月结' }]);
  });

  it("a book signed online is settled by its contract's share and guarantee, ahead of console terms", async () => {
    const { db } = t.app.ctx;
    const author = await createAuthor(t, { clientId: 2 });
    const book = await insertBook(t, author);
    await setTerms(book.bookId, 500, 0);
    const contract = (share: number, guarantee: number, signedAt: number | null, status: 'signed' | 'reviewing') => ({
      client_id: 2,
      user_id: author.userId,
      account_id: author.accountId,
      book_id: book.bookId,
      status,
      step: 'done',
      steps: '{}',
      share_permille: share,
      guarantee_fen_per_month: guarantee,
      term_months: 24,
      audit: '[]',
      signed_at: signedAt,
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    await db
      .insertInto('contracts')
      .values([
        contract(600, 20_000, 1_000, 'signed'),
        contract(650, 30_000, 2_000, 'signed'),
        contract(900, 0, null, 'reviewing'),
      ])
      .execute();
    // The latest signed contract is in force; one under review is not.
    expect((await settlementTermsOf(db, 2, [book.bookId])).get(book.bookId)).toEqual({
      sharePermille: 650,
      guaranteeFen: 30_000,
      signed: true,
    });
    // Another brand's settlement does not see it.
    expect((await settlementTermsOf(db, 3, [book.bookId])).get(book.bookId)).toEqual(DEFAULT_TERMS);
  });

  it('console: terms are set by an admin with a reason; other brands and editors are refused', async () => {
    const { admin, editor, otherBrandAdmin } = await consoleCallers(t);
    const author = await createAuthor(t, { clientId: 2 });
    const book = await insertBook(t, author);
    const body = { book_id: book.bookId, share_permille: 700, guarantee_fen: 50_000, reason: '合同约定' };
    expect((await editor.post('/api/admin/income/terms', body)).status).toBe(403);
    expect((await otherBrandAdmin.post('/api/admin/income/terms', body)).status).toBe(404);
    expect((await admin.post('/api/admin/income/terms', { ...body, share_permille: 1001 })).body.errors.field).toBe(
      'share_permille',
    );
    expect((await admin.post('/api/admin/income/terms', body)).body.code).toBe(200);
    expect((await settlementTermsOf(t.app.ctx.db, 2, [book.bookId])).get(book.bookId)).toEqual({
      sharePermille: 700,
      guaranteeFen: 50_000,
      signed: true,
    });
  });

  it('settlement-summary-zh: the zh share, and the book’s guarantee top-up, welfare and corrections on lines of their own; a released month never changes', async () => {
    const { db } = t.app.ctx;
    // Brand 4 (the test that no one else closes its months ran before).
    const reading = await createSite(t, 4);
    const zh = await createSite(t, 4, 'zh');
    const author = await createAuthor(t, { clientId: 4 });
    const book = await insertBook(t, author, { title: '纵横之书' });
    await setTerms(book.bookId, 600, 10_000, 4);
    await db
      .insertInto('book_daily_words')
      .values(
        daysOf('2026-07').map((day) => ({
          client_id: 4,
          account_id: author.accountId,
          book_id: book.bookId,
          day,
          words: 5000,
          chapters: 1,
        })),
      )
      .execute();
    const at = (iso: string) => bj(iso);
    await push(t, zh, [
      {
        event_id: eid(),
        kind: 'partner_revenue',
        book_id: book.bookId,
        amount_fen: 1000,
        occurred_at: at('2026-07-10T10:00:00'),
      },
      {
        event_id: eid(),
        kind: 'partner_revenue',
        book_id: book.bookId,
        amount_fen: 2000,
        occurred_at: at('2026-08-10T10:00:00'),
      },
    ]);
    await push(t, reading, [
      { event_id: eid(), kind: 'gift', book_id: book.bookId, amount_fen: 500, occurred_at: at('2026-07-12T10:00:00') },
    ]);
    const { runId } = await closeMonth(db, 4, '2026-07', bj('2026-08-01T03:00:00'));
    await db
      .updateTable('settlement_runs')
      .set({ status: 'released', released_at: Date.now() })
      .where('id', '=', runId)
      .execute();

    const client = await signedInClient(t, author);
    const page = (await client.get('/api/profit/zong-heng-month-balance')).body.data;
    expect(page.list.map((l: any) => [l.month, l.kind, l.partner_fen, l.amount_fen, l.status])).toEqual([
      // August, not closed: the zh share, and the top-up estimated from August's revenue so far (all zh).
      ['2026-08', 'share', 2000, 1200, 'estimate'],
      ['2026-08', 'guarantee', 0, 8800, 'estimate'],
      // July, released: the zh share; the statement's top-up (on 1,500 fen of every platform) and welfare.
      ['2026-07', 'share', 1000, 600, 'final'],
      ['2026-07', 'guarantee', 0, 9100, 'final'],
      ['2026-07', 'welfare', 0, 30_000, 'final'],
      ['2026-07', 'welfare', 0, 20_000, 'final'],
    ]);
    expect(page.list[3].note).toBe('保底10000分，分成900分，补足9100分');
    expect(page.total).toEqual({ partner_fen: 3000, amount_fen: 69_700 });
    expect(page.by_kind).toEqual([
      { kind: 'share', amount_fen: 1800 },
      { kind: 'guarantee', amount_fen: 17_900 },
      { kind: 'welfare', amount_fen: 50_000 },
      { kind: 'correction', amount_fen: 0 },
    ]);
    // The July lines are the statement's own; the close kept the zh part of the share line (not the gift).
    const statement = (await client.get('/api/profit/detail', { month: '2026-07' })).body.data;
    expect(statement.list.filter((l: any) => l.kind !== 'share').map((l: any) => l.amount_fen)).toEqual([
      9100, 30_000, 20_000,
    ]);
    const kept = await db
      .selectFrom('settlement_lines')
      .select(['kind', 'revenue_fen', 'amount_fen', 'partner_fen', 'partner_share_fen'])
      .where('account_id', '=', author.accountId)
      .where('kind', '=', 'share')
      .execute();
    expect(kept).toEqual([
      { kind: 'share', revenue_fen: 1500, amount_fen: 900, partner_fen: 1000, partner_share_fen: 600 },
    ]);

    // zh reports 200 yuan more for July after its statement was released: July does not change on the zh
    // page; August's statement corrects it, and the zh page shows that correction as a line of its own.
    await push(t, zh, [
      {
        event_id: eid(),
        kind: 'partner_revenue',
        book_id: book.bookId,
        amount_fen: 20_000,
        occurred_at: at('2026-07-20T10:00:00'),
      },
    ]);
    const july = (l: any) => l.month === '2026-07';
    const before = (await client.get('/api/profit/zong-heng-month-balance', { _: 1 })).body.data;
    expect(before.list.filter(july)).toEqual(page.list.filter(july));
    const august = await closeMonth(db, 4, '2026-08', bj('2026-09-01T03:00:00'));
    await db
      .updateTable('settlement_runs')
      .set({ status: 'released', released_at: Date.now() })
      .where('id', '=', august.runId)
      .execute();
    const after = (await client.get('/api/profit/zong-heng-month-balance', { _: 2 })).body.data;
    expect(after.list.map((l: any) => [l.month, l.kind, l.partner_fen, l.amount_fen, l.status])).toEqual([
      ['2026-08', 'share', 2000, 1200, 'final'],
      ['2026-08', 'guarantee', 0, 8800, 'final'],
      // July paid its guarantee (10,000); its 21,500 fen now earn 12,900: 2,900 more, 20,000 fen of it from zh.
      ['2026-08', 'correction', 20_000, 2900, 'final'],
      ['2026-07', 'share', 1000, 600, 'final'],
      ['2026-07', 'guarantee', 0, 9100, 'final'],
      ['2026-07', 'welfare', 0, 30_000, 'final'],
      ['2026-07', 'welfare', 0, 20_000, 'final'],
    ]);
    expect(after.list[2].note).toBe('2026-07结算后到账的收入20000分（其中合作平台20000分）');
    // Each summary is the sum of its lines: the page's total and per-kind subtotals, and the statement's.
    const sum = (k: string) => after.list.reduce((s: number, l: any) => s + l[k], 0);
    expect(after.total).toEqual({ partner_fen: sum('partner_fen'), amount_fen: sum('amount_fen') });
    expect(after.total).toEqual({ partner_fen: 23_000, amount_fen: 72_600 });
    expect(after.by_kind).toEqual([
      { kind: 'share', amount_fen: 1800 },
      { kind: 'guarantee', amount_fen: 17_900 },
      { kind: 'welfare', amount_fen: 50_000 },
      { kind: 'correction', amount_fen: 2900 },
    ]);
    expect(after.adds_up).toBe(true);
    const aug = (await client.get('/api/profit/detail', { month: '2026-08' })).body.data;
    expect(aug.list.map((l: any) => [l.kind, l.amount_fen])).toEqual([
      ['share', 1200],
      ['guarantee', 8800],
      ['correction', 2900],
    ]);
    expect([aug.total_fen, aug.adds_up]).toEqual([12_900, true]);
  });
});

/** Binds a card to the author (supersedes the one bound before), as an approved card change leaves it. */
async function bindCard(author: { userId: number; clientId: number }, num: string, holder: string, bank: string) {
  const { db, personalData } = t.app.ctx;
  await db
    .updateTable('bank_cards')
    .set({ status: 'superseded', state_key: null })
    .where('user_id', '=', author.userId)
    .where('status', '=', 'active')
    .execute();
  await db
    .insertInto('bank_cards')
    .values({
      client_id: author.clientId,
      user_id: author.userId,
      status: 'active',
      bank_num_enc: personalData.seal(num),
      bank_num_mask: `${num.slice(0, 4)} **** **** ${num.slice(-4)}`,
      account_name_enc: personalData.seal(holder),
      bank_name: bank,
      bank_branch: '总行营业部',
      bank_phone_enc: personalData.seal('13800138000'),
      reason: null,
      review_reason: null,
      reviewer_account_id: null,
      reviewed_at: null,
      state_key: `active:${author.userId}`,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
}

describe('the card a statement was paid to', () => {
  it('is the card its payout file listed, kept when the card changes after; without a bound card a statement is not paid', async () => {
    const { db } = t.app.ctx;
    // Brand 1: no other test closes its months.
    const withCard = await createAuthor(t, { clientId: 1 });
    const noCard = await createAuthor(t, { clientId: 1 });
    for (const author of [withCard, noCard]) await setTerms((await insertBook(t, author)).bookId, 500, 10_000, 1);
    const { runId } = await closeMonth(db, 1, '2026-06', bj('2026-07-02T00:00:00'));
    await db
      .updateTable('settlement_runs')
      .set({ status: 'released', released_at: Date.now() })
      .where('id', '=', runId)
      .execute();
    const clients = [await signedInClient(t, withCard), await signedInClient(t, noCard)];
    for (const client of clients)
      expect((await client.post('/api/v2/profit/profit-confirm', { month: '2026-06' })).body.code).toBe(200);
    await bindCard(withCard, '6222020200112233445', '王小明', '中国工商银行');
    const admin = await signedInClient(t, await createAuthor(t, { clientId: 1, role: 'admin' }));

    // The payout file lists the bound card; the author then changes it before finance marks the run paid.
    const file = (await admin.get('/api/admin/income/runs/payout-file', { run_id: runId })).body.data.content;
    expect(file).toContain(',王小明,中国工商银行,总行营业部,6222020200112233445');
    expect(file).toContain(`${noCard.penName},2026-06,10000,100.00,2026-07-08,due,,,,未绑定银行卡`);
    await bindCard(withCard, '6228480402564890018', '王小明', '中国农业银行');
    const paid = await admin.post('/api/admin/income/runs/mark-paid', { run_id: runId, reason: '银行已转账' });
    expect(paid.body.data).toEqual({ run_id: runId, paid: 1, without_card: 1 });

    const [mine, theirs] = await Promise.all(
      clients.map(async (c) => (await c.get('/api/profit/detail', { month: '2026-06' })).body.data),
    );
    expect([mine.payout_status, mine.payee_card_label]).toEqual(['paid', '中国工商银行 6222 **** **** 3445 王**']);
    expect([theirs.payout_status, theirs.payee_card, theirs.payee_card_label]).toEqual(['due', null, '未绑定银行卡']);
    const rows = await db
      .selectFrom('settlements')
      .select(['account_id', 'paid_at', 'payee_bank_num_mask'])
      .where('run_id', '=', runId)
      .orderBy('account_id')
      .execute();
    expect(rows).toEqual([
      { account_id: withCard.accountId, paid_at: expect.any(Number), payee_bank_num_mask: '6222 **** **** 3445' },
      { account_id: noCard.accountId, paid_at: null, payee_bank_num_mask: null },
    ]);
    // Nothing in clear on the statement rows: masks only.
    expect(
      JSON.stringify(await db.selectFrom('settlements').selectAll().where('run_id', '=', runId).execute()),
    ).not.toContain('6222020200112233445');
  });
});

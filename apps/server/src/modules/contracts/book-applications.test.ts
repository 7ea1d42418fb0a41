import { ErrorCode } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authorClient, createBook } from '../works/works.fixtures.ts';
import { setPublishedWords, submitContract } from './contracts.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function editor() {
  return signedInClient(t, await createAuthor(t, { clientId: 2, role: 'editor' }));
}

describe('guarantee and apply-sale applications', () => {
  it('asks for a guarantee once the book meets the condition; the approved amount is the next contract’s guarantee', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    await setPublishedWords(t, book.book_id, 100);
    const early = await client.post('/api/pc/v1/book/guarantee', {
      book_id: book.book_id,
      note: '日更六千',
      amount_yuan: 3000,
    });
    expect(early.body.code).toBe(ErrorCode.signConditionNotMet);
    await setPublishedWords(t, book.book_id, 20_000);
    const noNote = await client.post('/api/pc/v1/book/guarantee', {
      book_id: book.book_id,
      note: '',
      amount_yuan: 3000,
    });
    expect(noNote.body.errors.field).toBe('note');
    const badAmount = await client.post('/api/pc/v1/book/guarantee', {
      book_id: book.book_id,
      note: '日更六千',
      amount_yuan: 0.5,
    });
    expect(badAmount.body.errors.field).toBe('amount_yuan');
    const applied = await client.post('/api/pc/v1/book/guarantee', {
      book_id: book.book_id,
      note: '日更六千',
      amount_yuan: 3000,
    });
    expect(applied.body.data).toMatchObject({ kind: 'guarantee', status: 'pending', amount_fen: 300_000 });
    const twice = await client.post('/api/pc/v1/book/guarantee', {
      book_id: book.book_id,
      note: '再申请',
      amount_yuan: 100,
    });
    expect(twice.body.code).toBe(ErrorCode.conflict);

    const staff = await editor();
    const queue = await staff.get('/api/admin/book-applications', { kind: 'guarantee', status: 'pending' });
    expect(queue.body.data.list.some((r: any) => r.id === applied.body.data.id)).toBe(true);
    const approve = await staff.post('/api/admin/book-applications/review', {
      id: applied.body.data.id,
      decision: 'approve',
      reason: '',
    });
    expect(approve.body.data.status).toBe('approved');
    const step = await client.get('/api/online-sign/get-step', { book_id: book.book_id });
    expect(step.body.data.options.guarantee_fen_per_month).toBe(300_000);
    const mine = await client.get('/api/pc/v1/book/applications', { book_id: book.book_id });
    expect(mine.body.data.list[0]).toMatchObject({ status: 'approved', status_label: '已通过' });
  });

  it('lets only a signed book apply to go on sale; a refusal carries its reason', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    await setPublishedWords(t, book.book_id, 20_000);
    const unsigned = await client.post('/api/pc/v1/book/apply-sale', { book_id: book.book_id, note: '下月初上架' });
    expect(unsigned.body.code).toBe(ErrorCode.signConditionNotMet);

    const contractId = await submitContract(client, book.book_id);
    const staff = await editor();
    await staff.post('/api/admin/contracts/approve', { id: contractId });

    const sale = await client.post('/api/pc/v1/book/apply-sale', { book_id: book.book_id, note: '下月初上架' });
    expect(sale.body.data).toMatchObject({ kind: 'sale', status: 'pending' });
    const noReason = await staff.post('/api/admin/book-applications/review', {
      id: sale.body.data.id,
      decision: 'refuse',
      reason: '',
    });
    expect(noReason.body.errors.field).toBe('reason');
    const refused = await staff.post('/api/admin/book-applications/review', {
      id: sale.body.data.id,
      decision: 'refuse',
      reason: '再更新两万字',
    });
    expect(refused.body.data).toMatchObject({ status: 'refused', review_reason: '再更新两万字' });
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'book_application')
      .execute();
    expect(audit.map((a) => a.action)).toContain('book_application.refuse');
    const onSale = async () =>
      (
        await t.app.ctx.db
          .selectFrom('books')
          .select('on_sale_at')
          .where('id', '=', book.book_id)
          .executeTakeFirstOrThrow()
      ).on_sale_at;
    expect(await onSale()).toBeNull();

    // Approved: the book is on sale, the author's page says since when, and it is not asked for again.
    const again = await client.post('/api/pc/v1/book/apply-sale', { book_id: book.book_id, note: '已更新两万字' });
    const approved = await staff.post('/api/admin/book-applications/review', {
      id: again.body.data.id,
      decision: 'approve',
      reason: '',
    });
    expect(approved.body.data).toMatchObject({ status: 'approved' });
    const since = await onSale();
    expect(since).toBeGreaterThan(0);
    const mine = await client.get('/api/pc/v1/book/applications', { book_id: book.book_id });
    expect(mine.body.data.on_sale_at).toBe(since);
    const twice = await client.post('/api/pc/v1/book/apply-sale', { book_id: book.book_id, note: '再上一次' });
    expect(twice.body.code).toBe(ErrorCode.conflict);
    expect(twice.body.errors.title).toBe('作品已上架，无需再申请');
    const [approval] = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'book_application.approve')
      .where('target_id', '=', String(again.body.data.id))
      .execute();
    expect(JSON.parse(String(approval.after_json))).toMatchObject({ status: 'approved', on_sale_at: since });
  });

  it('keeps each brand to its own applications', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    await setPublishedWords(t, book.book_id, 20_000);
    const applied = await client.post('/api/pc/v1/book/guarantee', {
      book_id: book.book_id,
      note: '日更',
      amount_yuan: 1000,
    });
    const callers = await consoleCallers(t);
    expect((await callers.author.get('/api/admin/book-applications')).status).toBe(403);
    const foreign = await callers.otherBrandAdmin.post('/api/admin/book-applications/review', {
      id: applied.body.data.id,
      decision: 'approve',
      reason: '',
    });
    expect(foreign.body.code).toBe(ErrorCode.notFound);
    const otherList = await callers.otherBrandAdmin.get('/api/admin/book-applications');
    expect(otherList.body.data.list.some((r: any) => r.id === applied.body.data.id)).toBe(false);
  });
});

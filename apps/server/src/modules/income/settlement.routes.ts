import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { type PayeeCardMask, payeeCardMasksOf, payeeCardsOf } from '../contracts/personal-info.service.ts';
import { closeMonthIn } from './settlement.ts';

const admin = { config: { auth: 'admin' as const } };
const RunBody = z.object({ run_id: z.coerce.number().int().positive(), reason: z.string().trim().min(1).max(500) });
const CloseBody = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/, 'YYYY-MM'),
  reason: z.string().trim().min(1).max(500),
});
const TermsBody = z.object({
  book_id: z.coerce.number().int().positive(),
  share_permille: z.coerce.number().int().min(0).max(1000),
  guarantee_fen: z.coerce.number().int().min(0).max(100_000_000),
  reason: z.string().trim().min(1).max(500),
});

const yuan = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
const csvCell = (v: unknown) => {
  const s = String(v ?? '');
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The console's side of settlement: the month's run, review, release, the payout file, and the terms. */
export async function settlementRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  routeAliases(app, 'GET', ['/api/admin/income/runs'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(listQuery(['month'], {}), request.query, request);
    return ok(
      await pageOf(db.selectFrom('settlement_runs').selectAll().where('client_id', '=', staff.clientId), q, {
        sorts: { month: 'month' },
        defaultSort: 'month',
        defaultOrder: 'descend',
        tiebreak: 'id',
      }),
    );
  });

  /** Closes a month now (the job does it on the 1st; this is for a brand that needs it earlier or again after a failure). */
  routeAliases(app, 'POST', ['/api/admin/income/runs/close'], admin, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(CloseBody, request.body, request);
    // The close and its audit record commit together.
    const result = await inTransaction(db, async (tx) => {
      const closed = await closeMonthIn(tx, staff.clientId, body.month, Date.now());
      await recordAudit(tx, request, {
        action: 'settlement.close',
        targetType: 'settlement_run',
        targetId: closed.runId,
        summary: `结算${body.month}：${closed.statements}份结算单，合计${yuan(closed.totalFen)}元`,
        reason: body.reason,
        after: closed,
      });
      return closed;
    });
    return ok({ run_id: result.runId, statements: result.statements, total_fen: result.totalFen });
  });

  /** One run for review: every statement with its total, and whether the totals add up from the lines. */
  routeAliases(app, 'GET', ['/api/admin/income/runs/detail'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(
      listQuery(['total_fen', 'pen_name'], { run_id: z.coerce.number().int().positive() }),
      request.query,
      request,
    );
    const run = await db
      .selectFrom('settlement_runs')
      .selectAll()
      .where('id', '=', q.run_id)
      .where('client_id', '=', staff.clientId)
      .executeTakeFirst();
    if (!run) throw notFound();
    const lineSum = await db
      .selectFrom('settlement_lines')
      .innerJoin('settlements', 'settlements.id', 'settlement_lines.settlement_id')
      .select((eb) => eb.fn.sum<number>('settlement_lines.amount_fen').as('sum'))
      .where('settlements.run_id', '=', run.id)
      .executeTakeFirst();
    const byKind = await db
      .selectFrom('settlement_lines')
      .innerJoin('settlements', 'settlements.id', 'settlement_lines.settlement_id')
      .select(['settlement_lines.kind', (eb) => eb.fn.sum<number>('settlement_lines.amount_fen').as('amount_fen')])
      .where('settlements.run_id', '=', run.id)
      .groupBy('settlement_lines.kind')
      .execute();
    const page = await pageOf(statementsOf(db, run.id), q, {
      sorts: { total_fen: 'settlements.total_fen', pen_name: 'accounts.pen_name' },
      defaultSort: 'total_fen',
      defaultOrder: 'descend',
      tiebreak: 'settlements.id',
    });
    return ok({
      run,
      by_kind: byKind.map((k) => ({ kind: k.kind, amount_fen: Number(k.amount_fen) })),
      adds_up: Number(lineSum?.sum ?? 0) === run.total_fen,
      ...page,
    });
  });

  routeAliases(app, 'POST', ['/api/admin/income/runs/release'], admin, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(RunBody, request.body, request);
    return ok(
      await inTransaction(db, async (tx) => {
        const run = await tx
          .selectFrom('settlement_runs')
          .selectAll()
          .where('id', '=', body.run_id)
          .where('client_id', '=', staff.clientId)
          .executeTakeFirst();
        if (!run) throw notFound();
        if (run.status !== 'review')
          throw conflict({ 'zh-CN': '该月结算已发布', 'en-US': 'This settlement is already released' });
        const now = Date.now();
        await tx
          .updateTable('settlement_runs')
          .set({ status: 'released', released_at: now, released_by: staff.accountId })
          .where('id', '=', run.id)
          .where('status', '=', 'review')
          .execute();
        await recordAudit(tx, request, {
          action: 'settlement.release',
          targetType: 'settlement_run',
          targetId: run.id,
          summary: `发布${run.month}结算单（${run.statements}份，合计${yuan(run.total_fen)}元）`,
          reason: body.reason,
          before: { status: run.status },
          after: { status: 'released', released_at: now },
        });
        return { run_id: run.id, status: 'released', released_at: now };
      }),
    );
  });

  /**
   * Finance marks the confirmed statements of a run paid (after the bank transfer of the payout file).
   * Each keeps the masked card it was paid to: the one its payout file listed, or the card bound now
   * when no payout file listed it. A statement whose author has no bound card was not paid: it stays due.
   */
  routeAliases(app, 'POST', ['/api/admin/income/runs/mark-paid'], admin, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(RunBody, request.body, request);
    return ok(
      await inTransaction(db, async (tx) => {
        const run = await tx
          .selectFrom('settlement_runs')
          .selectAll()
          .where('id', '=', body.run_id)
          .where('client_id', '=', staff.clientId)
          .where('status', '=', 'released')
          .executeTakeFirst();
        if (!run) throw notFound();
        const now = Date.now();
        const unrecorded = await tx
          .selectFrom('settlements')
          .select(['id', 'account_id'])
          .where('run_id', '=', run.id)
          .where('confirmed_at', 'is not', null)
          .where('paid_at', 'is', null)
          .where('payee_bank_num_mask', 'is', null)
          .execute();
        await recordPayeeCards(
          tx,
          unrecorded,
          await payeeCardMasksOf(
            app.ctx,
            staff.clientId,
            unrecorded.map((s) => s.account_id),
            tx,
          ),
        );
        const res = await tx
          .updateTable('settlements')
          .set({ paid_at: now })
          .where('run_id', '=', run.id)
          .where('confirmed_at', 'is not', null)
          .where('paid_at', 'is', null)
          .where('payee_bank_num_mask', 'is not', null)
          .executeTakeFirst();
        const paid = Number(res.numUpdatedRows);
        const noCard = await tx
          .selectFrom('settlements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('run_id', '=', run.id)
          .where('confirmed_at', 'is not', null)
          .where('paid_at', 'is', null)
          .executeTakeFirstOrThrow();
        const withoutCard = Number(noCard.n);
        await recordAudit(tx, request, {
          action: 'settlement.mark-paid',
          targetType: 'settlement_run',
          targetId: run.id,
          summary: `${run.month}：${paid}份已确认的结算单标记为已打款${withoutCard ? `，${withoutCard}份未绑定银行卡仍待打款` : ''}`,
          reason: body.reason,
          after: { paid, without_card: withoutCard },
        });
        return { run_id: run.id, paid, without_card: withoutCard };
      }),
    );
  });

  /**
   * The payout file for the brand's finance team: the confirmed statements of a released run, as CSV
   * text, with each pen name's bound bank card in full (the contracts module). Holding card numbers, its
   * every download is in the audit log.
   */
  routeAliases(app, 'GET', ['/api/admin/income/runs/payout-file'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(z.object({ run_id: z.coerce.number().int().positive() }), request.query, request);
    const run = await db
      .selectFrom('settlement_runs')
      .selectAll()
      .where('id', '=', q.run_id)
      .where('client_id', '=', staff.clientId)
      .where('status', '=', 'released')
      .executeTakeFirst();
    if (!run) throw notFound({ 'zh-CN': '结算不存在或尚未发布', 'en-US': 'No such released settlement' });
    const rows = await statementsOf(db, run.id)
      .where('settlements.confirmed_at', 'is not', null)
      .where('settlements.total_fen', '>', 0)
      .orderBy('settlements.id')
      .execute();
    const cards = await payeeCardsOf(
      app.ctx,
      staff.clientId,
      rows.map((r) => r.account_id),
    );
    const header = [
      'statement_id',
      'account_id',
      'pen_name',
      'month',
      'amount_fen',
      'amount_yuan',
      'due_date',
      'status',
      'account_name',
      'bank_name',
      'bank_branch',
      'bank_num',
    ];
    const lines = rows.map((r) => {
      const card = cards.get(r.account_id);
      return [
        r.id,
        r.account_id,
        r.pen_name,
        run.month,
        r.total_fen,
        yuan(r.total_fen),
        r.due_date,
        r.paid_at ? 'paid' : 'due',
        card?.account_name ?? '',
        card?.bank_name ?? '',
        card?.bank_branch ?? '',
        card?.bank_num ?? '未绑定银行卡',
      ]
        .map(csvCell)
        .join(',');
    });
    const total = rows.reduce((s, r) => s + r.total_fen, 0);
    // The unpaid statements of the file are to be paid to the cards it lists: recorded, masked, on each.
    await inTransaction(db, (tx) =>
      recordPayeeCards(
        tx,
        rows.filter((r) => r.paid_at === null),
        cards,
      ),
    );
    lines.push(
      ['TOTAL', '', '', run.month, total, yuan(total), '', `${rows.length}`, '', '', '', ''].map(csvCell).join(','),
    );
    await recordAudit(db, request, {
      action: 'settlement.payout-file',
      targetType: 'settlement_run',
      targetId: run.id,
      summary: `下载${run.month}打款文件（${rows.length}笔，含银行卡号）`,
      reason: null,
      before: null,
      after: { statements: rows.length, total_fen: total },
    });
    // The console saves it as a file (UTF-8 with BOM, so Excel reads the pen names).
    return ok({
      file_name: `payout-${run.month}.csv`,
      content: `\uFEFF${[header.join(','), ...lines].join('\n')}\n`,
      statements: rows.length,
      total_fen: total,
    });
  });

  routeAliases(app, 'GET', ['/api/admin/income/terms'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(z.object({ book_id: z.coerce.number().int().positive() }), request.query, request);
    const row = await db
      .selectFrom('income_terms')
      .selectAll()
      .where('book_id', '=', q.book_id)
      .where('client_id', '=', staff.clientId)
      .executeTakeFirst();
    return ok(row ?? null);
  });

  routeAliases(app, 'POST', ['/api/admin/income/terms'], admin, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(TermsBody, request.body, request);
    return ok(
      await inTransaction(db, async (tx) => {
        const book = await tx
          .selectFrom('books')
          .select(['id', 'title'])
          .where('id', '=', body.book_id)
          .where('client_id', '=', staff.clientId)
          .executeTakeFirst();
        if (!book) throw notFound({ 'zh-CN': '作品不存在', 'en-US': 'No such book' });
        const before = await tx
          .selectFrom('income_terms')
          .select(['share_permille', 'guarantee_fen'])
          .where('book_id', '=', book.id)
          .executeTakeFirst();
        const after = { share_permille: body.share_permille, guarantee_fen: body.guarantee_fen };
        await tx
          .insertInto('income_terms')
          .values({ book_id: book.id, client_id: staff.clientId, ...after, updated_at: Date.now() })
          .onConflict((oc) => oc.column('book_id').doUpdateSet({ ...after, updated_at: Date.now() }))
          .execute();
        await recordAudit(tx, request, {
          action: 'settlement.terms',
          targetType: 'book',
          targetId: book.id,
          summary: `「${book.title}」结算条款：分成${body.share_permille}‰，保底${yuan(body.guarantee_fen)}元/月`,
          reason: body.reason,
          before: before ?? null,
          after,
        });
        return { book_id: book.id, ...after };
      }),
    );
  });
}

/**
 * Writes on each statement the masked card (bank, masked number, masked holder) it is to be paid to:
 * `cards` by account. Statements of authors without a card are left as they are.
 */
async function recordPayeeCards(
  tx: Tx,
  statements: Array<{ id: number; account_id: number }>,
  cards: Map<number, PayeeCardMask>,
) {
  for (const s of statements) {
    const card = cards.get(s.account_id);
    if (!card) continue;
    await tx
      .updateTable('settlements')
      .set({
        payee_bank_name: card.bank_name,
        payee_bank_num_mask: card.bank_num_mask,
        payee_holder_mask: card.holder_mask,
      })
      .where('id', '=', s.id)
      .where('paid_at', 'is', null)
      .execute();
  }
}

/** The statements of a settlement run with their pen names (the run's page and its payout file). */
function statementsOf(db: Db, runId: number) {
  return db
    .selectFrom('settlements')
    .innerJoin('accounts', 'accounts.id', 'settlements.account_id')
    .select([
      'settlements.id',
      'settlements.account_id',
      'accounts.pen_name',
      'settlements.total_fen',
      'settlements.due_date',
      'settlements.confirmed_at',
      'settlements.paid_at',
    ])
    .where('settlements.run_id', '=', runId);
}

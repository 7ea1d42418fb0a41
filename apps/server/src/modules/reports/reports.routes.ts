import { ErrorCode, isMobile, maskPhone } from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTransaction, type Tx } from '../../platform/db/database.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError, badInput, conflict, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases, uploadRoute } from '../../platform/http/routes.ts';
import { EVIDENCE_LIMITS } from './evidence.ts';
import { informerView, ReportsService } from './reports.service.ts';
import type { ReportState, ReportStepKind } from './reports.tables.ts';

const STATES = ['submitted', 'in_review', 'need_more', 'closed'] as const;
const TARGETS = ['book', 'chapter', 'comment', 'site'] as const;
const REASONS = ['infringement', 'illegal', 'plagiarism'] as const;

const token = z.string().min(10).max(100);
const caseNo = z.string().trim().min(4).max(40);
/** Evidence ids as the §7 form sends them: '1,2,3' (or a JSON array). */
const ids = z
  .union([z.array(z.coerce.number().int().positive()), z.string()])
  .default([])
  .transform((v) =>
    Array.isArray(v)
      ? v
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number),
  )
  .pipe(z.array(z.number().int().positive()).max(EVIDENCE_LIMITS.perCase));

const VerifyBody = z.object({ phone: z.string().trim(), code: z.string().trim().min(1).max(10) });
const SubmitBody = z.object({
  token,
  target_type: z.enum(TARGETS),
  book_id: z.coerce.number().int().positive().optional(),
  target: z.string().max(500).optional(),
  reason: z.enum(REASONS),
  original_url: z.string().max(500).optional(),
  description: z.string().trim().min(10, '请描述举报内容（至少10个字）').max(2000),
  evidence_ids: ids,
});
const FollowBody = z.object({ token, case_no: caseNo });
const SupplyBody = z.object({
  token,
  case_no: caseNo,
  note: z.string().trim().min(1, '请填写补充说明').max(2000),
  evidence_ids: ids,
});

const ListQuery = listQuery(['created_at', 'updated_at'], {
  state: z.enum(STATES).optional(),
  reason: z.enum(REASONS).optional(),
  case_no: z.string().trim().max(40).optional(),
});
const IdBody = z.object({ id: z.coerce.number().int().positive(), reason: z.string().trim().min(1).max(500) });
const AskBody = IdBody.extend({ note: z.string().trim().min(1).max(2000) });
const DecideBody = AskBody.extend({ decision: z.enum(['upheld', 'rejected']) });

// Input schemas are built once, not per request (building a zod object costs more than a cached reply).
const UploadQuery = z.object({ token, file_name: z.string().max(200).default('') });
const TokenBody = z.object({ token });
const IdQuery = z.object({ id: z.coerce.number().int().positive() });

/**
 * The report centre (§2 ReportStudio, §7 report informer-verify/upload/submit): public, for anyone
 * with a phone; and its queue in the console (assign, ask for more, decide), each step visible to
 * the informer. The reported author has no route to a case: an informer's identity never reaches them.
 */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const reports = new ReportsService(ctx);
  const open = { config: { auth: 'optional' as const } };

  // Evidence arrives as raw bytes (§7 'upload' body type), signed in the query.
  app.addContentTypeParser(
    [
      'application/octet-stream',
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    { parseAs: 'buffer', bodyLimit: EVIDENCE_LIMITS.maxBytes + 1024 },
    (_request, body, done) => done(null, body),
  );

  routeAliases(
    app,
    'POST',
    ['/api/report/informer-verify', '/api/pc/v1/report/informer-verify'],
    open,
    async (request) => {
      const body = parseInput(VerifyBody, request.body, request);
      if (!isMobile(body.phone)) {
        throw new AppError(
          ErrorCode.phoneInvalid,
          { 'zh-CN': '请输入正确的手机号', 'en-US': 'Enter a valid mobile number' },
          { field: 'phone' },
        );
      }
      return ok(await reports.verifyInformer(request.brand.clientId, body.phone, body.code));
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/report/upload', '/api/pc/v1/report/upload'],
    uploadRoute(open, 'an evidence image'),
    async (request) => {
      const q = parseInput(UploadQuery, request.query, request);
      const informer = await reports.informer(request.brand.clientId, q.token);
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await reports.upload(informer, request.ip, q.file_name, data));
    },
  );

  routeAliases(app, 'POST', ['/api/report/submit', '/api/pc/v1/report/submit'], open, async (request) => {
    const body = parseInput(SubmitBody, request.body, request);
    const informer = await reports.informer(request.brand.clientId, body.token);
    return ok(await reports.submit(informer, request, body));
  });

  routeAliases(app, 'POST', ['/api/report/case', '/api/pc/v1/report/case'], open, async (request) => {
    const body = parseInput(FollowBody, request.body, request);
    const informer = await reports.informer(request.brand.clientId, body.token);
    return ok(await reports.follow(informer, body.case_no));
  });

  routeAliases(app, 'POST', ['/api/report/cases', '/api/pc/v1/report/cases'], open, async (request) => {
    const body = parseInput(TokenBody, request.body, request);
    const informer = await reports.informer(request.brand.clientId, body.token);
    return ok({ list: await reports.cases(informer) });
  });

  routeAliases(app, 'POST', ['/api/report/supply', '/api/pc/v1/report/supply'], open, async (request) => {
    const body = parseInput(SupplyBody, request.body, request);
    const informer = await reports.informer(request.brand.clientId, body.token);
    return ok(await reports.supply(informer, body));
  });

  // ---- the console's queue --------------------------------------------------------------------
  const editor = { config: { auth: 'editor' as const } };

  routeAliases(app, 'GET', ['/api/admin/reports'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(ListQuery, request.query, request);
    let query = ctx.db
      .selectFrom('report_cases')
      .leftJoin('accounts as assignee', 'assignee.id', 'report_cases.assignee_account_id')
      .select([
        'report_cases.id',
        'case_no',
        'state',
        'decision',
        'target_type',
        'target_title',
        'reason',
        'assignee.pen_name as assignee',
        'report_cases.created_at',
        'report_cases.updated_at',
      ])
      .where('report_cases.client_id', '=', staff.clientId);
    if (q.state) query = query.where('state', '=', q.state);
    if (q.reason) query = query.where('reason', '=', q.reason);
    if (q.case_no) query = query.where('case_no', '=', q.case_no.toUpperCase());
    return ok(
      await pageOf(query, q, {
        sorts: { created_at: 'report_cases.created_at', updated_at: 'report_cases.updated_at' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'report_cases.id',
      }),
    );
  });

  const caseOf = async (db: typeof ctx.db | Tx, clientId: number, id: number) => {
    const row = await db
      .selectFrom('report_cases')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw notFound({ 'zh-CN': '没有这个举报', 'en-US': 'There is no such report' });
    return row;
  };

  routeAliases(app, 'GET', ['/api/admin/reports/detail'], editor, async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(IdQuery, request.query, request);
    const row = await caseOf(ctx.db, staff.clientId, id);
    const view = await informerView(ctx.db, row);
    const book = row.book_id
      ? await ctx.db
          .selectFrom('books')
          .innerJoin('accounts', 'accounts.id', 'books.account_id')
          .select(['books.id', 'books.title', 'accounts.pen_name'])
          .where('books.id', '=', row.book_id)
          .executeTakeFirst()
      : undefined;
    const staffNames = await ctx.db
      .selectFrom('report_case_steps')
      .innerJoin('accounts', 'accounts.id', 'report_case_steps.staff_account_id')
      .select(['report_case_steps.id', 'accounts.pen_name'])
      .where('case_id', '=', row.id)
      .execute();
    const steps = await ctx.db
      .selectFrom('report_case_steps')
      .select(['id', 'kind', 'note', 'created_at'])
      .where('case_id', '=', row.id)
      .orderBy('id', 'asc')
      .execute();
    const assignee = row.assignee_account_id
      ? await ctx.db
          .selectFrom('accounts')
          .select('pen_name')
          .where('id', '=', row.assignee_account_id)
          .executeTakeFirst()
      : undefined;
    return ok({
      ...view,
      id: row.id,
      informer_phone: maskPhone(ctx.personalData.open(row.phone_enc)),
      informer_logged_in: row.informer_account_id !== null,
      book: book ? { id: book.id, title: book.title, author: book.pen_name } : null,
      assignee: assignee?.pen_name ?? null,
      steps: steps.map((s) => ({ ...s, staff: staffNames.find((n) => n.id === s.id)?.pen_name ?? null })),
    });
  });

  routeAliases(app, 'GET', ['/api/admin/reports/evidence'], editor, async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(IdQuery, request.query, request);
    const file = await ctx.db
      .selectFrom('report_evidence')
      .select(['name', 'mime', 'storage_key'])
      .where('id', '=', id)
      .where('client_id', '=', staff.clientId)
      .where('case_id', 'is not', null)
      .executeTakeFirst();
    const data = file ? await ctx.storage.get(file.storage_key) : null;
    if (!file || !data) throw notFound({ 'zh-CN': '没有这个证据文件', 'en-US': 'There is no such evidence file' });
    // Through the signed API (not a public address): only staff of the brand ever read evidence.
    return ok({ name: file.name, mime: file.mime, data: data.toString('base64') });
  });

  /** One step of the queue: the state change, the informer's step and the audit record together. */
  const step = async (
    request: FastifyRequest,
    input: { id: number; reason: string; note?: string },
    kind: ReportStepKind,
    change: (row: Awaited<ReturnType<typeof caseOf>>) => { state: ReportState; decision?: 'upheld' | 'rejected' },
  ) => {
    const staff = staffOf(request);
    return inTransaction(ctx.db, async (tx) => {
      const before = await caseOf(tx, staff.clientId, input.id);
      const next = change(before);
      const now = Date.now();
      const after = await tx
        .updateTable('report_cases')
        .set({
          state: next.state,
          decision: next.decision ?? before.decision,
          assignee_account_id: kind === 'assigned' ? staff.accountId : before.assignee_account_id,
          updated_at: now,
        })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('report_case_steps')
        .values({
          case_id: before.id,
          kind,
          note: input.note ?? '',
          staff_account_id: staff.accountId,
          created_at: now,
        })
        .execute();
      const brief = (r: typeof before) => ({ state: r.state, decision: r.decision, assignee: r.assignee_account_id });
      await recordAudit(tx, request, {
        action: `report.${kind === 'assigned' ? 'assign' : kind === 'asked' ? 'ask' : 'decide'}`,
        targetType: 'report_case',
        targetId: before.id,
        summary: `举报 ${before.case_no}：${kind === 'assigned' ? '受理' : kind === 'asked' ? '要求补充材料' : next.decision === 'upheld' ? '举报成立' : '举报不成立'}`,
        reason: input.reason,
        before: brief(before),
        after: brief(after),
      });
      return { id: after.id, state: after.state, decision: after.decision };
    });
  };

  const closedAlready = () =>
    conflict({ 'zh-CN': '该举报已处理完毕', 'en-US': 'This report has already been decided' });

  routeAliases(app, 'POST', ['/api/admin/reports/assign'], editor, async (request) => {
    const body = parseInput(IdBody, request.body, request);
    return ok(
      await step(request, body, 'assigned', (row) => {
        if (row.state === 'closed') throw closedAlready();
        if (row.assignee_account_id === staffOf(request).accountId) {
          throw conflict({ 'zh-CN': '您已受理该举报', 'en-US': 'You already handle this report' });
        }
        return { state: row.state === 'need_more' ? 'need_more' : 'in_review' };
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/reports/ask'], editor, async (request) => {
    const body = parseInput(AskBody, request.body, request);
    return ok(
      await step(request, body, 'asked', (row) => {
        if (row.state === 'closed') throw closedAlready();
        if (row.state === 'need_more') {
          throw conflict({
            'zh-CN': '已在等待举报人补充材料',
            'en-US': 'The informer has already been asked for more',
          });
        }
        return { state: 'need_more' };
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/reports/decide'], editor, async (request) => {
    const body = parseInput(DecideBody, request.body, request);
    return ok(
      await step(request, body, 'decided', (row) => {
        if (row.state === 'closed') throw closedAlready();
        if (row.state === 'submitted') {
          throw badInput('id', { 'zh-CN': '请先受理该举报', 'en-US': 'Take on the report before deciding it' });
        }
        return { state: 'closed', decision: body.decision };
      }),
    );
  });
}

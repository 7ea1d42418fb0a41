import { ErrorCode, SMS_CODE_TYPE } from '@author-centre/shared';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { freshCode } from '../auth/auth.test-helpers.ts';
import { authorClient, createBook, createChapter, upload } from '../works/works.fixtures.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;
let bookId: number;
let chapterId: number;
let reportedAuthor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
  const { client } = await authorClient(t);
  reportedAuthor = client;
  bookId = (await createBook(client, { title: '被举报的书' })).book_id;
  chapterId = (await createChapter(client, bookId, '第一章开端')).chapter_id;
});
afterAll(async () => t.close());

let phoneSerial = 0;
const newPhone = () => `1370000${String(1000 + ++phoneSerial * 7 + Math.floor(Math.random() * 7)).slice(-4)}`;

/** A visitor proves a phone with a type 5 code and gets the informer token. */
async function verified(client: TestClient, phone = newPhone()) {
  const code = await freshCode(t, client, phone, SMS_CODE_TYPE.reportStudio);
  const res = await client.post('/api/report/informer-verify', { phone, code });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return { phone, token: res.body.data.token as string, shown: res.body.data.phone as string };
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

async function evidence(client: TestClient, token: string, data?: Buffer, name = 'shot.png') {
  const res = await upload(client, '/api/report/upload', { token, file_name: name }, data ?? (await png()));
  return res.body;
}

async function file(client: TestClient, over: Record<string, unknown> = {}) {
  const informer = await verified(client);
  const ev = await evidence(client, informer.token);
  expect(ev.code, JSON.stringify(ev)).toBe(200);
  const res = await client.post('/api/report/submit', {
    token: informer.token,
    target_type: 'book',
    book_id: bookId,
    reason: 'infringement',
    description: '这本书整段抄袭了我的作品，证据见截图。',
    evidence_ids: String(ev.data.id),
    ...over,
  });
  return { informer, res, evidenceId: ev.data.id as number };
}

describe('informer verification', () => {
  it('a visitor proves a phone with a type 5 code; the phone is masked and stored sealed', async () => {
    const visitor = t.client('localhost');
    const informer = await verified(visitor);
    expect(informer.shown).toBe(`${informer.phone.slice(0, 3)}****${informer.phone.slice(-4)}`);
    const row = await t.app.ctx.db
      .selectFrom('report_informers')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.phone_enc).not.toContain(informer.phone);
    expect(row.token_hash).not.toBe(informer.token);
  });

  it('refuses a wrong code, a code of another type, and a bad phone', async () => {
    const visitor = t.client('localhost');
    const phone = newPhone();
    await freshCode(t, visitor, phone, SMS_CODE_TYPE.reportStudio);
    const wrong = await visitor.post('/api/report/informer-verify', { phone, code: '00000' });
    expect(wrong.body.errors.code).toBe(ErrorCode.codeInvalid);
    const other = newPhone();
    const loginCode = await freshCode(t, visitor, other, SMS_CODE_TYPE.register);
    const res = await visitor.post('/api/report/informer-verify', { phone: other, code: loginCode });
    expect(res.body.errors.code).toBe(ErrorCode.codeInvalid);
    const bad = await visitor.post('/api/report/informer-verify', { phone: '12345', code: '1234' });
    expect(bad.body.errors.field).toBe('phone');
  });

  it('without a verified phone nothing can be uploaded or submitted', async () => {
    const visitor = t.client('localhost');
    const up = await evidence(visitor, 'not-a-real-token-at-all');
    expect(up.errors.field).toBe('token');
    const res = await visitor.post('/api/report/submit', {
      token: 'not-a-real-token-at-all',
      target_type: 'book',
      book_id: bookId,
      reason: 'illegal',
      description: '内容违法违规，请尽快处理。',
      evidence_ids: '1',
    });
    expect(res.body.errors.field).toBe('token');
  });
});

describe('evidence uploads', () => {
  it('decides by content: an image is re-encoded, a renamed script is refused', async () => {
    const visitor = t.client('localhost');
    const { token } = await verified(visitor);
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-place' } } })
      .toBuffer();
    const ok = await evidence(visitor, token, jpeg, '截图.exe');
    expect(ok.code).toBe(200);
    expect(ok.data.name).toBe('截图.png');
    expect(ok.data.mime).toBe('image/png');
    const stored = await t.app.ctx.db
      .selectFrom('report_evidence')
      .select('storage_key')
      .where('id', '=', ok.data.id)
      .executeTakeFirstOrThrow();
    const bytes = (await t.app.ctx.storage.get(stored.storage_key))!;
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.toString('latin1')).not.toContain('secret-place');

    const script = await evidence(visitor, token, Buffer.from('<script>alert(1)</script>'), 'photo.png');
    expect(script.errors.field).toBe('file');
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from('not really')]);
    expect((await evidence(visitor, token, fakePng, 'a.png')).errors.field).toBe('file');
  });

  it('accepts plain PDFs and docx, refuses PDFs with scripts and docx with macros', async () => {
    const visitor = t.client('localhost');
    const { token } = await verified(visitor);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await evidence(visitor, token, pdf, 'a.pdf')).data.mime).toBe('application/pdf');
    const jsPdf = Buffer.from('%PDF-1.4\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n');
    expect((await evidence(visitor, token, jsPdf, 'a.pdf')).errors.field).toBe('file');
    const docx = new JSZip();
    docx.file('[Content_Types].xml', '<Types/>');
    docx.file('word/document.xml', '<w:document/>');
    const docxBytes = await docx.generateAsync({ type: 'nodebuffer' });
    expect((await evidence(visitor, token, docxBytes, 'a.docx')).data.name).toBe('a.docx');
    docx.file('word/vbaProject.bin', 'macro');
    const macro = await docx.generateAsync({ type: 'nodebuffer' });
    expect((await evidence(visitor, token, macro, 'a.docx')).errors.field).toBe('file');
  });

  it('files never attached to a case are deleted after a day', async () => {
    const visitor = t.client('localhost');
    const { token } = await verified(visitor);
    const ev = await evidence(visitor, token);
    const row = await t.app.ctx.db
      .updateTable('report_evidence')
      .set({ created_at: Date.now() - 2 * 86_400_000 })
      .where('id', '=', ev.data.id)
      .returning('storage_key')
      .executeTakeFirstOrThrow();
    await verified(t.client('localhost'));
    const left = await t.app.ctx.db.selectFrom('report_evidence').select('id').where('id', '=', ev.data.id).execute();
    expect(left).toEqual([]);
    expect(await t.app.ctx.storage.get(row.storage_key)).toBeNull();
  });

  it('refuses a file over 10 MB', async () => {
    const visitor = t.client('localhost');
    const { token } = await verified(visitor);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024), Buffer.from('%%EOF')]);
    const res = await upload(visitor, '/api/report/upload', { token, file_name: 'big.pdf' }, big);
    expect(res.body.errors).toMatchObject({ field: 'file', title: '单个文件不能超过10MB' });
  });
});

describe('filing and following a case', () => {
  it('a visitor files a report with evidence and follows it by number and the verified phone', async () => {
    const visitor = t.client('localhost');
    const { informer, res } = await file(visitor);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const caseNo = res.body.data.case_no as string;
    expect(caseNo).toMatch(/^JB\d{14}$/);
    expect(res.body.data.state).toBe('submitted');
    expect(res.body.data.target_title).toBe('被举报的书');
    expect(res.body.data.evidence).toHaveLength(1);

    // Later, on another device: verify the same phone again, then follow.
    const later = t.client('localhost');
    await t.app.ctx.db.deleteFrom('sms_send_state').execute();
    const again = await verified(later, informer.phone);
    const seen = await later.post('/api/report/case', { token: again.token, case_no: caseNo.toLowerCase() });
    expect(seen.body.data.case_no).toBe(caseNo);
    expect(seen.body.data.steps.map((s: { kind: string }) => s.kind)).toEqual(['submitted']);
    const list = await later.post('/api/report/cases', { token: again.token });
    expect(list.body.data.list.map((c: { case_no: string }) => c.case_no)).toContain(caseNo);

    // Another phone cannot read it.
    const stranger = await verified(t.client('localhost'));
    const refused = await visitor.post('/api/report/case', { token: stranger.token, case_no: caseNo });
    expect(refused.body.errors.code).toBe(ErrorCode.notFound);
  });

  it('checks what is reported and why: chapter in the brand, a site address, the original of a plagiarism', async () => {
    const visitor = t.client('localhost');
    const chapter = await file(visitor, { target_type: 'chapter', target: String(chapterId), book_id: undefined });
    expect(chapter.res.body.data.target_title).toBe('被举报的书 · 第一章开端');

    const missingBook = await file(visitor, { book_id: 999_999 });
    expect(missingBook.res.body.errors.field).toBe('book_id');
    // A book of another brand is not found from this brand.
    const third = t.client('third.localhost');
    const elsewhere = await file(third, {});
    expect(elsewhere.res.body.errors.field).toBe('book_id');

    const site = await file(visitor, { target_type: 'site', target: 'not a url' });
    expect(site.res.body.errors.field).toBe('target');
    const siteOk = await file(visitor, { target_type: 'site', target: 'https://copy.example.com/book/1' });
    expect(siteOk.res.body.data.target_ref).toBe('https://copy.example.com/book/1');

    const plagiarism = await file(visitor, { reason: 'plagiarism' });
    expect(plagiarism.res.body.errors.field).toBe('original_url');
    const short = await file(visitor, { description: '太短' });
    expect(short.res.body.errors.field).toBe('description');
    const noEvidence = await file(visitor, { evidence_ids: '' });
    expect(noEvidence.res.body.errors.field).toBe('evidence_ids');
  });

  it('evidence of another phone cannot be attached, and a failed submit changes nothing', async () => {
    const visitor = t.client('localhost');
    const a = await verified(visitor);
    const b = await verified(visitor);
    const ev = await evidence(visitor, a.token);
    const before = await t.app.ctx.db
      .selectFrom('report_cases')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const res = await visitor.post('/api/report/submit', {
      token: b.token,
      target_type: 'book',
      book_id: bookId,
      reason: 'illegal',
      description: '内容违法违规，请尽快处理。',
      evidence_ids: String(ev.data.id),
    });
    expect(res.body.errors.field).toBe('evidence_ids');
    const after = await t.app.ctx.db
      .selectFrom('report_cases')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('limits submissions per phone a day', async () => {
    const visitor = t.client('localhost');
    const informer = await verified(visitor);
    const submitOnce = async () => {
      const ev = await evidence(visitor, informer.token);
      return visitor.post('/api/report/submit', {
        token: informer.token,
        target_type: 'book',
        book_id: bookId,
        reason: 'illegal',
        description: '内容违法违规，请尽快处理。',
        evidence_ids: String(ev.data.id),
      });
    };
    for (let i = 0; i < 5; i++) expect((await submitOnce()).body.code).toBe(200);
    const sixth = await submitOnce();
    expect(sixth.body.errors.code).toBe(ErrorCode.rateLimited);
    expect(sixth.body.errors.retry_after).toBeGreaterThan(0);
  });
});

describe('the console queue', () => {
  it('editors of the brand only; the informer phone is masked; the reported author has no way to the case', async () => {
    const { res } = await file(t.client('localhost'));
    const id = (
      await t.app.ctx.db
        .selectFrom('report_cases')
        .select('id')
        .where('case_no', '=', res.body.data.case_no)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await callers.visitor.get('/api/admin/reports')).status).toBe(401);
    expect((await callers.author.get('/api/admin/reports')).status).toBe(403);
    expect((await reportedAuthor.get('/api/admin/reports/detail', { id })).status).toBe(403);
    const other = await callers.otherBrandAdmin.get('/api/admin/reports/detail', { id });
    expect(other.body.errors.code).toBe(ErrorCode.notFound);
    const list = await callers.editor.get('/api/admin/reports', { state: 'submitted' });
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    const detail = await callers.editor.get('/api/admin/reports/detail', { id });
    expect(detail.body.data.informer_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(detail.body.data.book.title).toBe('被举报的书');
    const ev = await callers.editor.get('/api/admin/reports/evidence', { id: detail.body.data.evidence[0].id });
    expect(Buffer.from(ev.body.data.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('assign, ask for more, the informer supplies, decide: each step reaches the informer and the audit log', async () => {
    const visitor = t.client('localhost');
    const { res, informer } = await file(visitor);
    const caseNo = res.body.data.case_no;
    const id = (
      await t.app.ctx.db.selectFrom('report_cases').select('id').where('case_no', '=', caseNo).executeTakeFirstOrThrow()
    ).id;

    const early = await callers.editor.post('/api/admin/reports/decide', {
      id,
      decision: 'upheld',
      note: '成立',
      reason: '核实',
    });
    expect(early.body.errors.field).toBe('id');
    expect((await callers.editor.post('/api/admin/reports/assign', { id, reason: '我来处理' })).body.data.state).toBe(
      'in_review',
    );
    const ask = await callers.editor.post('/api/admin/reports/ask', {
      id,
      note: '请提供原作首发页面的截图',
      reason: '证据不足',
    });
    expect(ask.body.data.state).toBe('need_more');

    let seen = await visitor.post('/api/report/case', { token: informer.token, case_no: caseNo });
    expect(seen.body.data.state).toBe('need_more');
    expect(seen.body.data.steps.at(-1)).toMatchObject({ kind: 'asked', note: '请提供原作首发页面的截图' });
    // Staff names never reach the informer.
    expect(JSON.stringify(seen.body.data)).not.toContain(callers.people.editor.penName);

    const ev = await evidence(visitor, informer.token);
    const supplied = await visitor.post('/api/report/supply', {
      token: informer.token,
      case_no: caseNo,
      note: '已补充首发截图',
      evidence_ids: String(ev.data.id),
    });
    expect(supplied.body.data.state).toBe('in_review');
    expect(supplied.body.data.evidence).toHaveLength(2);
    const again = await visitor.post('/api/report/supply', { token: informer.token, case_no: caseNo, note: '再补充' });
    expect(again.body.errors.code).toBe(ErrorCode.conflict);

    const decided = await callers.editor.post('/api/admin/reports/decide', {
      id,
      decision: 'upheld',
      note: '经核实举报成立，已下架相关章节',
      reason: '证据充分',
    });
    expect(decided.body.data).toMatchObject({ state: 'closed', decision: 'upheld' });
    seen = await visitor.post('/api/report/case', { token: informer.token, case_no: caseNo });
    expect(seen.body.data.decision).toBe('upheld');
    expect(seen.body.data.steps.map((s: { kind: string }) => s.kind)).toEqual([
      'submitted',
      'assigned',
      'asked',
      'supplied',
      'decided',
    ]);
    const twice = await callers.editor.post('/api/admin/reports/decide', {
      id,
      decision: 'rejected',
      note: 'x',
      reason: 'y',
    });
    expect(twice.body.errors.code).toBe(ErrorCode.conflict);

    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'before_json', 'after_json'])
      .where('target_type', '=', 'report_case')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['report.assign', 'report.ask', 'report.decide']);
    expect(audit.map((a) => a.reason)).toEqual(['我来处理', '证据不足', '证据充分']);
    expect(audit.map((a) => `${a.before_json}${a.after_json}`).join('')).not.toContain(informer.phone);
  });
});

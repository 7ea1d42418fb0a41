import { createHash } from 'node:crypto';
import { ErrorCode } from '@author-centre/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { authorClient, createBook, download, upload } from '../works/works.fixtures.ts';
import {
  addAddress,
  bindCard,
  drawnSignature,
  idNumber,
  setPublishedWords,
  submitContract,
  verifyIdentity,
} from './contracts.fixtures.ts';
import { verifyPades } from './pades.test-helpers.ts';
import { signedTermsOf } from './sign.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const CLIENT_3_TEXT = '您发起的线上电子签约已提交成功，预计在5~7个工作日内完成公司审核和盖章！';

/** An author of a brand whose novel has `words` published, identity and card on file, and an address. */
async function readyAuthor(options: { clientId?: number; host?: string; words?: number } = {}) {
  const { client, author } = await authorClient(t, options);
  const book = await createBook(client);
  await setPublishedWords(t, book.book_id, options.words ?? 20_000);
  await verifyIdentity(client, '张三', idNumber());
  await bindCard(client);
  const addressId = await addAddress(client);
  return { client, author, bookId: book.book_id, addressId };
}

/** Walks every step up to the signature; returns the application id. */
async function fillSteps(client: TestClient, bookId: number, addressId: number) {
  const applied = await client.post('/api/author-book/apply-direct-sign', { book_id: bookId });
  expect(applied.body.code, JSON.stringify(applied.body)).toBe(200);
  const contractId = applied.body.data.contract.id as number;
  for (const [step, body] of [
    ['author-id-info', {}],
    ['author-bank-info', {}],
    ['confirm-key-info', { share_permille: 600, term_months: 48, confirmed: true }],
    ['author-supply-info', { delivery_address_id: addressId, intro: '每日更新四千字' }],
  ] as const) {
    const res = await client.post(`/api/online-sign/${step}`, { contract_id: contractId, ...body });
    expect(res.body.code, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  return contractId;
}

async function signAndSubmit(client: TestClient, contractId: number) {
  return upload(
    client,
    '/api/online-sign/pre-confirm',
    { contract_id: contractId },
    await drawnSignature(),
    'image/png',
  );
}

async function editorOf(clientId = 2) {
  return signedInClient(t, await createAuthor(t, { clientId, role: 'editor' }));
}

describe('application condition (§1)', () => {
  it('opens the apply button at the brand threshold and says how many characters are missing below it', async () => {
    for (const [clientId, host, threshold] of [
      [2, 'localhost', 20_000],
      [3, 'third.localhost', 10_000],
      [4, 'brain-hole.localhost', 4_000],
    ] as const) {
      const { client } = await authorClient(t, { clientId, host });
      const book = await createBook(client);
      await setPublishedWords(t, book.book_id, threshold - 1);
      const below = await client.get('/api/online-sign/get-step', { book_id: book.book_id });
      expect(below.body.data.condition).toMatchObject({ can_apply: false, words_missing: 1, threshold });
      const refused = await client.post('/api/author-book/apply-direct-sign', { book_id: book.book_id });
      expect(refused.body.code).toBe(ErrorCode.signConditionNotMet);
      expect(refused.body.errors.title).toContain('还差1字');
      await setPublishedWords(t, book.book_id, threshold);
      const at = await client.get('/api/online-sign/get-step', { book_id: book.book_id });
      expect(at.body.data.condition).toMatchObject({ can_apply: true, words_missing: 0 });
    }
  });

  it('asks a short story for 4000 characters, a verified real name and a pay point', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client, { kind: 'short' });
    await setPublishedWords(t, book.book_id, 4000);
    const step = await client.get('/api/online-sign/get-step', { book_id: book.book_id });
    expect(step.body.data.condition).toMatchObject({
      threshold: 4000,
      words_ok: true,
      real_name_ok: false,
      pay_point_ok: false,
      can_apply: false,
    });
    const refused = await client.post('/api/author-book/apply-direct-sign', { book_id: book.book_id });
    expect(refused.body.errors.title).toBe('短篇签约需先完成实名认证');
    await verifyIdentity(client);
    const noPayPoint = await client.post('/api/author-book/apply-direct-sign', { book_id: book.book_id });
    expect(noPayPoint.body.errors.title).toBe('短篇签约需先设置付费点');
  });

  it("refuses another author's book", async () => {
    const { bookId } = await readyAuthor();
    const { client } = await authorClient(t);
    const res = await client.post('/api/author-book/apply-direct-sign', { book_id: bookId });
    expect(res.body.code).toBe(ErrorCode.notFound);
  });
});

describe('the step flow', () => {
  it('saves each step on the server so the author resumes where they left; going back keeps what was entered', async () => {
    const { client, bookId, addressId } = await readyAuthor();
    const applied = await client.post('/api/author-book/apply-direct-sign', { book_id: bookId });
    const contractId = applied.body.data.contract.id;
    expect(applied.body.data.contract).toMatchObject({ status: 'applying', step: 'author-id-info' });
    const skipping = await client.post('/api/online-sign/confirm-key-info', {
      contract_id: contractId,
      share_permille: 500,
      term_months: 24,
      confirmed: true,
    });
    expect(skipping.body.errors.field).toBe('step');
    await client.post('/api/online-sign/author-id-info', { contract_id: contractId });
    await client.post('/api/online-sign/author-bank-info', { contract_id: contractId });
    const badShare = await client.post('/api/online-sign/confirm-key-info', {
      contract_id: contractId,
      share_permille: 990,
      term_months: 24,
      confirmed: true,
    });
    expect(badShare.body.errors).toMatchObject({ field: 'share_permille', title: '请选择分成比例' });
    const unconfirmed = await client.post('/api/online-sign/confirm-key-info', {
      contract_id: contractId,
      share_permille: 500,
      term_months: 24,
    });
    expect(unconfirmed.body.errors.field).toBe('confirmed');
    await client.post('/api/online-sign/confirm-key-info', {
      contract_id: contractId,
      share_permille: 700,
      term_months: 60,
      confirmed: true,
    });
    // Leaves and comes back: the server says where they are.
    const resumed = await client.get('/api/online-sign/get-step', { book_id: bookId });
    expect(resumed.body.data.contract).toMatchObject({
      step: 'author-supply-info',
      share_permille: 700,
      term_months: 60,
    });
    // Goes back to the first step and saves it again: later steps keep their values.
    await client.post('/api/online-sign/author-id-info', { contract_id: contractId });
    const after = await client.get('/api/online-sign/get-step', { book_id: bookId });
    expect(after.body.data.contract).toMatchObject({ step: 'author-supply-info', share_permille: 700 });
    expect(after.body.data.contract.steps['confirm-key-info']).toEqual({ confirmed: true });
    const noAddress = await client.post('/api/online-sign/author-supply-info', {
      contract_id: contractId,
      delivery_address_id: 999999,
    });
    expect(noAddress.body.errors.field).toBe('delivery_address_id');
    await client.post('/api/online-sign/author-supply-info', {
      contract_id: contractId,
      delivery_address_id: addressId,
    });
    const twice = await client.post('/api/author-book/apply-direct-sign', { book_id: bookId });
    expect(twice.body.data.contract.id).toBe(contractId);
  });

  it('needs identity and a bound card for their steps', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    await setPublishedWords(t, book.book_id, 20_000);
    const applied = await client.post('/api/author-book/apply-direct-sign', { book_id: book.book_id });
    const contractId = applied.body.data.contract.id;
    const id = await client.post('/api/online-sign/author-id-info', { contract_id: contractId });
    expect(id.body).toMatchObject({
      code: ErrorCode.signConditionNotMet,
      errors: { title: '请先在个人信息中完成实名认证' },
    });
    await verifyIdentity(client);
    await client.post('/api/online-sign/author-id-info', { contract_id: contractId });
    const bank = await client.post('/api/online-sign/author-bank-info', { contract_id: contractId });
    expect(bank.body.errors.title).toBe('请先在个人信息中绑定银行卡');
  });
});

describe('submit, review, stamp and verify', () => {
  it('submits with a drawn signature and shows the brand success text verbatim (client 3)', async () => {
    const { client, bookId, addressId } = await readyAuthor({ clientId: 3, host: 'third.localhost', words: 10_000 });
    const contractId = await fillSteps(client, bookId, addressId);
    const blank = await upload(client, '/api/online-sign/pre-confirm', { contract_id: contractId }, Buffer.alloc(0));
    expect(blank.body.errors.field).toBe('signature');
    const res = await signAndSubmit(client, contractId);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'reviewing', success_text: CLIENT_3_TEXT });
    const locked = await client.post('/api/online-sign/confirm-key-info', {
      contract_id: contractId,
      share_permille: 500,
      term_months: 24,
      confirmed: true,
    });
    expect(locked.body.code).toBe(ErrorCode.contractLocked);
    // The submitted PDF (with the author's signature, not yet stamped) is downloadable.
    const pdf = await download(client, '/api/pc/v1/sign-contracts/download', { id: contractId });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    const row = await t.app.ctx.db
      .selectFrom('contracts')
      .selectAll()
      .where('id', '=', contractId)
      .executeTakeFirstOrThrow();
    expect(row.pdf_sha256).toBe(createHash('sha256').update(pdf.rawPayload).digest('hex'));
    const audit = JSON.parse(row.audit);
    expect(audit[0]).toMatchObject({ action: 'author_signed', ip: expect.any(String), after: row.pdf_sha256 });
    expect(audit[0].before).toMatch(/^[0-9a-f]{64}$/);
    // Stored sealed: the bytes in storage are not a PDF.
    const stored = await t.app.ctx.storage.get(JSON.parse(t.app.ctx.personalData.open(row.pdf_key!)).key);
    expect(stored!.subarray(0, 4).toString()).not.toBe('%PDF');
  });

  it('editor refuses with a reason, the author fixes and reapplies, the editor approves and stamps; the PDF verifies and one changed byte does not', async () => {
    const { client, author, bookId, addressId } = await readyAuthor();
    const contractId = await fillSteps(client, bookId, addressId);
    await signAndSubmit(client, contractId);

    const editor = await editorOf();
    const queue = await editor.get('/api/admin/contracts', { status: 'reviewing' });
    expect(queue.body.data.list.some((r: any) => r.id === contractId)).toBe(true);
    const detail = await editor.get('/api/admin/contracts/detail', { id: contractId });
    expect(detail.body.data.parties).toMatchObject({ real_name: '张*', bank_num: '6222***********0123' });
    expect(detail.body.data.delivery).toEqual({
      name: '张三',
      phone: '13812345678',
      address: '北京市 东城区 东华门街道1号',
    });
    expect(JSON.stringify(detail.body)).not.toContain('6222021234567890123');

    const noReason = await editor.post('/api/admin/contracts/refuse', { id: contractId, reason: '' });
    expect(noReason.body.errors.field).toBe('reason');
    const refused = await editor.post('/api/admin/contracts/refuse', { id: contractId, reason: '分成比例请改为50%' });
    expect(refused.body.code, JSON.stringify(refused.body)).toBe(200);
    const seen = await client.get('/api/pc/v1/sign-contracts/list');
    expect(seen.body.data.list[0]).toMatchObject({
      status: 'refused',
      status_label: '未通过',
      refuse_reason: '分成比例请改为50%',
    });

    const reapplied = await client.post('/api/online-sign/reapply', { contract_id: contractId });
    expect(reapplied.body.data).toMatchObject({ status: 'applying', step: 'author-id-info', share_permille: 600 });
    for (const [step, body] of [
      ['author-id-info', {}],
      ['author-bank-info', {}],
      ['confirm-key-info', { share_permille: 500, term_months: 48, confirmed: true }],
      ['author-supply-info', { delivery_address_id: addressId }],
    ] as const) {
      await client.post(`/api/online-sign/${step}`, { contract_id: contractId, ...body });
    }
    await signAndSubmit(client, contractId);
    // The brand awards a badge for the first signed book (the growth module's rules).
    const admin = await signedInClient(t, await createAuthor(t, { clientId: 2, role: 'admin' }));
    const badge = await admin.post('/api/admin/rewards/badges', {
      title: `签约勋章${Math.random().toString(36).slice(2, 6)}`,
      image: '/static/badges/pen.png',
      advance_text: '首次签约',
      growth_value: 10,
    });
    expect(
      (
        await admin.post('/api/admin/growth/badge-rules', {
          badge_id: badge.body.data.id,
          kind: 'signed',
          threshold: 1,
        })
      ).body.code,
    ).toBe(200);
    const tooLong = await editor.post('/api/admin/contracts/approve', { id: contractId, reason: '好'.repeat(501) });
    expect(tooLong.body.errors.field).toBe('reason');
    const approved = await editor.post('/api/admin/contracts/approve', {
      id: contractId,
      reason: '分成比例已按要求修改，同意签约',
    });
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);
    // Awarded at the approval, not at night.
    const badges = await t.app.ctx.db
      .selectFrom('account_badges')
      .select('badge_id')
      .where('account_id', '=', author.accountId)
      .execute();
    expect(badges).toEqual([{ badge_id: badge.body.data.id }]);
    expect(approved.body.data.status).toBe('signed');
    const again = await editor.post('/api/admin/contracts/approve', { id: contractId });
    expect(again.body.code).toBe(ErrorCode.conflict);

    const mine = await client.get('/api/pc/v1/sign-contracts/list');
    const entry = mine.body.data.list[0];
    expect(entry).toMatchObject({ status: 'signed', share_permille: 500, term_months: 48, can_download: true });
    const account = await t.app.ctx.db
      .selectFrom('accounts')
      .select('sign_flag')
      .where('id', '=', author.accountId)
      .executeTakeFirstOrThrow();
    expect(account.sign_flag).toBe(1);
    expect(await signedTermsOf(t.app.ctx.db, 2, bookId)).toMatchObject({
      sharePermille: 500,
      guaranteeFenPerMonth: 0,
      termMonths: 48,
    });

    const file = await download(client, '/api/pc/v1/sign-contracts/download', { id: contractId });
    const signed = file.rawPayload;
    expect(signed.toString('latin1')).toContain('/SubFilter /adbe.pkcs7.detached');
    const doc = await PDFDocument.load(signed);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    // The CMS signature itself, checked as a PDF reader does: over the /ByteRange, by the certificate inside.
    const pades = verifyPades(signed);
    expect(pades.problem).toBeUndefined();
    expect(pades.valid).toBe(true);
    const [, firstLength, secondStart, secondLength] = pades.byteRange;
    // One byte changed inside each covered range: the signature no longer verifies.
    const inFirst = Math.floor(firstLength / 2);
    const inSecond = secondStart + Math.floor(secondLength / 2);
    const tampered = Buffer.from(signed);
    tampered[inFirst] = tampered[inFirst] ^ 0x01;
    expect(verifyPades(tampered)).toMatchObject({
      valid: false,
      problem: 'the covered bytes do not match the signed messageDigest',
    });
    const tamperedTail = Buffer.from(signed);
    tamperedTail[inSecond] = tamperedTail[inSecond] ^ 0x01;
    expect(verifyPades(tamperedTail).valid).toBe(false);

    const visitor = t.client('localhost');
    const info = await visitor.get('/api/pc/v1/sign-contracts/verify', { code: entry.verify_code });
    expect(info.body.data).toMatchObject({ status: 'signed', matches: null });
    expect(info.body.data.audit.map((e: any) => e.label)).toEqual([
      '作者手写签名并提交',
      '审核未通过',
      '作者重新申请',
      '作者手写签名并提交',
      '编辑审核通过',
      '平台加盖电子印章并数字签名',
    ]);
    const text = JSON.stringify(info.body);
    expect(text).not.toContain('张三');
    expect(text).not.toContain(author.penName);
    const good = await upload(
      visitor,
      '/api/pc/v1/sign-contracts/verify',
      { code: entry.verify_code },
      signed,
      'application/pdf',
    );
    expect(good.body.data).toMatchObject({ matches: true });
    // The same changed byte (inside a covered range) is detected by the verification page.
    const bad = await upload(
      visitor,
      '/api/pc/v1/sign-contracts/verify',
      { code: entry.verify_code },
      tampered,
      'application/pdf',
    );
    expect(bad.body.data).toMatchObject({ matches: false });
    const badTail = await upload(
      visitor,
      '/api/pc/v1/sign-contracts/verify',
      { code: entry.verify_code },
      tamperedTail,
      'application/pdf',
    );
    expect(badTail.body.data).toMatchObject({ matches: false });
    const unknown = await visitor.get('/api/pc/v1/sign-contracts/verify', { code: 'NOSUCHCODE22' });
    expect(unknown.body.code).toBe(ErrorCode.notFound);
    const otherBrand = await t
      .client('third.localhost')
      .get('/api/pc/v1/sign-contracts/verify', { code: entry.verify_code });
    expect(otherBrand.body.code).toBe(ErrorCode.notFound);

    // Paper copy: carrier (§3) and tracking number, shown to the author.
    const badCarrier = await editor.post('/api/admin/contracts/express', {
      id: contractId,
      express_company: 9,
      express_no: 'SF1234567890',
    });
    expect(badCarrier.body.errors.field).toBe('express_company');
    const sent = await editor.post('/api/admin/contracts/express', {
      id: contractId,
      express_company: 1,
      express_no: 'SF1234567890',
    });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
    const shown = await client.get('/api/pc/v1/sign-contracts/list');
    expect(shown.body.data.list[0]).toMatchObject({
      status: 'paper_sent',
      express_company_label: '顺丰',
      express_no: 'SF1234567890',
    });
    expect(await signedTermsOf(t.app.ctx.db, 2, bookId)).not.toBeNull();

    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'contract')
      .where('target_id', '=', String(contractId))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['contract.approve', 'contract.express', 'contract.refuse']);
    // The editor's note on the approval is kept in the audit record, as a refusal's reason is.
    expect(audit.find((a) => a.action === 'contract.approve')?.reason).toBe('分成比例已按要求修改，同意签约');
    expect(audit.find((a) => a.action === 'contract.refuse')?.reason).toBe('分成比例请改为50%');
  });

  it('supersedes a signed contract by a new one, never changes it', async () => {
    const { client, bookId, addressId } = await readyAuthor();
    const editor = await editorOf();
    const first = await fillSteps(client, bookId, addressId);
    await signAndSubmit(client, first);
    await editor.post('/api/admin/contracts/approve', { id: first });
    const changeSigned = await client.post('/api/online-sign/confirm-key-info', {
      contract_id: first,
      share_permille: 700,
      term_months: 60,
      confirmed: true,
    });
    expect(changeSigned.body.code).toBe(ErrorCode.contractLocked);
    const second = await fillSteps(client, bookId, addressId);
    expect(second).not.toBe(first);
    await signAndSubmit(client, second);
    await editor.post('/api/admin/contracts/approve', { id: second });
    const list = await client.get('/api/pc/v1/sign-contracts/list');
    expect(list.body.data.list.map((c: any) => [c.id, c.status])).toEqual([
      [second, 'signed'],
      [first, 'superseded'],
    ]);
    expect(await signedTermsOf(t.app.ctx.db, 2, bookId)).toMatchObject({ sharePermille: 600 });
  });

  it('lets only editors and admins of the brand review', async () => {
    const { client, bookId, addressId } = await readyAuthor();
    const contractId = await fillSteps(client, bookId, addressId);
    await signAndSubmit(client, contractId);
    const callers = await consoleCallers(t);
    expect((await callers.visitor.get('/api/admin/contracts')).status).toBe(401);
    expect((await callers.author.get('/api/admin/contracts')).status).toBe(403);
    expect((await callers.author.post('/api/admin/contracts/approve', { id: contractId })).status).toBe(403);
    const foreign = await callers.otherBrandAdmin.post('/api/admin/contracts/refuse', {
      id: contractId,
      reason: '不行',
    });
    expect(foreign.body.code).toBe(ErrorCode.notFound);
    const otherList = await callers.otherBrandAdmin.get('/api/admin/contracts');
    expect(otherList.body.data.list.some((r: any) => r.id === contractId)).toBe(false);
    const byAdmin = await callers.admin.post('/api/admin/contracts/refuse', {
      id: contractId,
      reason: '请补充作品简介',
    });
    expect(byAdmin.body.code).toBe(200);
  });
});

describe('production without a signing certificate', () => {
  it('refuses to stamp with a clear message and changes nothing', async () => {
    if (process.env.TEST_DB === 'postgres') {
      // With DATABASE_URL the certificate is a shared secret: the instance does not even start without it.
      await expect(createTestApp({ NODE_ENV: 'production', DATA_KEY: 'a'.repeat(64) })).rejects.toThrow(
        /CONTRACT_SIGNING_P12: required with DATABASE_URL/,
      );
      return;
    }
    const prod = await createTestApp({ NODE_ENV: 'production', DATA_KEY: 'a'.repeat(64) });
    try {
      const author = await createAuthor(prod, { clientId: 2 });
      const client = await signedInClient(prod, author);
      const book = await createBook(client);
      await setPublishedWords(prod, book.book_id, 20_000);
      const contractId = await submitContract(client, book.book_id);
      const staff = await signedInClient(prod, await createAuthor(prod, { clientId: 2, role: 'editor' }));
      const res = await staff.post('/api/admin/contracts/approve', { id: contractId });
      expect(res.status).toBe(503);
      expect(res.body.errors.title).toBe('平台签章证书尚未配置，暂时无法盖章，请联系管理员');
      const row = await prod.app.ctx.db
        .selectFrom('contracts')
        .select('status')
        .where('id', '=', contractId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('reviewing');
    } finally {
      await prod.close();
    }
  });
});

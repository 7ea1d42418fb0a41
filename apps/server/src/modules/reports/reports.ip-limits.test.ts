import { canonicalParams, ErrorCode, SMS_CODE_TYPE, sign } from '@author-centre/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { outboxCode, passCaptcha } from '../auth/auth.test-helpers.ts';
import { SMS_LIMITS } from '../auth/sms-codes.service.ts';
import { authorClient, createBook } from '../works/works.fixtures.ts';
import { REPORT_LIMITS } from './reports.service.ts';
import './reports.tables.ts';

/**
 * The report centre's per-IP limits (docs/public-pages.md): code sends (sign-in's 30 an hour per address),
 * evidence uploads (60 an hour) and cases (20 a day). Behind a proxy (TRUST_PROXY) the address is the
 * client's from X-Forwarded-For, so each visitor here comes from an address of its own; one address
 * reaching its limit does not stop another.
 */
let t: TestApp;
let bookId: number;
let serial = 0;
const newPhone = () => `1360000${String(1000 + ++serial).slice(-4)}`;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const { client } = await authorClient(t);
  bookId = (await createBook(client, { title: '被举报的书' })).book_id;
});
afterAll(async () => t.close());

/** A visitor's browser at an address of its own (documentation range 203.0.113.0/24). */
function visitorAt(ip: string): TestClient {
  const client = t.client('localhost');
  client.headers['x-forwarded-for'] = ip;
  return client;
}

async function sendCode(client: TestClient, phone: string, rid?: string) {
  return client.post('/api/pc/v3/author/send-message-code', {
    phone,
    rid: rid ?? (await passCaptcha(t, client)),
    type: SMS_CODE_TYPE.reportStudio,
  });
}

async function verified(client: TestClient, phone = newPhone()) {
  const sent = await sendCode(client, phone);
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
  const res = await client.post('/api/report/informer-verify', { phone, code: await outboxCode(client, phone) });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

/** POST /api/report/upload as the page sends it: raw bytes, signed in the query, from the client's address. */
async function upload(client: TestClient, token: string, data: Buffer) {
  const secret = client.secret ?? (await client.refreshSecret());
  const now = Date.now();
  const params = { token, file_name: 'shot.png', t: now };
  const signature = sign(secret, 'POST', '/api/report/upload', canonicalParams(params), now);
  const query = new URLSearchParams({ token, file_name: 'shot.png', t: String(now), sign: signature });
  return client.raw({
    method: 'POST',
    url: `/api/report/upload?${query}`,
    payload: data as unknown as string,
    headers: { 'content-type': 'application/octet-stream', ...client.headers },
  });
}

async function submit(client: TestClient, token: string, evidenceId: number) {
  return client.post('/api/report/submit', {
    token,
    target_type: 'book',
    book_id: bookId,
    reason: 'illegal',
    description: '内容违法违规，请尽快处理。',
    evidence_ids: String(evidenceId),
  });
}

const countWhere = async (table: 'report_evidence' | 'report_cases') =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('report centre: limits per IP address', () => {
  it(`code sends: ${SMS_LIMITS.perIpHour} an hour from one address, another address still gets its code`, async () => {
    const a = visitorAt('203.0.113.10');
    const b = visitorAt('203.0.113.11');
    // Captchas first (solving one resets the test's shared send budgets).
    const rids = [await passCaptcha(t, a), await passCaptcha(t, a)];
    const ridB = await passCaptcha(t, b);
    // This address already asked for codes for as many other phones this hour, all but one.
    for (let i = 0; i < SMS_LIMITS.perIpHour - 1; i++) {
      await t.app.ctx.rateLimiter.hit('sms:ip:203.0.113.10', SMS_LIMITS.perIpHour, 3_600_000);
    }
    const last = newPhone();
    expect((await sendCode(a, last, rids[0])).body.code).toBe(200);
    const refusedPhone = newPhone();
    const refused = await sendCode(a, refusedPhone, rids[1]);
    expect(refused.status).toBe(429);
    expect(refused.body.errors.code).toBe(ErrorCode.rateLimited);
    expect(refused.body.errors.retry_after).toBeGreaterThan(0);
    await expect(outboxCode(a, refusedPhone)).rejects.toThrow(/no code/);

    const other = newPhone();
    expect((await sendCode(b, other, ridB)).body.code).toBe(200);
    expect(await outboxCode(b, other)).toMatch(/^\d{4,6}$/);
  });

  it(`uploads: ${REPORT_LIMITS.uploadsPerIpHour} an hour from one address, whatever the phone`, async () => {
    const a = visitorAt('203.0.113.20');
    const b = visitorAt('203.0.113.21');
    const image = await png();
    const before = await countWhere('report_evidence');
    // Two verified phones at one address, each well under its own daily 60.
    const tokens = [await verified(a), await verified(a)];
    for (let i = 0; i < REPORT_LIMITS.uploadsPerIpHour; i++) {
      const res = await upload(a, tokens[i % 2], image);
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    }
    const third = await verified(a);
    const refused = await upload(a, third, image);
    expect(refused.status).toBe(429);
    expect(refused.body.errors.code).toBe(ErrorCode.rateLimited);
    expect(refused.body.errors.title).toMatch(/^上传证据过于频繁，请\d+分钟后再试$/);
    expect(await countWhere('report_evidence')).toBe(before + REPORT_LIMITS.uploadsPerIpHour);

    const fromB = await upload(b, await verified(b), image);
    expect(fromB.body.code).toBe(200);
    expect(await countWhere('report_evidence')).toBe(before + REPORT_LIMITS.uploadsPerIpHour + 1);
  });

  it(`submissions: ${REPORT_LIMITS.casesPerIpDay} cases a day from one address, across phones`, async () => {
    const a = visitorAt('203.0.113.30');
    const b = visitorAt('203.0.113.31');
    const image = await png();
    const before = await countWhere('report_cases');
    const phones = Math.ceil(REPORT_LIMITS.casesPerIpDay / REPORT_LIMITS.casesPerPhoneDay);
    for (let p = 0; p < phones; p++) {
      const token = await verified(a);
      for (let i = 0; i < REPORT_LIMITS.casesPerPhoneDay; i++) {
        const ev = await upload(a, token, image);
        const res = await submit(a, token, ev.body.data.id);
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      }
    }
    expect(await countWhere('report_cases')).toBe(before + REPORT_LIMITS.casesPerIpDay);

    // A fresh phone at the same address: refused by the address's limit, nothing filed.
    const token = await verified(a);
    const ev = await upload(a, token, image);
    const refused = await submit(a, token, ev.body.data.id);
    expect(refused.status).toBe(429);
    expect(refused.body.errors.code).toBe(ErrorCode.rateLimited);
    expect(refused.body.errors.retry_after).toBeGreaterThan(0);
    expect(refused.body.errors.title).toMatch(/^举报提交过于频繁，请\d+分钟后再试$/);
    expect(await countWhere('report_cases')).toBe(before + REPORT_LIMITS.casesPerIpDay);

    // Another address files as usual.
    const tokenB = await verified(b);
    const evB = await upload(b, tokenB, image);
    const filed = await submit(b, tokenB, evB.body.data.id);
    expect(filed.body.code).toBe(200);
    expect(filed.body.data.case_no).toMatch(/^JB\d{14}$/);
    expect(await countWhere('report_cases')).toBe(before + REPORT_LIMITS.casesPerIpDay + 1);
  });
});

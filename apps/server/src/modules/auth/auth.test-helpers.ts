import { idCardCheckChar } from '@author-centre/shared';
import type { TestApp, TestClient } from '../../test/test-app.ts';
import './auth.tables.ts';

/** A drag as a hand makes it: eased, uneven steps, ~0.6 s. */
export function humanTrace(toX: number): Array<[number, number, number]> {
  const points: Array<[number, number, number]> = [[0, 0, 0]];
  const steps = 14;
  let t = 0;
  for (let i = 1; i <= steps; i++) {
    const p = i / steps;
    const eased = 1 - (1 - p) ** 3;
    t += 30 + ((i * 7) % 13);
    points.push([Math.round(toX * eased * 10) / 10, (i % 3) - 1, t]);
  }
  points[points.length - 1][0] = toX;
  return points;
}

/** Solves the slider puzzle by reading its answer from the database (the browser never sees it). */
export async function passCaptcha(t: TestApp, client: TestClient): Promise<string> {
  // Every test client shares one address; the per-IP budgets are tested on their own.
  await t.app.ctx.db.deleteFrom('rate_limits').where('key', 'like', 'captcha:ip:%').execute();
  await t.app.ctx.db.deleteFrom('rate_limits').where('key', 'like', 'sms:ip:%').execute();
  const puzzle = await client.get('/api/pc/v1/captcha/puzzle');
  if (puzzle.body.code !== 200) throw new Error(`puzzle: ${JSON.stringify(puzzle.body)}`);
  const row = await t.app.ctx.db
    .selectFrom('captcha_challenges')
    .select('target_x')
    .where('id', '=', puzzle.body.data.id)
    .executeTakeFirstOrThrow();
  const res = await client.post('/api/pc/v1/captcha/verify', {
    id: puzzle.body.data.id,
    x: row.target_x,
    trace: humanTrace(row.target_x),
  });
  if (res.body.code !== 200) throw new Error(`captcha: ${JSON.stringify(res.body)}`);
  return res.body.data.rid;
}

/** Passes the captcha and asks for a code; returns the reply. */
export async function requestCode(t: TestApp, client: TestClient, phone: string, type: string) {
  const rid = await passCaptcha(t, client);
  return client.post('/api/pc/v3/author/send-message-code', { phone, rid, type });
}

/** The newest code the console provider "sent" to a phone (development outbox). */
export async function outboxCode(client: TestClient, phone: string): Promise<string> {
  const res = await client.raw({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
  const code = res.body?.data?.messages?.[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** Requests a code and reads it from the outbox. */
export async function freshCode(t: TestApp, client: TestClient, phone: string, type: string): Promise<string> {
  const res = await requestCode(t, client, phone, type);
  if (res.body.code !== 200) throw new Error(`send: ${JSON.stringify(res.body)}`);
  return outboxCode(client, phone);
}

/** Moves a phone's send history back in time (instead of waiting). */
export async function ageSends(t: TestApp, ms: number): Promise<void> {
  const { db } = t.app.ctx;
  await db
    .updateTable('sms_send_state')
    .set((eb) => ({ last_sent_at: eb('last_sent_at', '-', ms) }))
    .execute();
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ created_at: eb('created_at', '-', ms), expires_at: eb('expires_at', '-', ms) }))
    .execute();
}

/** Lets the next send through the 60 s gap without moving the hourly and daily counts. */
export async function skipResendGap(t: TestApp): Promise<void> {
  await t.app.ctx.db
    .updateTable('sms_send_state')
    .set((eb) => ({ last_sent_at: eb('last_sent_at', '-', 61_000) }))
    .execute();
}

let phoneSerial = 0;
/** A phone no fixture uses: 136 + 8 digits unique to this run. */
export function newPhone(): string {
  phoneSerial += 1;
  return `136${String((Date.now() % 1_000_000) * 100 + phoneSerial)
    .padStart(8, '0')
    .slice(-8)}`;
}

let idSerial = 0;
/**
 * A valid ID number (GB 11643 check digit) for a birth date ('YYYYMMDD' or 'YYYY-MM-DD'). Without `seq`, the
 * sequence digits count up within the test file, so no two fixtures' numbers collide (identity is unique per brand).
 */
export function idNumber(birth = '19900307', seq?: string): string {
  idSerial += 1;
  const first17 = `110101${birth.replaceAll('-', '')}${seq ?? String(idSerial % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

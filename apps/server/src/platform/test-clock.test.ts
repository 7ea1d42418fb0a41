import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { productionCertificate } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { setClockOffset } from './test-clock.ts';

const DAY_MS = 86_400_000;
const json = (body: unknown) => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
let t: TestApp | undefined;
afterEach(async () => {
  setClockOffset(0);
  await t?.close();
  t = undefined;
});

describe('the test-only server clock', () => {
  it('moves the server clock and its Date header, and goes back', async () => {
    t = await createTestApp();
    const moved = await t.client().raw({ method: 'POST', url: '/api/dev/clock', ...json({ offset_ms: -2 * DAY_MS }) });
    expect(moved.status).toBe(200);
    expect(Math.abs(Date.now() + 2 * DAY_MS - performance.timeOrigin - performance.now())).toBeLessThan(1000);
    const health = await t.client().raw({ method: 'GET', url: '/api/dev/clock' });
    expect(Math.abs(Date.parse(String(health.headers.date)) - Date.now())).toBeLessThan(2000);
    expect(Date.parse(String(health.headers.date))).toBeLessThan(performance.timeOrigin + performance.now() - DAY_MS);
    await t.client().raw({ method: 'POST', url: '/api/dev/clock', ...json({ offset_ms: 0 }) });
    expect(Math.abs(Date.now() - performance.timeOrigin - performance.now())).toBeLessThan(1000);
  });

  it('does not exist in production', async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      DATA_KEY: randomBytes(32).toString('hex'),
      ...productionCertificate(),
    });
    const res = await t.client().raw({ method: 'POST', url: '/api/dev/clock', ...json({ offset_ms: -DAY_MS }) });
    expect(res.status).toBe(404);
    expect(Math.abs(Date.now() - performance.timeOrigin - performance.now())).toBeLessThan(1000);
  });
});

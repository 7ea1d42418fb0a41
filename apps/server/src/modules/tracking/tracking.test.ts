import { shanghaiDate } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HttpIpLookup, OfflineIpLookup } from './ip-lookup.ts';
import { checkEnv } from './tracking.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('statistics collector', () => {
  it('stores event tracks with their name, properties and platform id', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await logIn(t, client, author);
    const res = await client.post('/api/pc/v1/statistics/track', {
      events: [
        { name: 'home_view', properties: { from: 'header', n: 2 }, platform_id: 'pc', path: '/front/index' },
        { name: 'badge_pop_close', properties: {}, platform_id: 'pc' },
      ],
    });
    expect(res.body).toEqual({ code: 200, data: { stored: 2 } });
    const rows = await t.app.ctx.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.name, JSON.parse(r.properties), r.platform_id, r.client_id])).toEqual([
      ['home_view', { from: 'header', n: 2 }, 'pc', 2],
      ['badge_pop_close', {}, 'pc', 2],
    ]);
  });

  it('counts the daily open once per account and Shanghai day', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await logIn(t, client, author);
    for (let i = 0; i < 2; i++) {
      await client.post('/api/pc/v1/statistics/track', {
        events: [{ name: 'daily_open', properties: {}, platform_id: 'pc' }],
      });
    }
    const opens = await t.app.ctx.db
      .selectFrom('daily_opens')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .execute();
    expect(opens).toEqual([expect.objectContaining({ day: shanghaiDate(Date.now()), platform_id: 'pc' })]);
  });

  it('accepts visitors and refuses malformed events', async () => {
    const visitor = t.client('brain-hole.localhost');
    const ok = await visitor.post('/api/pc/v1/statistics/track', {
      events: [{ name: 'login_view', properties: {}, platform_id: 'pc' }],
    });
    expect(ok.body.code).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('name', '=', 'login_view')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: null, client_id: 4 });
    const bad = await visitor.post('/api/pc/v1/statistics/track', {
      events: [{ name: 'has spaces!', properties: {}, platform_id: 'pc' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.field).toBe('events.0.name');
    const none = await visitor.post('/api/pc/v1/statistics/track', { events: [] });
    expect(none.status).toBe(400);
  });
});

describe('environment check and IP time zone', () => {
  it('answers env 0 and the caller’s address for a local caller', async () => {
    const res = await t.client().get('/api/pc/v1/global/check-env');
    expect(res.body).toEqual({ code: 200, data: { env: 0, ip: '127.0.0.1' } });
  });

  it('warns (env 1) for an address known to be outside the service countries', async () => {
    const lookup = new OfflineIpLookup();
    expect(await checkEnv(lookup, '8.8.8.8')).toEqual({ env: 1, ip: '8.8.8.8' });
    expect(await checkEnv(lookup, '114.114.114.114')).toEqual({ env: 0, ip: '114.114.114.114' });
  });

  it('looks up time zones offline; an unknown address has none', async () => {
    const client = t.client();
    expect((await client.get('/api/pc/v1/global/ip-time-zone', { ip: '114.114.114.114' })).body.data).toMatchObject({
      time_zone: 'Asia/Shanghai',
      country: 'CN',
    });
    expect((await client.get('/api/pc/v1/global/ip-time-zone', { ip: '8.8.8.8' })).body.data.time_zone).toBe(
      'America/Chicago',
    );
    expect((await client.get('/api/pc/v1/global/ip-time-zone')).body.data).toEqual({
      ip: '127.0.0.1',
      time_zone: '',
      country: '',
    });
    const bad = await client.get('/api/pc/v1/global/ip-time-zone', { ip: 'not-an-ip' });
    expect(bad.status).toBe(400);
  });

  it('the HTTP adapter reads time_zone from the service and fails closed', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      if (req.url?.includes('1.2.3.4')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ip: '1.2.3.4', time_zone: 'Europe/Berlin', country_code: 'de' }));
      } else {
        res.statusCode = 500;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    try {
      const lookup = new HttpIpLookup(`http://127.0.0.1:${port}/lookup?ip={ip}`);
      expect(await lookup.lookup('1.2.3.4')).toEqual({ timeZone: 'Europe/Berlin', country: 'DE' });
      expect(await lookup.lookup('5.6.7.8')).toBeNull();
      expect(await lookup.lookup('nonsense')).toBeNull();
    } finally {
      server.close();
    }
  });
});

describe('branch info', () => {
  it('answers only in a test environment (environment 0)', async () => {
    const client = t.client('third.localhost');
    expect((await client.get('/api/pc/v1/global/branch-info')).status).toBe(403);
    await t.app.ctx.brands.update(3, { environment: '0' });
    try {
      const res = await client.get('/api/pc/v1/global/branch-info');
      expect(res.body.code).toBe(200);
      expect(Array.isArray(res.body.data.list)).toBe(true);
      for (const b of res.body.data.list) {
        expect(b).toEqual({
          branchName: expect.any(String),
          lastMergeTime: expect.any(String),
          current: expect.any(Boolean),
        });
      }
    } finally {
      await t.app.ctx.brands.update(3, { environment: '1' });
    }
  });
});

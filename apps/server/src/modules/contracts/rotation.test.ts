import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { rotateDataKey } from '../../platform/crypto/rotate.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestDatabase, type TestApp, TestClient } from '../../test/test-app.ts';
import { createBook, download, upload } from '../works/works.fixtures.ts';
import { opened, setPublishedWords, submitContract } from './contracts.fixtures.ts';

/**
 * Rotating the data key (issue 20) with contracts in the database: identity, card and contact values
 * are re-sealed, and the encrypted files (ID photos, signatures, PDFs) stay readable — only their
 * sealed references are re-sealed — so a signed PDF still downloads and verifies with the old key gone.
 */
const hex = () => randomBytes(32).toString('hex');
let shared: Awaited<ReturnType<typeof createTestDatabase>>;
const running: Array<{ app: FastifyInstance; close: () => Promise<void> }> = [];

beforeEach(async () => {
  shared = await createTestDatabase();
});
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
  await shared.handle.close();
  await shared.drop();
});

const envOf = (keys: Record<string, string>) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: shared.dataDir,
  WEB_DIST: join(shared.dataDir, 'no-web'),
  RUN_JOBS: 'false',
  SEED_DEMO: 'false',
  ...(shared.url ? { DATABASE_URL: shared.url } : {}),
  ...keys,
});

async function instance(keys: Record<string, string>): Promise<TestApp> {
  const handle = openDatabase({ databaseUrl: shared.url, dataDir: shared.dataDir, poolSize: 4 });
  const config = loadConfig(envOf(keys));
  const app = await buildApp(config, { database: handle });
  await app.ready();
  const close = async () => {
    await app.close();
    await handle.close();
  };
  running.push({ app, close });
  return { app, config, client: (host = 'localhost') => new TestClient(app, host), close };
}

describe('contracts under key rotation', () => {
  it('re-seals personal data and keeps every signed PDF readable and verifiable', async () => {
    const k1 = hex();
    const k2 = hex();
    const first = await instance({ DATA_KEY: k1 });
    const author = await createAuthor(first, { clientId: 2 });
    const client = first.client('localhost');
    await logIn(first, client, author);
    const book = await createBook(client);
    await setPublishedWords(first, book.book_id, 20_000);
    const contractId = await submitContract(client, book.book_id);
    const editor = await createAuthor(first, { clientId: 2, role: 'editor' });
    const staff = first.client('localhost');
    await logIn(first, staff, editor);
    expect((await staff.post('/api/admin/contracts/approve', { id: contractId })).body.code).toBe(200);
    const before = (await download(client, '/api/pc/v1/sign-contracts/download', { id: contractId })).rawPayload;
    const code = (await client.get('/api/pc/v1/sign-contracts/list')).body.data.list[0].verify_code;
    await running.splice(0).reduce((p, r) => p.then(r.close), Promise.resolve());

    const rotating = await instance({ DATA_KEY: k2, DATA_KEYS_PREVIOUS: k1 });
    const report = await rotateDataKey(
      rotating.app.ctx.db,
      loadConfig(envOf({ DATA_KEY: k2, DATA_KEYS_PREVIOUS: k1 })),
      {
        afterSwitch: async () => {
          await rotating.app.ctx.dataKeys.refresh();
        },
      },
    );
    expect(report.unreadable).toEqual([]);
    await running.splice(0).reduce((p, r) => p.then(r.close), Promise.resolve());

    // The old key gone (the lookup index keeps its key, as the rotation asks).
    const after = await instance({ DATA_KEY: k2, DATA_INDEX_KEY: k1 });
    const again = after.client('localhost');
    await logIn(after, again, author);
    const pdf = (await download(again, '/api/pc/v1/sign-contracts/download', { id: contractId })).rawPayload;
    expect(pdf.equals(before)).toBe(true);
    const verified = await upload(
      after.client('localhost'),
      '/api/pc/v1/sign-contracts/verify',
      { code },
      pdf,
      'application/pdf',
    );
    expect(verified.body.data.matches).toBe(true);
    const bank = await again.get('/api/pc/v1/bank-card/get');
    expect((await opened(again, bank.body)).card.bank_num).toBe('6222021234567890123');
  });
});

import { makeSelfSigned } from '../modules/contracts/platform-certificate.ts';
import type { Role } from '../platform/db/schema.ts';
import { insertAccount } from '../platform/level-counts.ts';
import type { TestApp, TestClient } from './test-app.ts';

export interface TestAuthor {
  userId: number;
  accountId: number;
  clientId: number;
  phone: string;
  penName: string;
}

let serial = 0;

/**
 * Inserts a person with one author account, as sign-up would leave them. Phones are sealed and
 * indexed exactly as the sign-in module stores them.
 */
export async function createAuthor(
  t: TestApp,
  options: { clientId?: number; phone?: string; penName?: string; role?: Role; realName?: string } = {},
): Promise<TestAuthor> {
  const { db, personalData } = t.app.ctx;
  serial += 1;
  const clientId = options.clientId ?? 2;
  const phone =
    options.phone ?? `139${String(10_000_000 + serial * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
  const penName = options.penName ?? `测试作者${serial}${Math.random().toString(36).slice(2, 6)}`;
  const now = Date.now();
  const phoneHash = personalData.index('phone', phone);
  const user = await db
    .insertInto('users')
    .values({
      client_id: clientId,
      phone_enc: personalData.seal(phone),
      phone_hash: phoneHash,
      real_name_enc: personalData.sealOrNull(options.realName ?? '张三'),
      id_card_enc: null,
      id_card_hash: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db.transaction().execute((tx) =>
    insertAccount(tx, {
      client_id: clientId,
      user_id: user.id,
      pen_name: penName,
      phone_enc: personalData.seal(phone),
      phone_hash: phoneHash,
      role: options.role ?? 'author',
      avatar: null,
      level: 1,
      sign_flag: 0,
      is_learner: 0,
      created_at: now,
      updated_at: now,
    }),
  );
  return { userId: user.id, accountId: account.id, clientId, phone, penName };
}

/** Gives a client the session cookie of an author, as a completed login would. */
export async function logIn(t: TestApp, client: TestClient, author: TestAuthor): Promise<void> {
  const token = await t.app.ctx.sessions.issue(author);
  client.cookies.set(t.app.ctx.sessions.cookieName, token);
}

/** The local host each seeded brand answers on. */
export const HOST_OF_CLIENT: Record<number, string> = {
  1: 'main.localhost',
  2: 'localhost',
  3: 'third.localhost',
  4: 'brain-hole.localhost',
};

/** A browser-like client of the person's brand, already logged in as them. */
export async function signedInClient(t: TestApp, person: TestAuthor): Promise<TestClient> {
  const client = t.client(HOST_OF_CLIENT[person.clientId] ?? 'localhost');
  await logIn(t, client, person);
  return client;
}

/**
 * The callers every console role rule is tried with: an author, an editor and an admin of brand 2,
 * an admin of brand 3 (another brand) and a platform admin (admin of the main platform, client 1).
 */
export async function consoleCallers(t: TestApp) {
  const people = {
    author: await createAuthor(t, { clientId: 2 }),
    editor: await createAuthor(t, { clientId: 2, role: 'editor' }),
    admin: await createAuthor(t, { clientId: 2, role: 'admin' }),
    otherBrandAdmin: await createAuthor(t, { clientId: 3, role: 'admin' }),
    platformAdmin: await createAuthor(t, { clientId: 1, role: 'admin' }),
  };
  return {
    people,
    author: await signedInClient(t, people.author),
    editor: await signedInClient(t, people.editor),
    admin: await signedInClient(t, people.admin),
    otherBrandAdmin: await signedInClient(t, people.otherBrandAdmin),
    platformAdmin: await signedInClient(t, people.platformAdmin),
    visitor: t.client('localhost'),
  };
}

/** What production needs beyond NODE_ENV on either engine: the platform's contract-signing certificate. */
export function productionCertificate(): Record<string, string> {
  const { p12, passphrase } = makeSelfSigned('Test Platform');
  return { CONTRACT_SIGNING_P12: p12.toString('base64'), CONTRACT_SIGNING_PASSWORD: passphrase };
}

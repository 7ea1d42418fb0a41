import { hashPassword } from '../modules/auth/passwords.ts';
import type { AppContext } from '../platform/context.ts';
import type { Role } from '../platform/db/schema.ts';
import { insertAccount } from '../platform/level-counts.ts';
import '../modules/auth/auth.tables.ts';

/** Every demo person signs in with this password too (password login by pen name or phone). */
export const DEMO_PASSWORD = 'Demo@2026';

export interface DemoAccount {
  userId: number;
  accountId: number;
  clientId: number;
  phone: string;
  penName: string;
  role: Role;
}

/** Per brand: the main demo author, a second pen name of the same person, an editor and an admin. */
export type DemoAuthors = Record<
  number,
  {
    author: DemoAccount;
    secondPenName: DemoAccount;
    editor: DemoAccount;
    admin: DemoAccount;
    /** An author whose pen name has no bound phone yet (complete-info pop 1); password login by pen name. */
    unboundPhone?: Omit<DemoAccount, 'phone'> & { phone: null };
  }
>;

/** Demo phones: 1380000<client><n>; n = 1 author (two pen names), 8 editor, 9 admin. */
export const demoPhone = (clientId: number, n: number) => `1380000${clientId}00${n}`;

async function insertPerson(ctx: AppContext, clientId: number, phone: string, realName: string): Promise<number> {
  const now = Date.now();
  const row = await ctx.db
    .insertInto('users')
    .values({
      client_id: clientId,
      phone_enc: ctx.personalData.seal(phone),
      phone_hash: ctx.personalData.index('phone', phone),
      real_name_enc: ctx.personalData.seal(realName),
      id_card_enc: null,
      id_card_hash: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function seedAccount(
  ctx: AppContext,
  a: { clientId: number; userId: number; phone: string; penName: string; role: Role; level?: number },
): Promise<DemoAccount> {
  const now = Date.now();
  const row = await ctx.db.transaction().execute((tx) =>
    insertAccount(tx, {
      client_id: a.clientId,
      user_id: a.userId,
      pen_name: a.penName,
      phone_enc: ctx.personalData.seal(a.phone),
      phone_hash: ctx.personalData.index('phone', a.phone),
      role: a.role,
      avatar: null,
      level: a.level ?? 1,
      sign_flag: 0,
      is_learner: 0,
      created_at: now,
      updated_at: now,
    }),
  );
  return {
    userId: a.userId,
    accountId: row.id,
    clientId: a.clientId,
    phone: a.phone,
    penName: a.penName,
    role: a.role,
  };
}

export async function seedAuthors(ctx: AppContext): Promise<DemoAuthors> {
  const result: DemoAuthors = {};
  for (const brand of ctx.brands.all()) {
    const clientId = brand.clientId;
    const phone = demoPhone(clientId, 1);
    const person = await insertPerson(ctx, clientId, phone, '林小满');
    const author = await seedAccount(ctx, {
      clientId,
      userId: person,
      phone,
      penName: `${brand.clientName}·夜雨`,
      role: 'author',
      level: 3,
    });
    const secondPenName = await seedAccount(ctx, {
      clientId,
      userId: person,
      phone,
      penName: `${brand.clientName}·晴川`,
      role: 'author',
    });
    const editorPhone = demoPhone(clientId, 8);
    const editor = await seedAccount(ctx, {
      clientId,
      userId: await insertPerson(ctx, clientId, editorPhone, '周编辑'),
      phone: editorPhone,
      penName: `${brand.clientName}${brand.editorTitle}`,
      role: 'editor',
    });
    const adminPhone = demoPhone(clientId, 9);
    const admin = await seedAccount(ctx, {
      clientId,
      userId: await insertPerson(ctx, clientId, adminPhone, '吴管理'),
      phone: adminPhone,
      penName: `${brand.clientName}管理员`,
      role: 'admin',
    });
    const unboundPhone = await insertUnboundAuthor(ctx, clientId, `${brand.clientName}·待绑定`);
    await seedPartnerAccounts(ctx, clientId, phone, demoPhone(clientId, 2));
    result[clientId] = { author, secondPenName, editor, admin, unboundPhone };
  }
  // Every demo person gets the demo password (argon2id, one salt each), hashed in parallel.
  const people = await ctx.db.selectFrom('users').select('id').execute();
  await Promise.all(
    people.map(async (p) =>
      ctx.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
        .where('id', '=', p.id)
        .execute(),
    ),
  );
  return result;
}

/** A person whose only pen name has no phone: signs in by pen name + password, then completes info. */
async function insertUnboundAuthor(ctx: AppContext, clientId: number, penName: string) {
  const now = Date.now();
  const user = await ctx.db
    .insertInto('users')
    .values({
      client_id: clientId,
      phone_enc: null,
      phone_hash: null,
      real_name_enc: ctx.personalData.seal('陈安然'),
      id_card_enc: null,
      id_card_hash: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await ctx.db.transaction().execute((tx) =>
    insertAccount(tx, {
      client_id: clientId,
      user_id: user.id,
      pen_name: penName,
      phone_enc: null,
      phone_hash: null,
      role: 'author',
      avatar: null,
      level: 2,
      sign_flag: 1,
      is_learner: 0,
      created_at: now,
      updated_at: now,
    }),
  );
  return { userId: user.id, accountId: account.id, clientId, phone: null, penName, role: 'author' as const };
}

/**
 * Reader accounts on the partner products (decisions.md "Accounts on partner products"): the demo
 * author's phone has a free-app and a zh account; a spare phone has a free-app account, so binding it
 * to the second pen name shows a merge.
 */
async function seedPartnerAccounts(ctx: AppContext, clientId: number, authorPhone: string, sparePhone: string) {
  const now = Date.now();
  const row = (product: 'zh' | 'free', phone: string, nickname: string, values: Record<string, number>) => ({
    client_id: clientId,
    product,
    phone_hash: ctx.personalData.index('phone', phone),
    phone_enc: ctx.personalData.seal(phone),
    nickname,
    zh_unit: 0,
    read_unit: 0,
    book_coupon: 0,
    coin: 0,
    vip: 0,
    account_id: null,
    created_at: now,
    updated_at: now,
    ...values,
  });
  await ctx.db
    .insertInto('partner_accounts')
    .values([
      row('free', authorPhone, '夜读的小满', { coin: 1280, vip: 1 }),
      row('zh', authorPhone, '小满读书', { zh_unit: 560, read_unit: 120, book_coupon: 3 }),
      row('free', sparePhone, '晴川书友', { coin: 300, vip: 0 }),
    ])
    .execute();
}

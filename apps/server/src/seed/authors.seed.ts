import type { AppContext } from '../platform/context.ts';
import type { Role } from '../platform/db/schema.ts';

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
  { author: DemoAccount; secondPenName: DemoAccount; editor: DemoAccount; admin: DemoAccount }
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

async function insertAccount(
  ctx: AppContext,
  a: { clientId: number; userId: number; phone: string; penName: string; role: Role; level?: number },
): Promise<DemoAccount> {
  const now = Date.now();
  const row = await ctx.db
    .insertInto('accounts')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
    const author = await insertAccount(ctx, {
      clientId,
      userId: person,
      phone,
      penName: `${brand.clientName}·夜雨`,
      role: 'author',
      level: 3,
    });
    const secondPenName = await insertAccount(ctx, {
      clientId,
      userId: person,
      phone,
      penName: `${brand.clientName}·晴川`,
      role: 'author',
    });
    const editorPhone = demoPhone(clientId, 8);
    const editor = await insertAccount(ctx, {
      clientId,
      userId: await insertPerson(ctx, clientId, editorPhone, '周编辑'),
      phone: editorPhone,
      penName: `${brand.clientName}${brand.editorTitle}`,
      role: 'editor',
    });
    const adminPhone = demoPhone(clientId, 9);
    const admin = await insertAccount(ctx, {
      clientId,
      userId: await insertPerson(ctx, clientId, adminPhone, '吴管理'),
      phone: adminPhone,
      penName: `${brand.clientName}管理员`,
      role: 'admin',
    });
    result[clientId] = { author, secondPenName, editor, admin };
  }
  return result;
}

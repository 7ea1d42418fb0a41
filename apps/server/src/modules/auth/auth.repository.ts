import type { Db } from '../../platform/db/database.ts';
import type { Role } from '../../platform/db/schema.ts';
import './auth.tables.ts';

export interface AccountSummary {
  id: number;
  user_id: number;
  pen_name: string;
  avatar: string | null;
  level: number;
  role: Role;
}

const SUMMARY = ['id', 'user_id', 'pen_name', 'avatar', 'level', 'role'] as const;

/** The accounts (pen names) a phone signs in to, oldest first. */
export function accountsByPhone(db: Db, clientId: number, phoneHash: string): Promise<AccountSummary[]> {
  return db
    .selectFrom('accounts')
    .select(SUMMARY)
    .where('client_id', '=', clientId)
    .where('phone_hash', '=', phoneHash)
    .orderBy('id')
    .execute();
}

export function accountByPenName(db: Db, clientId: number, penName: string): Promise<AccountSummary | undefined> {
  return db
    .selectFrom('accounts')
    .select(SUMMARY)
    .where('client_id', '=', clientId)
    .where('pen_name', '=', penName)
    .executeTakeFirst();
}

export function accountsOfUser(db: Db, clientId: number, userId: number) {
  return db
    .selectFrom('accounts')
    .select([...SUMMARY, 'phone_hash', 'phone_enc'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function userById(db: Db, clientId: number, userId: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The person a phone belongs to: as a person's phone, or as the phone bound to one of their pen names. */
export async function phoneOwner(db: Db, clientId: number, phoneHash: string): Promise<number | null> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('client_id', '=', clientId)
    .where('phone_hash', '=', phoneHash)
    .executeTakeFirst();
  if (user) return user.id;
  const account = await db
    .selectFrom('accounts')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('phone_hash', '=', phoneHash)
    .limit(1)
    .executeTakeFirst();
  return account?.user_id ?? null;
}

export async function idCardTaken(db: Db, clientId: number, idCardHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id_card_hash', '=', idCardHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Everything the profile needs about the signed-in account, in one indexed query. */
export function profileRow(db: Db, clientId: number, accountId: number) {
  return db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .select((eb) => [
      'accounts.id',
      'accounts.pen_name',
      'accounts.avatar',
      'accounts.level',
      'accounts.sign_flag',
      'accounts.is_learner',
      'accounts.role',
      'accounts.phone_enc',
      'users.phone_enc as user_phone_enc',
      'users.real_name_enc',
      eb
        .selectFrom('partner_accounts')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .where('partner_accounts.account_id', '=', eb.ref('accounts.id'))
        .where('partner_accounts.product', '=', 'free')
        .as('free_bound'),
    ])
    .where('accounts.id', '=', accountId)
    .where('accounts.client_id', '=', clientId)
    .executeTakeFirst();
}

export function guidesOf(db: Db, accountId: number) {
  return db.selectFrom('account_guides').select(['guide_type', 'shown']).where('account_id', '=', accountId).execute();
}

export function partnerByPhone(db: Db, clientId: number, product: 'zh' | 'free', phoneHash: string) {
  return db
    .selectFrom('partner_accounts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('product', '=', product)
    .where('phone_hash', '=', phoneHash)
    .executeTakeFirst();
}

export function partnerOfAccount(db: Db, clientId: number, product: 'zh' | 'free', accountId: number) {
  return db
    .selectFrom('partner_accounts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('product', '=', product)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Personal information (basic data, identity, bank card, delivery addresses) and online signing
 * (applications, contracts and their audit trail, apply-sale and guarantee applications).
 * Every personal value is sealed (`*_enc`); lookups go through keyed hashes (`*_hash`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Basic and identity data of a person (users.id): one row each, made on first save.
  await db.schema
    .createTable('author_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('qq_enc', 'text')
    .addColumn('email_enc', 'text')
    .addColumn('wx_no_enc', 'text')
    .addColumn('emergency_name_enc', 'text')
    /** Relationship of the emergency contact ('父母', '配偶', …). */
    .addColumn('relationship', 'text')
    .addColumn('relationship_phone_enc', 'text')
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('address_enc', 'text')
    /** 'id_card' | 'hmt_card' | 'passport'; null before identity is saved. The national ID itself is users.id_card_enc. */
    .addColumn('id_type', 'text')
    /** Permit or passport number (sealed) and its blind index, for id_type other than id_card. */
    .addColumn('doc_enc', 'text')
    .addColumn('doc_hash', 'text')
    /** 'YYYY-MM-DD', from the ID number or entered with a permit or passport: the age check. */
    .addColumn('birth_date', 'text')
    /** The watermarked ID photos: sealed references (storage key and file key, see sealed-files.ts). */
    .addColumn('id_photo_front', 'text')
    .addColumn('id_photo_back', 'text')
    .addColumn('identity_at', timeColumn)
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('author_profiles_doc')
    .on('author_profiles')
    .columns(['client_id', 'id_type', 'doc_hash'])
    .unique()
    .execute();

  // Bank cards: every version is kept (the bank card log). 'active' is the bound card, at most one
  // per person; 'pending' a change under review (author-change-card); 'superseded', 'refused' history.
  await withId(db, db.schema.createTable('bank_cards'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bank_num_enc', 'text', (c) => c.notNull())
    .addColumn('bank_num_mask', 'text', (c) => c.notNull())
    .addColumn('account_name_enc', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_branch', 'text', (c) => c.notNull())
    .addColumn('bank_phone_enc', 'text', (c) => c.notNull())
    /** The author's reason for a change. */
    .addColumn('reason', 'text')
    .addColumn('review_reason', 'text')
    .addColumn('reviewer_account_id', 'integer')
    .addColumn('reviewed_at', timeColumn)
    /** 'active:<user_id>' for the bound card, 'change:<user_id>' for a draft or pending change: one of each per person. */
    .addColumn('state_key', 'text')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_cards_owner').on('bank_cards').columns(['client_id', 'user_id', 'id']).execute();
  await db.schema.createIndex('bank_cards_state').on('bank_cards').columns(['state_key']).unique().execute();

  await withId(db, db.schema.createTable('delivery_addresses'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name_enc', 'text', (c) => c.notNull())
    .addColumn('phone_enc', 'text', (c) => c.notNull())
    .addColumn('province_code', 'text', (c) => c.notNull())
    .addColumn('city_code', 'text', (c) => c.notNull())
    .addColumn('address_enc', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('delivery_addresses_owner')
    .on('delivery_addresses')
    .columns(['client_id', 'user_id'])
    .execute();

  // An online-sign application and, once approved, the contract it became.
  await withId(db, db.schema.createTable('contracts'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    /** ContractStatus. */
    .addColumn('status', 'text', (c) => c.notNull())
    /** The step the author is on (SIGN_STEPS). */
    .addColumn('step', 'text', (c) => c.notNull())
    /** JSON of what each step saved (no personal values: those stay in their sealed tables). */
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('share_permille', 'integer')
    .addColumn('guarantee_fen_per_month', 'integer')
    .addColumn('term_months', 'integer')
    /** The parties as printed (sealed JSON: real name, ID, bank), fixed at submit. */
    .addColumn('parties_enc', 'text')
    /** Sealed references (sealed-files.ts) of the drawn signature, the submitted PDF and the signed PDF. */
    .addColumn('signature_key', 'text')
    .addColumn('pdf_key', 'text')
    .addColumn('signed_pdf_key', 'text')
    .addColumn('pdf_sha256', 'text')
    .addColumn('signed_sha256', 'text')
    /** Public code of /sign-detail. */
    .addColumn('verify_code', 'text')
    /** JSON: the audit trail (events with who, when, IP, user agent, hashes before and after). */
    .addColumn('audit', 'text', (c) => c.notNull())
    .addColumn('refuse_reason', 'text')
    .addColumn('reviewer_account_id', 'integer')
    .addColumn('submitted_at', timeColumn)
    .addColumn('reviewed_at', timeColumn)
    .addColumn('signed_at', timeColumn)
    .addColumn('express_company', 'integer')
    .addColumn('express_no', 'text')
    .addColumn('express_address_id', 'integer')
    .addColumn('express_at', timeColumn)
    .addColumn('superseded_by', 'integer')
    /** 'book:<id>' while applying/reviewing/refused: one open application per book. */
    .addColumn('open_key', 'text')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contracts_owner').on('contracts').columns(['client_id', 'account_id', 'id']).execute();
  await db.schema.createIndex('contracts_status').on('contracts').columns(['client_id', 'status', 'id']).execute();
  await db.schema.createIndex('contracts_open').on('contracts').columns(['open_key']).unique().execute();
  await db.schema.createIndex('contracts_verify').on('contracts').columns(['verify_code']).unique().execute();
  await db.schema.createIndex('contracts_book').on('contracts').columns(['client_id', 'book_id', 'status']).execute();

  // apply-sale (put a book on sale) and guarantee (minimum guarantee) applications.
  await withId(db, db.schema.createTable('book_applications'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    /** 'sale' | 'guarantee'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** 'pending' | 'approved' | 'refused'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    /** Guarantee asked for, fen per month. */
    .addColumn('amount_fen', 'integer')
    .addColumn('review_reason', 'text')
    .addColumn('reviewer_account_id', 'integer')
    .addColumn('reviewed_at', timeColumn)
    .addColumn('pending_key', 'text')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('book_applications_owner')
    .on('book_applications')
    .columns(['client_id', 'account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('book_applications_pending')
    .on('book_applications')
    .columns(['pending_key'])
    .unique()
    .execute();

  // Pen-name changes (basic data): the history, and the brand's once-per-period rule read from it.
  await withId(db, db.schema.createTable('pen_name_changes'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('old_pen_name', 'text', (c) => c.notNull())
    .addColumn('new_pen_name', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pen_name_changes_account')
    .on('pen_name_changes')
    .columns(['client_id', 'account_id', 'created_at'])
    .execute();

  // The platform's signing certificate, made at first start in development (PKCS#12, sealed).
  await withId(db, db.schema.createTable('platform_certificates'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('p12_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('platform_certificates_name')
    .on('platform_certificates')
    .columns(['name'])
    .unique()
    .execute();
}

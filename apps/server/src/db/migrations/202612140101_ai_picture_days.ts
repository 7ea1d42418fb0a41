import type { Kysely } from 'kysely';
import { withId } from '../../platform/db/columns.ts';

/**
 * AI pictures per pen name per Asia/Shanghai day (interactive images' daily limit): a slot is reserved
 * here by one conditional update before the image provider is asked, and given back when it fails, so
 * parallel requests cannot pass the limit together (counting pictures first and generating after could).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('ai_picture_days'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_picture_days_account_day')
    .unique()
    .on('ai_picture_days')
    .columns(['account_id', 'day'])
    .execute();
}

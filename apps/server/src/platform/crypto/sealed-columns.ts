/**
 * Every database column that holds values sealed with `ctx.personalData.seal`, so that key rotation
 * (`npm run rotate-data-key`) and the key check at start find them all without knowing the modules.
 *
 * A module that seals a new column adds ONE line here (docs/CONTRIBUTING-MODULES.md):
 *
 *   { table: 'contracts', column: 'bank_card_enc' },
 *
 * `key` is the table's primary-key column (default `id`, an integer); `json` marks a column holding
 * JSON in which every string field named `*_enc` is a sealed value.
 */
export interface SealedColumn {
  table: string;
  column: string;
  key?: string;
  json?: boolean;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  // Sign-in (platform, auth)
  { table: 'users', column: 'phone_enc' },
  { table: 'users', column: 'real_name_enc' },
  { table: 'users', column: 'id_card_enc' },
  { table: 'accounts', column: 'phone_enc' },
  { table: 'partner_accounts', column: 'phone_enc' },
  { table: 'pen_name_bind_tasks', column: 'items', json: true },
  // Works: screenplay applications
  { table: 'screenplay_applications', column: 'contact_note_enc' },
  // Contracts (issue 12): personal information, bank cards, addresses, contracts; the *_key / id_photo_* columns hold
  // sealed references to encrypted files (modules/contracts/sealed-files.ts).
  ...(
    [
      'qq_enc',
      'email_enc',
      'wx_no_enc',
      'emergency_name_enc',
      'relationship_phone_enc',
      'address_enc',
      'doc_enc',
      'id_photo_front',
      'id_photo_back',
    ] as const
  ).map((column) => ({ table: 'author_profiles', column, key: 'user_id' })),
  ...(['bank_num_enc', 'account_name_enc', 'bank_phone_enc'] as const).map((column) => ({
    table: 'bank_cards',
    column,
  })),
  ...(['name_enc', 'phone_enc', 'address_enc'] as const).map((column) => ({ table: 'delivery_addresses', column })),
  ...(['parties_enc', 'signature_key', 'pdf_key', 'signed_pdf_key'] as const).map((column) => ({
    table: 'contracts',
    column,
  })),
  { table: 'platform_certificates', column: 'p12_enc' },
  // Income (issue 13): a reading site's request-signing secret made in the console (modules/income/site-auth.ts).
  { table: 'integration_keys', column: 'secret_enc' },
  // Report centre (issue 16): the informer's verified phone, on the short-lived informer token and on each case.
  { table: 'report_informers', column: 'phone_enc' },
  { table: 'report_cases', column: 'phone_enc' },
];

import { createHash } from 'node:crypto';
import { SIGN_HEADER, sign } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DiscoveredRoute } from '../platform/http/api-docs.ts';
import type { TestClient, TestResponse } from '../test/test-app.ts';

/**
 * Tables that change on any request by design: signing keys handed out, sessions touched, rate-limit counters,
 * each instance's data-key heartbeat, the migration bookkeeping. Everything else must be unchanged by a refused request.
 */
const VOLATILE_TABLES = new Set([
  'request_keys',
  'sessions',
  'rate_limits',
  'data_key_holders',
  'kysely_migration',
  'kysely_migration_lock',
]);

let tableNames: string[] | null = null;

async function tables(t: { app: FastifyInstance }): Promise<string[]> {
  if (tableNames) return tableNames;
  const { db, engine } = t.app.ctx;
  const rows =
    engine === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
          db,
        );
  tableNames = rows.rows
    .map((r) => r.name)
    .filter((n) => !VOLATILE_TABLES.has(n))
    .sort();
  return tableNames;
}

/** One hash per table of every row it holds (the test databases are small): what a refused request must not change. */
export async function tableChecksums(t: { app: FastifyInstance }): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of await tables(t)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.app.ctx.db);
    const hash = createHash('sha256');
    for (const row of rows.rows) hash.update(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
    out.set(name, `${rows.rows.length}:${hash.digest('hex').slice(0, 16)}`);
  }
  return out;
}

/** The tables whose checksum differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, sum]) => before.get(name) !== sum).map(([name]) => name);
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
};

/** The first alternative that is not null (a nullable or optional field's real type). */
export function concrete(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return concrete(options.find((o) => o.type !== 'null') ?? options[0]);
  if (schema.allOf?.length) return concrete(schema.allOf[0]);
  return schema;
}

export function typeOf(schema: JsonSchema): string {
  const s = concrete(schema);
  if (Array.isArray(s.type)) return s.type.find((x) => x !== 'null') ?? 'string';
  if (s.type) return s.type;
  if (s.enum) return typeof s.enum[0];
  if (s.const !== undefined) return typeof s.const;
  return 'unknown';
}

/** A small value of the schema's shape (a valid one for plain schemas; refinements may still refuse it). */
export function sample(schema: JsonSchema, depth = 0): unknown {
  const s = concrete(schema);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'email') return 'a@example.com';
      if (s.pattern && /\^\\d|\[0-9\]/.test(s.pattern)) return '1'.repeat(Math.max(s.minLength ?? 1, 1));
      return 'a'.repeat(Math.max(s.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'array':
      return depth > 3 || !s.items
        ? []
        : Array.from({ length: s.minItems ?? 0 }, () => sample(s.items as JsonSchema, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = sample(s.properties?.[name] ?? {}, depth + 1);
      return out;
    }
    default:
      return 'a';
  }
}

/** The route's first method that is not HEAD. */
export const methodOf = (route: DiscoveredRoute) => route.methods.find((m) => m !== 'HEAD') ?? 'GET';

/**
 * Sends one call as the web client would: a GET or DELETE signed in its query, anything else as a signed JSON
 * body (with any query parameters appended to the path, outside what is signed).
 */
export async function sendSigned(
  client: TestClient,
  method: string,
  path: string,
  input: { query?: Record<string, unknown>; body?: unknown },
): Promise<TestResponse> {
  const query = Object.fromEntries(
    Object.entries(input.query ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  if (method === 'GET' || method === 'DELETE') return client[method === 'GET' ? 'get' : 'delete'](path, query);
  const secret = client.secret ?? (await client.refreshSecret());
  const t = Date.now();
  const body = input.body;
  const raw =
    body && typeof body === 'object' && !Array.isArray(body) ? JSON.stringify({ ...body, t }) : JSON.stringify(body);
  const search = Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
  return client.raw({
    method: method as 'POST',
    url: `${path}${search}`,
    payload: raw,
    headers: { 'content-type': 'application/json', [SIGN_HEADER]: sign(secret, method, path, raw, t) },
  });
}

/** A §8 refusal: `{code, errors: {code, title}}` with the same code twice and a title to show. */
export function isEnvelope(body: unknown): boolean {
  const b = body as { code?: unknown; errors?: { code?: unknown; title?: unknown } } | null;
  return (
    typeof b?.code === 'number' &&
    b.errors?.code === b.code &&
    typeof b.errors.title === 'string' &&
    b.errors.title !== ''
  );
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { buildApp } from '../app.ts';
import { authorClient, createBook, prose, volumesOf, writtenChapter } from '../modules/works/works.fixtures.ts';
import { type DiscoveredRoute, discoverRoutes } from '../platform/http/api-docs.ts';
import { createAuthor, HOST_OF_CLIENT, logIn, type TestAuthor } from '../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { concrete, type JsonSchema, methodOf, sample, sendSigned, typeOf } from './suite-helpers.ts';

/**
 * Tenant isolation over every route that takes an id (issue 21): author A of brand 2 owns a book, its volumes and
 * chapters; another author of brand 2, an author of brand 3, and an editor and an admin of brand 3 (also asking
 * for brand 2 through the console's brand switcher) call every such route with A's ids. None may see A's data
 * (the replies hold none of A's markers) and A's rows must be unchanged (a checksum of every row of A's before
 * and after).
 */
const MARK = 'ISOLATIONMARK';
const ID_FIELD = /(^|_)ids?$/;

let t: TestApp;
let routes: DiscoveredRoute[];
let owner: TestAuthor;
const ids = { book: [] as number[], volume: [] as number[], chapter: [] as number[] };
let markers: string[] = [];

function jsonOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The id fields of a route's inputs, by where they are. */
function idFields(route: DiscoveredRoute): Array<{ where: 'params' | 'query' | 'body'; name: string; list: boolean }> {
  const out: Array<{ where: 'params' | 'query' | 'body'; name: string; list: boolean }> = [];
  for (const where of ['params', 'query', 'body'] as const) {
    const schema = route.inputs[where];
    if (!schema) continue;
    const json = concrete(jsonOf(schema));
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      if (ID_FIELD.test(name)) out.push({ where, name, list: typeOf(property) === 'array' });
    }
  }
  return out;
}

function candidates(name: string): number[] {
  if (name.startsWith('book')) return ids.book;
  if (name.startsWith('chapter')) return ids.chapter;
  if (name.startsWith('volume')) return ids.volume;
  return [...ids.book, ...ids.chapter, ...ids.volume];
}

/** The tables holding A's rows, with the column and values that pick them (found once). */
let plan: Array<{ table: string; column: string; values: number[] }> | null = null;

async function ownerPlan() {
  if (plan) return plan;
  const { db, engine } = t.app.ctx;
  const columns =
    engine === 'sqlite'
      ? await sql<{
          t: string;
          c: string;
        }>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`.execute(
          db,
        )
      : await sql<{
          t: string;
          c: string;
        }>`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public'`.execute(
          db,
        );
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows) byTable.set(row.t, [...(byTable.get(row.t) ?? []), row.c]);
  const own: Record<string, number[]> = { books: ids.book, chapters: ids.chapter, volumes: ids.volume };
  const keys: Array<[string, number[]]> = [
    ['account_id', [owner.accountId]],
    ['user_id', [owner.userId]],
    ['book_id', ids.book],
    ['chapter_id', ids.chapter],
  ];
  plan = [];
  for (const [table, cols] of [...byTable].sort()) {
    if (table === 'sessions' || table === 'request_keys') continue;
    if (own[table]) plan.push({ table, column: 'id', values: own[table] });
    else {
      const key = keys.find(([column]) => cols.includes(column));
      if (key) plan.push({ table, column: key[0], values: key[1] });
    }
  }
  return plan;
}

/** Every row of A's: in tables keyed by A's account, person, books or chapters. */
async function ownerChecksum(): Promise<string> {
  const parts: string[] = [];
  for (const { table, column, values } of await ownerPlan()) {
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(values)}) order by 1`.execute(
      t.app.ctx.db,
    );
    parts.push(`${table}:${JSON.stringify(rows.rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  routes = (await discoverRoutes(t.config, buildApp)).filter((r) => idFields(r).length > 0 && !r.rawBody);
  const a = await authorClient(t);
  owner = a.author;
  for (let i = 1; i <= 2; i++) {
    const book = await createBook(a.client, { title: `${MARK}书${i}` });
    ids.book.push(book.book_id);
    for (const volume of await volumesOf(a.client, book.book_id)) ids.volume.push(volume.volume_id);
    for (let j = 1; j <= 2; j++) {
      const chapter = await writtenChapter(a.client, book.book_id, `${MARK}章${i}${j}`, `${MARK} ${prose(300)}`);
      ids.chapter.push(chapter.chapterId);
    }
  }
  markers = [MARK, owner.penName];
}, 180_000);
afterAll(async () => t?.close());

async function clientOf(person: TestAuthor, brandSwitch?: number): Promise<TestClient> {
  const client = t.client(HOST_OF_CLIENT[person.clientId]);
  await logIn(t, client, person);
  if (brandSwitch) client.headers['x-console-client'] = String(brandSwitch);
  return client;
}

describe('tenant isolation', () => {
  it("lets no author of another brand or of the same brand, and no staff of another brand, see or change A's data", async () => {
    const sameBrand = await createAuthor(t, { clientId: 2 });
    const otherBrand = await createAuthor(t, { clientId: 3 });
    const editor3 = await createAuthor(t, { clientId: 3, role: 'editor' });
    const admin3 = await createAuthor(t, { clientId: 3, role: 'admin' });
    const authors = [await clientOf(sameBrand), await clientOf(otherBrand)];
    const staff = {
      editor: [await clientOf(editor3), await clientOf(editor3, 2)],
      admin: [await clientOf(admin3), await clientOf(admin3, 2)],
    };
    const problems: string[] = [];
    const atStart = await ownerChecksum();
    let requests = 0;
    let refusals = 0;
    let actorsTotal = 0;
    for (const route of routes) {
      const method = methodOf(route);
      const actors = route.auth === 'editor' ? staff.editor : route.auth === 'admin' ? staff.admin : authors;
      actorsTotal += actors.length;
      const base: Record<string, Record<string, unknown>> = {};
      for (const where of ['params', 'query', 'body'] as const) {
        const schema = route.inputs[where];
        base[where] = schema ? ((sample(jsonOf(schema)) ?? {}) as Record<string, unknown>) : {};
      }
      // Reads are checked together at the end; each write on its own, so a change names its route.
      const before = method === 'GET' ? null : await ownerChecksum();
      for (const field of idFields(route)) {
        for (const id of candidates(field.name)) {
          const input = structuredClone(base);
          input[field.where][field.name] = field.list ? [id] : id;
          const params = { ...input.params };
          const path = route.paths[0].replace(/:(\w+)/g, (_, name) => encodeURIComponent(String(params[name] ?? id)));
          for (const actor of actors) {
            const res = await sendSigned(actor, method, path, { query: input.query, body: input.body });
            requests++;
            if (res.status >= 400) refusals++;
            const text = JSON.stringify(res.body ?? '');
            const leaked = markers.filter((m) => text.includes(m));
            if (leaked.length)
              problems.push(`${method} ${route.paths[0]} ${field.name}=${id}: reply holds ${leaked.join(', ')}`);
            if (res.status >= 500) problems.push(`${method} ${route.paths[0]} ${field.name}=${id}: ${res.status}`);
          }
        }
      }
      if (before !== null && (await ownerChecksum()) !== before) {
        problems.push(`${method} ${route.paths[0]}: changed A's rows`);
      }
    }
    if ((await ownerChecksum()) !== atStart) problems.push("a read (GET) route changed A's rows");
    console.log(
      `tenant isolation: ${routes.length} routes with ids, ${requests} requests by ${actorsTotal} route×actor pairs, ` +
        `${refusals} refusals, ${problems.length} leaks or changes`,
    );
    expect(problems).toEqual([]);
  }, 600_000);
});

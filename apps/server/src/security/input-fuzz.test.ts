import { ErrorCode } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { buildApp } from '../app.ts';
import { type DiscoveredRoute, discoverRoutes } from '../platform/http/api-docs.ts';
import type { InputLocation } from '../platform/http/route-registry.ts';
import { createAuthor, signedInClient, type TestAuthor } from '../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import {
  changedTables,
  concrete,
  isEnvelope,
  type JsonSchema,
  methodOf,
  sample,
  sendSigned,
  tableChecksums,
  typeOf,
} from './suite-helpers.ts';

/**
 * Input fuzz over every route, generated from its schema (issue 21): wrong types, out-of-range numbers, huge
 * strings, control characters, unicode edge cases, SQL and HTML metacharacters, missing and extra fields. A case
 * the route's own schema refuses must get a 4xx §8 envelope naming the field and change nothing in the database;
 * a case it accepts (a nasty but valid string) must still never get a 5xx.
 */
const NASTY_STRINGS = [
  '\u0000\u0007\u001b[31m\r\n\t',
  '\ud800 lone surrogate \udfff',
  '\u202eRTL\u200b\u200d\ufeff',
  '👩‍👩‍👧‍👦𝕏̴̡̛͎̫',
  "' OR '1'='1'; DROP TABLE books; --",
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '../../../../etc/passwd%00',
];
const BAD_PARAMS = ['abc', '-1', '1e400', "1' OR '1'='1", '%00', '99999999999999999999'];
const MAX_PROPERTIES = 8;

interface Case {
  label: string;
  params: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function jsonOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const asQuery = (value: unknown) =>
  Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));

/** The values that probe one property of a given schema. */
function probes(schema: JsonSchema, where: 'query' | 'body'): Array<[string, unknown]> {
  const s = concrete(schema);
  const type = typeOf(s);
  const out: Array<[string, unknown]> = [];
  if (type === 'integer' || type === 'number') {
    out.push(['wrong type', where === 'query' ? 'abc' : 'abc']);
    if (s.maximum !== undefined) out.push(['above maximum', s.maximum + 1]);
    if (s.minimum !== undefined) out.push(['below minimum', s.minimum - 1]);
    out.push(['huge number', 1e308]);
    if (type === 'integer') out.push(['fraction', 1.5]);
  } else if (type === 'string') {
    if (where === 'body') out.push(['wrong type', 12345], ['object for string', { $gt: '' }]);
    out.push(['huge string', 'x'.repeat(Math.min((s.maxLength ?? 100_000) + 1, 2_000_000))]);
    if ((s.minLength ?? 0) > 0) out.push(['empty string', '']);
    for (const nasty of NASTY_STRINGS) out.push(['nasty string', nasty]);
  } else if (type === 'boolean') {
    out.push(['wrong type', 'maybe']);
  } else if (type === 'array') {
    out.push(['wrong type', 'not-a-list'], ['huge list', Array.from({ length: 5000 }, () => 1)]);
  } else if (type === 'object') {
    out.push(['wrong type', 'not-an-object']);
  }
  return out;
}

function casesOf(route: DiscoveredRoute): Case[] {
  const cases: Case[] = [];
  const paramsJson = route.inputs.params ? jsonOf(route.inputs.params) : null;
  const params = asQuery(paramsJson ? sample(paramsJson) : {});
  for (const name of [...route.paths[0].matchAll(/:(\w+)/g)].map((m) => m[1])) params[name] ??= '1';
  const base: Partial<Record<'query' | 'body', Record<string, unknown>>> = {};
  for (const where of ['query', 'body'] as const) {
    const schema = route.inputs[where];
    if (schema) base[where] = (sample(jsonOf(schema)) ?? {}) as Record<string, unknown>;
  }
  const withInput = (label: string, where: 'query' | 'body' | null, value?: unknown): Case => ({
    label,
    params,
    query: where === 'query' ? (value as Record<string, unknown>) : base.query,
    body: where === 'body' ? value : (base.body ?? {}),
  });
  for (const name of Object.keys(params)) {
    for (const bad of BAD_PARAMS)
      cases.push({ ...withInput(`param ${name}=${bad}`, null), params: { ...params, [name]: bad } });
  }
  for (const where of ['query', 'body'] as const) {
    const schema = route.inputs[where];
    if (!schema) continue;
    const json = concrete(jsonOf(schema));
    const object = base[where] ?? {};
    const properties = Object.entries(json.properties ?? {}).slice(0, MAX_PROPERTIES);
    for (const [name, property] of properties) {
      for (const [label, value] of probes(property, where)) {
        cases.push(withInput(`${where}.${name}: ${label}`, where, { ...object, [name]: value }));
      }
      if (json.required?.includes(name)) {
        const { [name]: _dropped, ...rest } = object;
        cases.push(withInput(`${where}.${name}: missing`, where, rest));
      }
    }
    cases.push(
      withInput(`${where}: extra field`, where, { ...object, extra_field_zz: '<b>x</b>', __proto__: { polluted: 1 } }),
    );
    if (where === 'body')
      cases.push(withInput('body: a list', where, [object]), withInput('body: a string', where, 'x'));
  }
  return cases;
}

/** What the route's own schemas say of a case: the first refused field, or null when every part is valid. */
function refusedField(route: DiscoveredRoute, c: Case): string | null {
  const parts: Array<[InputLocation, unknown]> = [
    ['params', c.params],
    ['query', c.query ? asQuery(c.query) : {}],
    ['body', c.body],
  ];
  for (const [where, value] of parts) {
    const schema = route.inputs[where];
    if (!schema) continue;
    const result = schema.safeParse(value ?? {});
    if (!result.success) return result.error.issues[0].path.join('.');
  }
  return null;
}

let t: TestApp;
let routes: DiscoveredRoute[];
const people: Record<'author' | 'editor' | 'admin', TestAuthor> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  routes = (await discoverRoutes(t.config, buildApp)).filter(
    (r) => (r.inputs.params || r.inputs.query || r.inputs.body) && !r.rawBody,
  );
  people.author = await createAuthor(t, { clientId: 2 });
  people.editor = await createAuthor(t, { clientId: 2, role: 'editor' });
  people.admin = await createAuthor(t, { clientId: 2, role: 'admin' });
}, 120_000);
afterAll(async () => t?.close());

/** A fresh session per route for its caller, whose role is put back: a valid case may have changed either. */
async function callerOf(route: DiscoveredRoute): Promise<TestClient> {
  const role = route.auth === 'editor' || route.auth === 'admin' ? route.auth : 'author';
  const person = people[role];
  await t.app.ctx.db.updateTable('accounts').set({ role }).where('id', '=', person.accountId).execute();
  t.app.ctx.sessions.forgetCached();
  return signedInClient(t, person);
}

describe('input fuzz', () => {
  it('answers every malformed input of every route with a 4xx envelope naming the field, changing nothing', async () => {
    const problems: string[] = [];
    let requests = 0;
    let refused = 0;
    for (const route of routes) {
      const client = await callerOf(route);
      const method = methodOf(route);
      const cases = casesOf(route);
      const invalid = cases.filter((c) => refusedField(route, c) !== null);
      const valid = cases.filter((c) => refusedField(route, c) === null);
      const writes = method !== 'GET';
      const before = writes ? await tableChecksums(t) : null;
      for (const c of invalid) {
        // A body that is not an object at all has no field to name: its message says what it should be.
        const field = refusedField(route, c);
        const path = route.paths[0].replace(/:(\w+)/g, (_, name) => encodeURIComponent(c.params[name]));
        const res = await sendSigned(client, method, path, { query: c.query, body: c.body });
        requests++;
        refused++;
        const where = `${method} ${route.paths[0]} [${c.label}]`;
        if (res.status >= 500) problems.push(`${where}: ${res.status}`);
        else if (res.status < 400) problems.push(`${where}: accepted (${res.status})`);
        else if (!isEnvelope(res.body))
          problems.push(`${where}: no §8 envelope: ${JSON.stringify(res.body).slice(0, 120)}`);
        else if (res.status === 400 && res.body.code === ErrorCode.invalidInput && field && !res.body.errors.field)
          problems.push(`${where}: no field named`);
      }
      if (before) {
        const changed = changedTables(before, await tableChecksums(t));
        if (changed.length) problems.push(`${method} ${route.paths[0]}: refused inputs changed ${changed.join(', ')}`);
      }
      for (const c of valid) {
        const path = route.paths[0].replace(/:(\w+)/g, (_, name) => encodeURIComponent(c.params[name]));
        const res = await sendSigned(client, method, path, { query: c.query, body: c.body });
        requests++;
        const where = `${method} ${route.paths[0]} [${c.label}]`;
        if (res.status >= 500) problems.push(`${where}: ${res.status}`);
        else if (res.status >= 400 && !isEnvelope(res.body)) problems.push(`${where}: no §8 envelope`);
      }
    }
    console.log(
      `input fuzz: ${routes.length} routes, ${requests} requests (${refused} malformed), ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
  }, 600_000);

  it('refuses a NUL character on its field, in a body and in a query (PostgreSQL cannot store one)', async () => {
    const client = await signedInClient(t, people.author);
    const body = await client.post('/api/pc/v1/book/save-book-info', {
      kind: 'novel',
      title: '空\u0000字符',
      category: 'xuanhuan',
      intro: '这是一部关于少年踏上修行之路、历经风雨终成大器的长篇小说。',
      tags: ['热血'],
    });
    expect(body.status).toBe(400);
    expect(body.body.errors.field).toBe('title');
    const query = await client.get('/api/pc/v1/book/check-book-title', { title: 'a\u0000b' });
    expect(query.status).toBe(400);
    expect(query.body.errors.field).toBe('title');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGN_HEADER } from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';
import type { Config } from '../../config.ts';
import { type DemoAuthors, seedAuthors } from '../../seed/authors.seed.ts';
import type { AuthRequirement } from '../auth/guards.ts';
import { openDatabase } from '../db/database.ts';
import type { InputLocation, RouteEntry } from './route-registry.ts';

/** A route as the sandbox discovery saw it: its entry, and any input it read without a schema. */
export interface DiscoveredRoute extends RouteEntry {
  /** Parts of the input the handler read directly, never through `parseInput` (a defect). */
  unvalidated: InputLocation[];
  /** The status of the call with an empty input: below 400, the handler ran to its end. */
  emptyInputStatus: number;
}

/** Keys the platform itself reads from every input (the signature's timestamp and signature). */
const PLATFORM_KEYS = new Set(['t', 'sign']);

/**
 * Builds a throwaway app on an empty SQLite database in a temporary folder, calls every route once with bad
 * path parameters and once with an empty input (so each `parseInput` call meets its input and the registry
 * learns its schema), and returns the registry. Inputs are watched: a part read without a schema is reported.
 */
export async function discoverRoutes(config: Config, build: DiscoveryBuilder): Promise<DiscoveredRoute[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ac-routes-'));
  const database = openDatabase({ dataDir });
  // The requests are sent one at a time: the inputs read by the current one are gathered here.
  let read = new Set<InputLocation>();
  const sandboxConfig: Config = {
    ...config,
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    RUN_JOBS: false,
    SEED_DEMO: false,
    // The sandbox has no reference of its own: its document would discover the routes again.
    API_DOCS: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web'),
  };
  let app: FastifyInstance | null = null;
  let people: DemoAuthors = {};
  try {
    app = await build(sandboxConfig, {
      database,
      routeProbe: (request, requirement) => {
        if (requirement) {
          const brand = people[request.brand.clientId];
          const person = brand[requirement === 'optional' ? 'author' : requirement];
          request.auth = { sessionId: 'probe', ...person };
        }
        watchInputs(request, read);
      },
    });
    await app.ready();
    // The demo people (an author, an editor and an admin per brand) are who the routes are called as.
    people = await seedAuthors(app.ctx);
    const found = new Map<RouteEntry, { read: Set<InputLocation>; status: number }>();
    for (const entry of app.routeRegistry.entries) {
      read = new Set<InputLocation>();
      const seen = { read, status: 0 };
      found.set(entry, seen);
      const method = entry.methods.find((m) => m !== 'HEAD' && m !== 'OPTIONS');
      if (!method) continue;
      const path = entry.paths[0];
      const hasParams = path.includes(':');
      for (const value of hasParams ? ['x', '1'] : ['1']) {
        const url = path.replace(/:(\w+)/g, value).replace(/\*/g, 'x');
        const response = await app.inject({
          method: method as 'GET',
          url,
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { payload: '{}', headers: { 'content-type': 'application/json', [SIGN_HEADER]: 'probe' } }),
        });
        seen.status = response.statusCode;
      }
    }
    return [...found].map(([entry, { read, status }]) => ({
      ...entry,
      unvalidated: [...read].filter((location) => entry.inputs[location] === undefined),
      emptyInputStatus: status,
    }));
  } finally {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export type DiscoveryBuilder = (
  config: Config,
  options: {
    database: ReturnType<typeof openDatabase>;
    routeProbe: (request: FastifyRequest, requirement: AuthRequirement | undefined) => void;
  },
) => Promise<FastifyInstance>;

/** Wraps the request's params, query and body so that reading them outside `parseInput` is seen. */
function watchInputs(request: FastifyRequest, read: Set<InputLocation>): void {
  const watch = (location: InputLocation, value: unknown) =>
    new Proxy((value ?? {}) as object, {
      get(target, key, receiver) {
        if (typeof key === 'string' && !PLATFORM_KEYS.has(key) && key !== 'toJSON' && key !== 'then') {
          read.add(location);
        }
        return Reflect.get(target, key, receiver);
      },
    });
  request.params = watch('params', request.params);
  request.query = watch('query', request.query);
  if (request.body !== undefined) request.body = watch('body', request.body);
}

// -------------------------------------------------------------------------------------------------
// OpenAPI 3.1

const ENVELOPE_ERROR = {
  type: 'object',
  required: ['code', 'errors'],
  properties: {
    code: { type: 'integer', description: 'The error code (§8), also in errors.code' },
    errors: {
      type: 'object',
      required: ['code', 'title'],
      properties: {
        code: { type: 'integer' },
        title: { type: 'string', description: "A message for the user, in the request's language" },
        field: { type: 'string', description: 'The input field at fault, when one is' },
        retry_after: { type: 'integer', description: 'Seconds to wait (rate limits)' },
      },
    },
  },
};

const ENVELOPE_OK = {
  type: 'object',
  required: ['code', 'data'],
  properties: {
    code: { type: 'integer', const: 0 },
    data: { description: "The route's result" },
    rules: {
      type: 'array',
      items: { type: 'string' },
      description: "Dot paths of data fields encrypted with the request's signing secret",
    },
  },
};

function jsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parametersOf(
  schema: ZodType | undefined,
  location: 'path' | 'query',
  pathNames: string[],
): Array<Record<string, unknown>> {
  const names = new Set(location === 'path' ? pathNames : []);
  const out: Array<Record<string, unknown>> = [];
  if (schema) {
    const json = jsonSchema(schema);
    const properties = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      if (location === 'path' && !names.has(name)) continue;
      names.delete(name);
      out.push({ name, in: location, required: location === 'path' || required.has(name), schema: property });
    }
  }
  for (const name of names) out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  return out;
}

const AUTH_TEXT: Record<RouteEntry['auth'], string> = {
  none: 'anyone',
  optional: 'anyone (a signed-in caller is recognised)',
  author: 'a signed-in author',
  editor: "an editor or admin of the host's brand",
  admin: "an admin of the host's brand",
};

/** The OpenAPI 3.1 document of the routes: one operation per method and path, aliases marked as such. */
export function openApiDocument(routes: readonly RouteEntry[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const [canonical, ...aliases] = route.paths;
    for (const path of route.paths) {
      const pathNames = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const openPath = path.replace(/:(\w+)/g, '{$1}').replace(/\*/g, '{wildcard}');
      if (path.includes('*')) pathNames.push('wildcard');
      paths[openPath] ??= {};
      const item = paths[openPath];
      for (const method of route.methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const operation: Record<string, unknown> = {
          tags: [tagOf(canonical)],
          summary: `${method} ${canonical}`,
          description: [
            `Who may call: ${AUTH_TEXT[route.auth]}.`,
            route.signed ? 'Signed (see the introduction).' : 'Not signed.',
            path === canonical
              ? aliases.length
                ? `Also answers on: ${aliases.join(', ')}.`
                : ''
              : `An alias of ${canonical}.`,
            route.rawBody ? `Body: raw bytes (${route.rawBody}).` : '',
          ]
            .filter(Boolean)
            .join(' '),
          operationId: `${method.toLowerCase()}${openPath.replace(/[^\w]+/g, '_')}`,
          'x-auth': route.auth,
          'x-signed': route.signed,
          parameters: [
            ...parametersOf(route.inputs.params, 'path', pathNames),
            ...parametersOf(route.inputs.query, 'query', []),
          ],
          responses: {
            '200': { description: 'Success (§8 envelope)', content: { 'application/json': { schema: ENVELOPE_OK } } },
            default: {
              description: 'A refusal (§8 envelope naming the code and, for bad input, the field)',
              content: { 'application/json': { schema: ENVELOPE_ERROR } },
            },
          },
        };
        if (path !== canonical) operation['x-alias-of'] = canonical;
        if (route.inputs.body) {
          operation.requestBody = {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.inputs.body) } },
          };
        } else if (route.rawBody) {
          operation.requestBody = {
            required: true,
            content: {
              'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
            },
          };
        }
        if (route.auth !== 'none') operation.security = [{ session: [] }];
        item[method.toLowerCase()] = operation;
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Author Centre API',
      version: '1',
      description: API_INTRODUCTION,
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ac_session' } },
    },
    paths,
  };
}

function tagOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'api') return parts[0] ?? 'root';
  if (parts[1] === 'pc' && parts[2] === 'v1') return parts[3] ?? 'pc';
  return parts[1] ?? 'api';
}

const API_INTRODUCTION = [
  'Every reply is a §8 envelope: `{code: 0, data}` on success, `{code, errors: {code, title, field?}}` on a refusal.',
  'Calls under /api/ are signed unless marked otherwise: first `GET /api/pc/v1/req/info` (unsigned) sets the',
  'request-key cookie and returns `secret`; then a GET or DELETE adds `t` (milliseconds now) and',
  '`sign` = hex HMAC-MD5(secret, `METHOD\\npath\\n` + canonical query + `\\n` + t) to its query, and a JSON POST puts',
  '`t` in its body and HMAC-MD5(secret, `METHOD\\npath\\n` + exact body bytes + `\\n` + t) in the `b-sign` header.',
  'A signature older than the replay window is refused with 40001013 (fetch a new secret and retry).',
  'The reference page at /api/docs signs calls itself with "Try it".',
].join(' ');

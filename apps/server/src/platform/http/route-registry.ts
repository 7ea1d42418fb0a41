import type { FastifyRequest, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { AuthRequirement } from '../auth/guards.ts';

/** Where a route's input comes from. */
export type InputLocation = 'params' | 'query' | 'body';
export const INPUT_LOCATIONS: readonly InputLocation[] = ['params', 'query', 'body'];

/**
 * One handler as the server knows it: every path it answers on (a catalogue path and its §7 aliases are one
 * entry), who may call it, whether it is signed, and the zod schemas its `parseInput` calls use.
 */
export interface RouteEntry {
  methods: string[];
  /** The first path is the canonical one; the others are aliases of the same handler. */
  paths: string[];
  auth: AuthRequirement | 'none';
  signed: boolean;
  /** Schemas declared in the route's config (`input`) or learned from its `parseInput` calls. */
  inputs: Partial<Record<InputLocation, ZodType>>;
  /** Set for routes whose body is raw bytes (uploads): why there is no body schema. */
  rawBody?: string;
  /** Schemas a `parseInput` call of this route used on something other than the request's own input. */
  derived: ZodType[];
}

/** Entries by handler: the aliases `routeAliases` registers share one handler. */
const entries = new WeakMap<object, RouteEntry>();

/**
 * The routes of one app, collected by its `onRoute` hook (at registration, never per request). Aliases are
 * grouped by handler: `routeAliases` registers one handler under several paths.
 */
export class RouteRegistry {
  readonly #list: RouteEntry[] = [];

  add(route: RouteOptions): void {
    const methods = [route.method].flat().map(String);
    // Fastify adds a HEAD route for each GET: it is the GET, not a route of its own.
    const handler = route.handler as object;
    const config = route.config ?? {};
    // Kept in the route's own config (fastify copies it into the route's context), where parseInput finds it.
    const existing = entries.get(handler);
    if (existing) {
      route.config = { ...config, routeEntry: existing };
      if (methods.length === 1 && methods[0] === 'HEAD') return;
      if (!existing.paths.includes(route.url)) existing.paths.push(route.url);
      for (const m of methods) if (!existing.methods.includes(m)) existing.methods.push(m);
      return;
    }
    const entry: RouteEntry = {
      methods,
      paths: [route.url],
      auth: config.auth ?? 'none',
      signed: route.url.startsWith('/api/') && config.signed !== false,
      inputs: { ...config.input },
      rawBody: config.rawBody,
      derived: [],
    };
    entries.set(handler, entry);
    route.config = { ...config, routeEntry: entry };
    this.#list.push(entry);
  }

  get entries(): readonly RouteEntry[] {
    return this.#list;
  }
}

/**
 * Called by `parseInput`: remembers which schema a route applies to which part of its input. One map read per
 * call once known; the schemas a route builds per language replace each other (they describe the same input).
 */
export function learnInput(request: FastifyRequest, schema: ZodType, input: unknown): void {
  const entry = request.routeOptions.config.routeEntry;
  if (!entry) return;
  const location = locationOf(request, input);
  if (!location) {
    if (!entry.derived.includes(schema) && entry.derived.length < 8) entry.derived.push(schema);
    return;
  }
  if (entry.inputs[location] === undefined) entry.inputs[location] = schema;
}

function locationOf(request: FastifyRequest, input: unknown): InputLocation | null {
  // A request without a body has none to pass: `parseInput(schema, request.body)` gets undefined.
  if (input === undefined || input === null) return 'body';
  if (input === request.params) return 'params';
  if (input === request.query) return 'query';
  if (input === request.body) return 'body';
  return null;
}

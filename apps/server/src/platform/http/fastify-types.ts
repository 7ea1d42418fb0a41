import type { BrandSettings } from '@author-centre/shared';
import type { ZodType } from 'zod';
import type { AuthRequirement } from '../auth/guards.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import type { HotReads } from './hot-reads.ts';
import type { RequestKey } from './request-keys.ts';
import type { RouteEntry, RouteRegistry } from './route-registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Reads answered from memory before the framework when they can be (hot-reads.ts). */
    hotReads: HotReads;
    /** Every route of this app with its paths, auth level and input schemas (route-registry.ts). */
    routeRegistry: RouteRegistry;
  }
  interface FastifyRequest {
    /** The brand of the request's host (resolved on first read). */
    readonly brand: BrandSettings;
    resolvedBrand: BrandSettings | null;
    /** The raw bytes of a JSON body, which its signature covers (kept as bytes: hashing them needs no re-encoding). */
    rawBody?: Buffer;
    requestKey?: RequestKey;
    auth: AuthContext | null;
    /** Set by recordAudit: this request's change is in the audit log. */
    auditRecorded: boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route; absent means anyone. */
    auth?: AuthRequirement;
    /** Set false for the few /api routes that are not signed (encryption-info, server-to-server, dev). */
    signed?: boolean;
    /**
     * A console (editor/admin) POST that changes nothing (a preview, a dry run) says `audit: false`;
     * every other console write must call recordAudit, or it is reported (and refused in tests).
     */
    audit?: boolean;
    /**
     * Input schemas known before the first call (the route registry learns the others from `parseInput`):
     * for a route whose handler parses its input only after other checks.
     */
    input?: Partial<Record<'params' | 'query' | 'body', ZodType>>;
    /** A route whose body is raw bytes (an upload) says why it has no body schema. */
    rawBody?: string;
    /** Set by the route registry: this route's entry. */
    routeEntry?: RouteEntry;
  }
}

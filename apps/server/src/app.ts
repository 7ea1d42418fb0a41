import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ErrorCode, HTTP_STATUS_MESSAGES } from '@author-centre/shared';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { aiAssistantRoutes } from './modules/ai-assistant/ai-assistant.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { brandSettingsRoutes } from './modules/brand-settings/brand-settings.routes.ts';
import { commentsModule } from './modules/comments/comments.module.ts';
import { consoleRoutes } from './modules/console/console.routes.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { creativeRoutes } from './modules/creative/creative.routes.ts';
import { forumRoutes } from './modules/forum/forum.routes.ts';
import { configuredForum } from './modules/forum/forum-provider.ts';
import { globalRoutes } from './modules/global/global.routes.ts';
import { growthRoutes } from './modules/growth/growth.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { incomeModule } from './modules/income/income.module.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { adaptBooksRoutes } from './modules/public-pages/adapt-books.ts';
import { agreementsRoutes } from './modules/public-pages/agreements.routes.ts';
import { publicPagesRoutes } from './modules/public-pages/public-pages.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { staffPeopleRoutes } from './modules/staff-people/people.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { screenplayApplicationRoutes } from './modules/works/screenplay-application.ts';
import { worksRoutes } from './modules/works/works.routes.ts';
import { auditGuard } from './platform/audit/audit.ts';
import { type AuthRequirement, checkAccess } from './platform/auth/guards.ts';
import { Sessions } from './platform/auth/sessions.ts';
import { BRANDS_RECHECK_MS, Brands } from './platform/brands/brands.ts';
import type { AppContext } from './platform/context.ts';
import { DATA_KEYS_RECHECK_MS, DataKeys } from './platform/crypto/data-keys.ts';
import { SharedSecrets } from './platform/crypto/shared-secrets.ts';
import { type DatabaseHandle, openDatabase } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { apiDocsRoutes } from './platform/http/api-docs.routes.ts';
import { registerCompression } from './platform/http/compression.ts';
import {
  AppError,
  databaseUnreachable,
  isDatabaseUnreachable,
  isStorageFull,
  storageFull,
} from './platform/http/errors.ts';
import './platform/http/fastify-types.ts';
import { startHousekeeping } from './platform/housekeeping.ts';
import { HotReads } from './platform/http/hot-reads.ts';
import { localize } from './platform/http/language.ts';
import { lazyChildLogger } from './platform/http/lazy-logger.ts';
import { RequestKeys } from './platform/http/request-keys.ts';
import { RouteRegistry } from './platform/http/route-registry.ts';
import { securityHook } from './platform/http/security-headers.ts';
import { verifySignature } from './platform/http/signing.ts';
import { Jobs } from './platform/jobs/jobs.ts';
import { createStorage, serveLocalUploads } from './platform/providers/storage/index.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { installTestClock } from './platform/test-clock.ts';

/** Cache-Control of the build's hashed assets. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Headers a hashed asset (script, style, image, font under /assets/) does without. Its validators: a file cached as
 * immutable is never revalidated. The page's policies (CSP, framing, referrer) when the browser says it fetches the
 * file as a script, style, image or font (`Sec-Fetch-Dest`), for which they do nothing: a worker's script is under
 * /assets/ too (request-worker), and its own CSP and referrer policy are the ones that bind the worker, so a
 * worker, or a client that does not say, gets them. ~0.5 KB on each of the 30–60 scripts of a cold visit (issue 19).
 * `X-Content-Type-Options: nosniff` stays: it is what makes the browser refuse a script of the wrong type.
 */
const VALIDATORS = ['etag', 'last-modified'];
const PAGE_POLICIES = ['content-security-policy', 'x-frame-options', 'referrer-policy'];
const INERT_POLICY_DESTINATIONS = new Set(['script', 'style', 'image', 'font']);

/** The headers of a hashed asset of the build. */
function assetHeaders(reply: FastifyReply): void {
  reply.header('cache-control', IMMUTABLE);
  for (const name of VALIDATORS) reply.removeHeader(name);
  if (INERT_POLICY_DESTINATIONS.has(String(reply.request.headers['sec-fetch-dest']))) {
    for (const name of PAGE_POLICIES) reply.removeHeader(name);
  }
}

const SENSITIVE_LOG_FIELDS = [
  'phone',
  'code',
  'password',
  'id_card',
  'real_name',
  'bank_num',
  'bank_phone',
  'secret',
  'cookie',
];

/** Every module's routes, in one list. A module is a Fastify plugin reading `app.ctx`. */
const MODULES = [
  globalRoutes,
  authRoutes,
  helpRoutes,
  aiAssistantRoutes,
  homeRoutes,
  messagesRoutes,
  rewardsRoutes,
  trackingRoutes,
  worksRoutes,
  growthRoutes,
  screenplayApplicationRoutes,
  consoleRoutes,
  brandSettingsRoutes,
  staffPeopleRoutes,
  creativeRoutes,
  incomeModule,
  reportsRoutes,
  publicPagesRoutes,
  agreementsRoutes,
  adaptBooksRoutes,
  forumRoutes,
  contractsRoutes,
  commentsModule,
];

export interface BuildOptions {
  /** An already-open database (tests); otherwise opened from the configuration. */
  database?: DatabaseHandle;
  /**
   * Replaces every route's signature and session checks: it sets the caller itself. Only for the sandbox app
   * that discovers the routes' input schemas (api-docs.ts), never for an app that serves anyone.
   */
  routeProbe?: (request: FastifyRequest, requirement: AuthRequirement | undefined) => void;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The hottest reads are answered from memory before Fastify when they can be (hot-reads.ts).
  const hotReads = new HotReads();
  const app = Fastify({
    serverFactory: hotReads.serverFactory,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 20 * 1024 * 1024,
    logger: {
      level: config.LOG_LEVEL,
      // A second guard: personal fields are censored even if a module logs an object holding them.
      redact: { paths: SENSITIVE_LOG_FIELDS.flatMap((f) => [f, `*.${f}`]), censor: '[redacted]' },
      // Query strings and bodies can carry phones and codes: log the path only, never headers.
      serializers: {
        req: (req) => ({ method: req.method, path: req.url.split('?')[0], host: req.host }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    },
    childLoggerFactory: lazyChildLogger,
  });

  const database = options.database ?? openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(database.db);
  const brands = new Brands(database.db, configuredForum(config.env));
  await brands.seed();
  await brands.load();
  // Before anything can seal: a key that does not match the database's record refuses the start (ConfigError).
  const dataKeys = await DataKeys.start(database.db, config, app.log).catch(async (error) => {
    if (!options.database) await database.close();
    throw error;
  });
  // Likewise every other secret the instances must share: compared by fingerprint with the first instance's.
  const sharedSecrets = await SharedSecrets.start(database.db, config, dataKeys.personalData).catch(async (error) => {
    if (!options.database) await database.close();
    throw error;
  });

  const closers: Array<() => Promise<void> | void> = [];
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    brands,
    requestKeys: new RequestKeys(database.db),
    sessions: new Sessions(database.db, { production: config.isProduction }),
    rateLimiter: new RateLimiter(database.db),
    personalData: dataKeys.personalData,
    dataKeys,
    sharedSecrets,
    storage: createStorage(config.DATA_DIR, config.env),
    jobs: new Jobs(database.db, app.log),
    log: app.log,
    onClose: (fn) => closers.push(fn),
  };
  app.decorate('ctx', ctx);
  app.decorate('hotReads', hotReads);
  if (!options.routeProbe) {
    hotReads.start({
      brands,
      requestKeys: ctx.requestKeys,
      sessions: ctx.sessions,
      log: app.log,
      logRequests: ['info', 'debug', 'trace'].includes(config.LOG_LEVEL),
      trustProxy: config.TRUST_PROXY,
      production: config.isProduction,
    });
    app.addHook('preClose', async () => hotReads.stop());
  }
  ctx.onClose(brands.watch(BRANDS_RECHECK_MS, app.log));
  ctx.onClose(await dataKeys.watch(DATA_KEYS_RECHECK_MS, app.log));
  ctx.onClose(sharedSecrets.watch(DATA_KEYS_RECHECK_MS, app.log));
  // The brand is resolved from the host on first use (no per-request hook), then kept on the request.
  app.decorateRequest('resolvedBrand', null);
  app.decorateRequest('brand', {
    getter(this: FastifyRequest) {
      if (!this.resolvedBrand) this.resolvedBrand = brands.resolve(this.hostname);
      return this.resolvedBrand;
    },
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('auditRecorded', false);
  app.addHook('onClose', async () => {
    for (const fn of closers.reverse()) await fn();
    if (!options.database) await database.close();
  });

  await app.register(fastifyCookie);
  await registerCompression(app);
  // Security headers on every response, and writes from other sites refused (security-headers.ts).
  app.addHook('onRequest', securityHook(config.isProduction));

  // JSON bodies are kept as text too: the request signature covers the exact bytes sent.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    request.rawBody = bytes;
    if (bytes.length === 0) return done(null, {});
    try {
      done(null, JSON.parse(bytes.toString('utf8')));
    } catch {
      done(
        new AppError(ErrorCode.invalidInput, {
          'zh-CN': '请求内容不是有效的JSON',
          'en-US': 'The request body is not valid JSON',
        }),
        undefined,
      );
    }
  });

  const routeRegistry = new RouteRegistry();
  app.decorate('routeRegistry', routeRegistry);
  // Each route gets its own guard, built once from its config: no per-request route lookup.
  app.addHook('onRoute', (route) => {
    routeRegistry.add(route);
    const { routeProbe } = options;
    if (routeProbe) {
      const probe = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
        routeProbe(request, route.config?.auth);
        done();
      };
      route.preHandler = [probe, ...(route.preHandler ? [route.preHandler].flat() : [])];
      return;
    }
    const needsSignature = route.url.startsWith('/api/') && route.config?.signed !== false;
    const requirement = route.config?.auth;
    if (!needsSignature && !requirement) return;
    const checkCaller = async (request: FastifyRequest) => {
      if (!requirement) return;
      request.auth = await ctx.sessions.read(request);
      checkAccess(requirement, request.auth);
    };
    // Callback style, so that a route needing only a signature with a known key costs no promise.
    const guard = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      try {
        const signed = needsSignature ? verifySignature(request, ctx.requestKeys) : undefined;
        if (signed) {
          signed.then(() => checkCaller(request)).then(() => done(), done);
        } else if (requirement) {
          // A session memory already knows is checked without a promise as well.
          const known = ctx.sessions.known(request);
          if (known === undefined) return void checkCaller(request).then(() => done(), done);
          request.auth = known;
          checkAccess(requirement, known);
          done();
        } else {
          done();
        }
      } catch (error) {
        done(error as Error);
      }
    };
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [guard, ...existing];
    const methods = [route.method].flat();
    const staffWrite =
      (requirement === 'editor' || requirement === 'admin') && !methods.every((m) => m === 'GET' || m === 'HEAD');
    if (staffWrite && route.config?.audit !== false) {
      route.onSend = [
        ...(route.onSend ? [route.onSend].flat() : []),
        auditGuard({ refuse: config.NODE_ENV === 'test' }),
      ];
    }
  });

  app.setErrorHandler((raw: FastifyError | AppError, request, reply) => {
    // A database that cannot be reached and a full disk are told as such (503 with Retry-After, 507),
    // never as a bare 500: the author knows to wait, and that what was saved before is safe.
    let error = raw;
    if (!(raw instanceof AppError) && (isStorageFull(raw) || isDatabaseUnreachable(raw))) {
      request.log.warn({ err: raw }, isStorageFull(raw) ? 'storage full' : 'database unreachable');
      error = isStorageFull(raw) ? storageFull() : databaseUnreachable();
    }
    if (error instanceof AppError) {
      if (error.retryAfterMs) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
      return reply.status(error.httpStatus).send({
        code: error.code,
        errors: {
          code: error.code,
          title: localize(request, error.title),
          ...(error.field ? { field: error.field } : {}),
          ...(error.retryAfterMs ? { retry_after: Math.ceil(error.retryAfterMs / 1000) } : {}),
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const title =
        status === 413
          ? localize(request, { 'zh-CN': '上传内容过大', 'en-US': 'The upload is too large' })
          : HTTP_STATUS_MESSAGES[400];
      return reply
        .status(status)
        .send({ code: ErrorCode.invalidInput, errors: { code: ErrorCode.invalidInput, title } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: ErrorCode.internal, errors: { code: ErrorCode.internal, title: HTTP_STATUS_MESSAGES[500] } });
  });

  if (config.RUN_JOBS) startHousekeeping(ctx, [ctx.requestKeys, ctx.sessions, ctx.rateLimiter]);

  // For load balancers: answers 200 only while the database answers and this instance can open the personal
  // data the others seal (docs/operations.md). Problems name variables and key ids, never a key.
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
    const keys = ctx.dataKeys.status;
    if (keys.state === 'mismatch') {
      return reply.status(503).send({ status: 'data key mismatch', data_key: keys.state, problems: keys.problems });
    }
    const secrets = ctx.sharedSecrets.status;
    if (secrets.state === 'mismatch') {
      return reply.status(503).send({
        status: 'shared secret mismatch',
        data_key: keys.state,
        shared_secrets: secrets.state,
        problems: secrets.problems,
      });
    }
    return { status: 'ok', data_key: keys.state, shared_secrets: secrets.state };
  });

  installTestClock(app, config.isProduction);
  for (const module of MODULES) await app.register(module);
  if (config.API_DOCS ? config.API_DOCS === 'true' : !config.isProduction) await app.register(apiDocsRoutes(buildApp));
  await serveLocalUploads(app, ctx.storage);
  // Jobs start once every module has defined its kinds; missed ones run first (on recovery).
  ctx.onClose(() => ctx.jobs.stop());
  if (config.RUN_JOBS) app.addHook('onReady', async () => ctx.jobs.start());

  const webDist = resolve(config.WEB_DIST);
  const hasWeb = existsSync(resolve(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // dist/assets/x.js.br and .gz, written by the build, answer a browser that accepts them (issue 19).
      preCompressed: true,
      // Hashed assets never change under their name; everything else (index.html, sw.js) is checked each time.
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) assetHeaders(reply);
        else reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && request.method === 'GET' && request.url.startsWith('/assets/')) {
      // The files are listed once at start; one of a build made since is served from the disk. A missing one
      // is a 404, never the app's page: an old tab asking for code of an earlier build gets an error it can
      // show (the page's "reload"), not HTML the browser refuses to run as a script.
      const name = request.url.slice('/assets/'.length).split('?')[0];
      if (/^[\w.-]+$/.test(name) && existsSync(resolve(webDist, 'assets', name))) {
        return reply.sendFile(`assets/${name}`);
      }
    }
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ code: 404, errors: { code: 404, title: HTTP_STATUS_MESSAGES[404] } });
    }
    // History-mode routes: every page path serves the app, which routes on the client.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

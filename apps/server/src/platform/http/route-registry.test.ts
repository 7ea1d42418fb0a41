import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { productionCertificate } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type DiscoveredRoute, discoverRoutes } from './api-docs.ts';

/**
 * Routes that answer an empty input with a refusal without reading any input, and have no schema because they
 * take no input: each with the reason. A route missing here whose handler refused before reading its input
 * could be hiding a schema the discovery never reached (declare it in the route's `config.input`).
 */
const TAKES_NO_INPUT: Record<string, string> = {
  'POST /api/pc/v1/book-chapter/ai-chat-stream': 'answers "under maintenance" (no streaming yet)',
  'GET /api/pc/v1/global/branch-info': 'refused outside a test-environment brand; takes no input',
  'GET /api/new-user/schedule': 'refused to authors outside the new-author camp; takes no input',
  'GET /api/new-user/graduate': 'refused to authors outside the new-author camp; takes no input',
  'GET /api/bbs/sso': 'refused while no external forum is configured; takes no input',
  'GET /api/pc/v1/author/basic-data': 'encrypts its reply with the signing secret, which the sandbox has not',
  'GET /api/pc/v3/author/identity-card-info': 'encrypts its reply with the signing secret, which the sandbox has not',
  'GET /api/pc/v1/bank-card/get': 'encrypts its reply with the signing secret, which the sandbox has not',
  'GET /api/pc/v3/author/delivery-address-list':
    'encrypts its reply with the signing secret, which the sandbox has not',
  'POST /api/author-change-card/commit': 'refused while no bank-card change is pending; takes no input',
  'GET /uploads/*': 'static files of the local disk (@fastify/static): the path is the file',
};

const keyOf = (route: DiscoveredRoute) => `${route.methods.filter((m) => m !== 'HEAD')[0]} ${route.paths[0]}`;

let t: TestApp;
let routes: DiscoveredRoute[];
beforeAll(async () => {
  t = await createTestApp();
  routes = await discoverRoutes(t.config, buildApp);
}, 120_000);
afterAll(async () => t?.close());

describe('route registry', () => {
  it('knows every route the app registers, with its aliases', () => {
    const discovered = new Set(routes.flatMap((r) => r.paths));
    const registered = t.app.routeRegistry.entries.flatMap((r) => r.paths).filter((p) => !p.startsWith('/api/docs'));
    expect(registered.filter((p) => !discovered.has(p))).toEqual([]);
    const save = routes.find((r) => r.paths.includes('/api/pc/v1/book/del-book'));
    expect(save?.paths).toEqual(['/api/pc/v1/book/del-book', '/api/author-book/del-book']);
    expect(save?.auth).toBe('author');
  });

  it('has an input schema for every route (exceptions listed with their reason)', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const key = keyOf(route);
      if (route.unvalidated.length) problems.push(`${key}: reads ${route.unvalidated.join(', ')} without a schema`);
      if (route.paths[0].includes(':') && !route.inputs.params)
        problems.push(`${key}: path parameters without a schema`);
      const none = Object.keys(route.inputs).length === 0 && !route.rawBody;
      if (none && route.emptyInputStatus >= 400 && !TAKES_NO_INPUT[key]) {
        problems.push(`${key}: refused an empty input (${route.emptyInputStatus}) before any schema was seen`);
      }
    }
    console.log(
      `route registry: ${routes.length} routes, ${routes.filter((r) => Object.keys(r.inputs).length).length} with ` +
        `input schemas, ${routes.filter((r) => r.rawBody).length} uploads, ${Object.keys(TAKES_NO_INPUT).length} listed exceptions`,
    );
    expect(problems).toEqual([]);
    const keys = new Set(routes.map(keyOf));
    expect(Object.keys(TAKES_NO_INPUT).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('serves the OpenAPI 3.1 document generated from the registry, and the reference page', async () => {
    const visitor = t.client();
    const res = await visitor.raw({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const save = res.body.paths['/api/pc/v1/book-chapter/save'].post;
    expect(save['x-auth']).toBe('author');
    const body = save.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['chapter_id', 'content', 'save_key']));
    expect(body.properties.content.maxLength).toBeGreaterThan(0);
    const alias = res.body.paths['/api/author-book/del-book'].post;
    expect(alias['x-alias-of']).toBe('/api/pc/v1/book/del-book');
    const person = res.body.paths['/api/admin/authors/people/{user_id}'].get;
    expect(person.parameters[0]).toMatchObject({ name: 'user_id', in: 'path', required: true });
    const upload = res.body.paths['/api/pc/v1/book/upload-cover'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['application/octet-stream']);

    const page = await visitor.raw({ method: 'GET', url: '/api/docs' });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<script type="module" src="/api/docs/reference.js">');
    const protocol = await visitor.raw({ method: 'GET', url: '/api/docs/protocol.js' });
    expect(String(protocol.body)).toContain("from '/api/docs/hmac-md5.js'");
    expect(String(protocol.body)).not.toMatch(/: string\b/);
    // The HMAC module as the page gets it runs in a browser's JavaScript and signs as the server checks.
    const hmacModule = await visitor.raw({ method: 'GET', url: '/api/docs/hmac-md5.js' });
    expect(hmacModule.status).toBe(200);
    const { HmacMd5Key } = await import(`data:text/javascript,${encodeURIComponent(String(hmacModule.body))}`);
    expect(new HmacMd5Key('secret').sign('GET\n/api/x\nt=1\n1')).toBe(
      createHmac('md5', 'secret').update('GET\n/api/x\nt=1\n1').digest('hex'),
    );
  });

  it('serves no reference in production unless API_DOCS is true', async () => {
    for (const [env, status] of [
      [{ NODE_ENV: 'production' }, 404],
      [{ NODE_ENV: 'production', API_DOCS: 'true' }, 200],
    ] as const) {
      const other = await createTestApp({ ...env, ...productionCertificate() });
      try {
        expect((await other.client().raw({ method: 'GET', url: '/api/docs' })).status).toBe(status);
      } finally {
        await other.close();
      }
    }
  });
});

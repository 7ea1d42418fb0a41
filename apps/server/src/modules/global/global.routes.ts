import { createHash } from 'node:crypto';
import { REQ_INFO_PATH, REQUEST_KEY_COOKIE } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import { keptReplyRoute, routeAliases } from '../../platform/http/routes.ts';

/** The calls every page makes first: the signing secret, the brand's configuration, login status. */
export async function globalRoutes(app: FastifyInstance): Promise<void> {
  const { requestKeys, sessions, config } = app.ctx;

  // Encryption-info (§7): unsigned by nature; precedes login, send code, find password, quick register.
  routeAliases(
    app,
    'GET',
    [REQ_INFO_PATH, '/api/author/req-info'],
    { config: { signed: false } },
    async (request, reply) => {
      const key = await requestKeys.issue(request.brand.clientId);
      reply.setCookie(REQUEST_KEY_COOKIE, key.id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        expires: new Date(key.expiresAt),
      });
      return ok({ secret: key.secret, expires_at: key.expiresAt });
    },
  );

  // Serialized once per settings change, and compressed once per reply for browsers; always in memory.
  const configReply = (request: { brand: { clientId: number } }) => app.ctx.brands.configReply(request.brand.clientId);
  keptReplyRoute(app, ['/api/pc/v1/global/config'], undefined, configReply, async (request) => configReply(request));

  routeAliases(app, 'GET', ['/api/pc/v1/login-status'], { config: { auth: 'optional' } }, async (request) => {
    const auth = await sessions.read(request);
    return ok({
      logged_in: auth !== null,
      account_id: auth?.accountId ?? null,
      // An opaque login marker for embedded pages; it is not the session token and grants nothing.
      token: auth ? createHash('sha256').update(`login-status:${auth.sessionId}`).digest('hex').slice(0, 32) : null,
    });
  });
}

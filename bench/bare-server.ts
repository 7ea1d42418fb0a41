import Fastify from 'fastify';

/**
 * The baseline: Fastify answering a fixed JSON envelope of BYTES bytes with no logging and nothing else,
 * on every path and method. The harness sends it exactly the requests the measured endpoint gets (same
 * path and query, headers, body, connections, a fresh signature per request where the endpoint has one),
 * so an endpoint is compared with a bare server doing no work on the same traffic: the load generator
 * shares this machine's two cores, and both its work and the bytes on loopback would otherwise weigh on
 * one side only.
 */
const bytes = Number(process.env.BYTES) || 64;
const shell = JSON.stringify({ code: 200, data: { pad: '' } });
const body = JSON.stringify({ code: 200, data: { pad: 'x'.repeat(Math.max(0, bytes - shell.length)) } });
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.route({
  method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  url: '/*',
  handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(body),
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

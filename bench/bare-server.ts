import Fastify from 'fastify';

/**
 * The baseline: Fastify answering a fixed JSON envelope with no logging and nothing else.
 * `/bare/:bytes` answers an envelope of that many bytes, so an endpoint is compared with a bare
 * route sending as much over the wire (the load generator shares this machine's two cores, and
 * bytes on loopback would otherwise dominate the ratio).
 */
const bodies = new Map<number, string>();
function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (!body) {
    const shell = JSON.stringify({ code: 200, data: { pad: '' } });
    body = JSON.stringify({ code: 200, data: { pad: 'x'.repeat(Math.max(0, bytes - shell.length)) } });
    bodies.set(bytes, body);
  }
  return body;
}
const app = Fastify({ logger: false });
app.get<{ Params: { bytes: string } }>('/bare/:bytes', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(Number(request.params.bytes) || 0)),
);
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

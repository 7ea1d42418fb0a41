import Fastify from 'fastify';

/** The baseline: Fastify answering a fixed JSON envelope, no logging, nothing else. */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, data: { ok: true } }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from './http/envelope.ts';
import { parseInput } from './http/input.ts';

/**
 * TEST-ONLY: a movable server clock for browser tests (e.g. publishing on consecutive days). Registered
 * only outside production (`NODE_ENV !== 'production'`): `POST /api/dev/clock {offset_ms}` makes the
 * process's `Date.now()` run `offset_ms` ahead of (or, negative, behind) the real clock, and every reply's
 * `Date` header follows it, so the web client signs in the moved time. `{offset_ms: 0}` puts it back.
 * Each browser-test worker has a server of its own and runs its files one at a time, so a moved clock is
 * its file's alone.
 */
const realNow = Date.now.bind(Date);
let offsetMs = 0;

export function setClockOffset(ms: number): void {
  offsetMs = ms;
  Date.now = ms === 0 ? realNow : () => realNow() + offsetMs;
}

export function clockOffset(): number {
  return offsetMs;
}

const ClockInput = z.object({
  offset_ms: z
    .number()
    .int()
    .min(-366 * 86_400_000)
    .max(366 * 86_400_000),
});

/** Called on the root app (not registered as a plugin) so the `Date` hook covers every route. */
export function installTestClock(app: FastifyInstance, isProduction: boolean): void {
  if (isProduction) return;
  app.addHook('onSend', async (_request, reply, payload) => {
    if (offsetMs !== 0) reply.header('date', new Date(Date.now()).toUTCString());
    return payload;
  });
  app.post('/api/dev/clock', { config: { signed: false } }, async (request) => {
    const { offset_ms } = parseInput(ClockInput, request.body, request);
    setClockOffset(offset_ms);
    return ok({ offset_ms, now: Date.now() });
  });
  app.get('/api/dev/clock', { config: { signed: false } }, async () => ok({ offset_ms: offsetMs, now: Date.now() }));
}

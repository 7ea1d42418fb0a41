import { afterAll, vi } from 'vitest';
import { setClockOffset } from '../platform/test-clock.ts';

/**
 * Runs around every server test file. The files share one module graph (`isolate: false` in
 * vitest.config.ts), so what a file moves globally is put back when it ends: the test-only server
 * clock patches `Date.now` for the whole process (the input fuzz posts random offsets to
 * /api/dev/clock), and a later file signing its requests in the moved time was refused; fake timers too.
 */
afterAll(() => {
  vi.useRealTimers();
  setClockOffset(0);
});

/**
 * Rate limits count in fixed windows that end on the hour (and, for daily ones, at 00:00 UTC). A test
 * that fills a window and then expects a refusal saying how long to wait failed when the hour ended
 * in the middle of it (a clean-clone run at 03:59:40 got 「请20秒后再试」 where minutes were expected,
 * and one a few seconds later would have been let through). A file that starts in the last
 * three minutes of an hour runs on a clock moved up to just past the hour; no file takes that long,
 * and nothing on the server reads the time from the database, so the shift is the process's alone.
 */
const HOUR_MS = 3_600_000;
const NEAR_END_MS = 3 * 60_000;
const untilNextHour = HOUR_MS - (Date.now() % HOUR_MS);
if (untilNextHour < NEAR_END_MS) setClockOffset(untilNextHour + 1000);

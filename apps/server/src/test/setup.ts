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

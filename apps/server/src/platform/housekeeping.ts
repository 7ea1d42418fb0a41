import type { AppContext } from './context.ts';

const EVERY_MS = 10 * 60 * 1000;

/** Removes expired signing keys, sessions and rate-limit windows, every ten minutes while the app runs. */
export function startHousekeeping(ctx: AppContext, stores: Array<{ purgeExpired(now?: number): Promise<void> }>): void {
  const run = async () => {
    for (const store of stores) {
      try {
        await store.purgeExpired();
      } catch (error) {
        ctx.log.warn({ err: error }, 'housekeeping failed; will retry');
      }
    }
  };
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // One module graph for all files (each file still opens its own app and database): loading
          // the server for each of 70 files was a third of the suite's time. test/setup.ts puts back
          // what a file changes process-wide.
          isolate: false,
          // Files run side by side, a worker per core, each file with its own database (vitest's default
          // leaves one core idle).
          maxWorkers: availableParallelism(),
          setupFiles: ['apps/server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web-unit', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          setupFiles: ['apps/web/e2e/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits 1 s by default: too short for a page and a server sharing two cores
          // (the daily-open test's first signed call, refused as stale and resent, missed it under load).
          // A poll returns as soon as it holds, so the wider bound costs a passing test nothing.
          expect: { poll: { timeout: 15_000 } },
          // Files at a time (E2E_WORKERS, by default one per core), each worker with a server of its own
          // (global-setup.ts). One file at a time kept a core idle: a file's browser, server and test
          // process together used 1.2 of the two cores.
          maxWorkers: Number(process.env.E2E_WORKERS ?? availableParallelism()),
        },
      },
    ],
  },
});

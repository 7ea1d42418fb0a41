import { beforeEach } from 'vitest';
import { setRunningTest } from './browser.ts';

/** Runs around every browser test: browser.ts learns which test runs, to describe the screen when it fails. */
beforeEach(({ task }) => setRunningTest(task));

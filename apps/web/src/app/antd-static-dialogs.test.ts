import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * antd's static dialogs and toasts (`Modal.confirm`, `message.error`, `notification.open`…) render
 * outside the React tree, so outside AntdScope: its locale, the brand's theme and the two-character
 * button setting ('确定', not '确 定') do not reach them. Pages use `Modal.useModal()` (its holder in
 * the page) or the app's ConfirmDialog, and platform/notify.ts for toasts (its `f.message` is an
 * instance from antd's hooks, rendered by app/FeedbackHost.tsx, and is fine).
 */
const STATIC_CALL =
  /(?<![.\w])(Modal\.(confirm|info|success|error|warning|warn)|message\.(success|error|info|warning|warn|loading|open)|notification\.(open|success|error|info|warning|warn))\s*\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('antd dialogs inside AntdScope', () => {
  it('no page calls a static antd dialog or toast', () => {
    const root = join(import.meta.dirname, '..');
    const offenders = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => STATIC_CALL.test(line) && !/^\s*(\/\/|\*)/.test(line))
        .map(({ at }) => at),
    );
    expect(offenders).toEqual([]);
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SHARED_SECRETS } from './config.ts';

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has working defaults: SQLite in ./data on port 3000 with demo data', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.dataKey).toHaveLength(32);
  });

  it('keeps the generated data key across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).dataKey.equals(loadConfig({ DATA_DIR: dir }).dataKey)).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration:\nPORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV: /],
    [{ DATA_KEY: 'too-short-but-over-thirty-two-chars!!' }, /DATA_KEY: must be 32 bytes/],
  ])('names the bad variable: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('requires a shared DATA_KEY for production on PostgreSQL', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow(
      /DATA_KEY: required with DATABASE_URL outside development/,
    );
  });
});

describe('the deployment instructions', () => {
  it('never generate a shared secret per instance (export X=$(openssl …) would give each instance its own key)', async () => {
    const root = resolve(import.meta.dirname, '../../..');
    for (const doc of ['README.md', 'docs/operations.md']) {
      const text = readFileSync(resolve(root, doc), 'utf8');
      for (const { name } of SHARED_SECRETS) {
        const generated = text.split('\n').filter((line) => new RegExp(`\\b${name}=\\s*["']?(\\$\\(|\`)`).test(line));
        expect(generated, `${doc} sets ${name} from a command`).toEqual([]);
      }
      expect(text, doc).toMatch(/DATA_KEY[\s\S]{0,200}ONCE/);
    }
  });
});

import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { shanghaiDate } from '@author-centre/shared';
import type { BranchEntry, EnvCheck } from '@author-centre/shared/home-api';
import type { AppContext } from '../../platform/context.ts';
import type { IpLookup } from './ip-lookup.ts';
import './tracking.tables.ts';

/** The once-a-day open event (§7), also counted per account and day. */
export const DAILY_OPEN_EVENT = 'daily_open';

/** Countries the brands serve from; a known address elsewhere is an environment to warn about. */
const SERVICE_COUNTRIES = new Set(['CN']);

export interface TrackEvent {
  name: string;
  properties: Record<string, unknown>;
  platform_id: string;
  /** When it happened in the browser (epoch ms). */
  time?: number;
  path?: string;
}

/** Stores a batch of event tracks; the daily open also lands once per account and Shanghai day. */
export async function track(
  ctx: AppContext,
  who: { clientId: number; accountId: number | null },
  events: TrackEvent[],
  now = Date.now(),
): Promise<{ stored: number }> {
  if (events.length === 0) return { stored: 0 };
  await ctx.db
    .insertInto('tracking_events')
    .values(
      events.map((e) => ({
        client_id: who.clientId,
        account_id: who.accountId,
        name: e.name,
        properties: JSON.stringify(e.properties),
        platform_id: e.platform_id,
        path: e.path ?? '',
        // A browser clock ahead of ours is not believed.
        occurred_at: e.time && e.time <= now ? e.time : now,
        created_at: now,
      })),
    )
    .execute();
  const open = events.find((e) => e.name === DAILY_OPEN_EVENT);
  if (open && who.accountId !== null) {
    await ctx.db
      .insertInto('daily_opens')
      .values({
        client_id: who.clientId,
        account_id: who.accountId,
        day: shanghaiDate(now),
        platform_id: open.platform_id,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'day']).doNothing())
      .execute();
  }
  return { stored: events.length };
}

export async function dailyOpens(ctx: AppContext, clientId: number, day: string) {
  const row = await ctx.db
    .selectFrom('daily_opens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** GLOBAL_CHECK_ENV: env 1 when the caller's address is known to be outside the service countries. */
export async function checkEnv(lookup: IpLookup, ip: string): Promise<EnvCheck> {
  const info = await lookup.lookup(ip);
  const outside = info !== null && info.country !== '' && !SERVICE_COUNTRIES.has(info.country);
  return { env: outside ? 1 : 0, ip };
}

const run = promisify(execFile);
const REPO_ROOT = resolve(import.meta.dirname, '../../../../..');
let branchCache: { at: number; list: BranchEntry[] } | null = null;

function shanghaiTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Branches of the deployed checkout with their last commit time (the test environment's branch
 * tooltip). Empty when the server does not run from a git checkout.
 */
export async function branchInfo(now = Date.now()): Promise<BranchEntry[]> {
  if (branchCache && now - branchCache.at < 60_000) return branchCache.list;
  let list: BranchEntry[] = [];
  try {
    const [refs, head] = await Promise.all([
      run(
        'git',
        [
          'for-each-ref',
          '--sort=-committerdate',
          '--count=20',
          '--format=%(refname:short)\t%(committerdate:unix)',
          'refs/heads',
        ],
        {
          cwd: REPO_ROOT,
          timeout: 3000,
        },
      ),
      run('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: REPO_ROOT, timeout: 3000 }),
    ]);
    const current = head.stdout.trim();
    list = refs.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [branchName = '', unix = '0'] = line.split('\t');
        return { branchName, lastMergeTime: shanghaiTime(Number(unix) * 1000), current: branchName === current };
      });
  } catch {
    list = [];
  }
  branchCache = { at: now, list };
  return list;
}

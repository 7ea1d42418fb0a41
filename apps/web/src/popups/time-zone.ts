import { STORAGE_KEYS } from '@author-centre/shared/constants';
import { shanghaiDate } from '@author-centre/shared/dates';
import type { EnvCheck } from '@author-centre/shared/home-api';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../platform/api.ts';
import { readItem, writeItem } from '../platform/storage.ts';

/** The UTC offset of a time zone at an instant, in minutes; null for a zone the browser does not know. */
export function zoneOffsetMinutes(zone: string, at: number): number | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!name) return null;
    if (name === 'GMT') return 0;
    const m = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(name);
    if (!m) return null;
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    return m[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

/**
 * Whether the device's time zone differs from the network's: compared by their offsets now, so
 * 'Asia/Chongqing' and 'Asia/Shanghai' agree. An unknown zone is no evidence of a difference.
 */
export function zonesDiffer(ipZone: string, deviceZone: string, at: number): boolean {
  if (!ipZone || !deviceZone || ipZone === deviceZone) return false;
  const a = zoneOffsetMinutes(ipZone, at);
  const b = zoneOffsetMinutes(deviceZone, at);
  return a !== null && b !== null && a !== b;
}

let deviceZone: string | undefined;
/** The browser's time zone, asked once: a page's first Intl.DateTimeFormat costs ~20 ms of main thread. */
export function deviceTimeZone(): string {
  if (deviceZone === undefined) {
    try {
      deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
    } catch {
      deviceZone = '';
    }
  }
  return deviceZone;
}

/** "Once per day" is a Shanghai calendar day (§9 business time zone). */
export function timeTipShownToday(now = Date.now()): boolean {
  return readItem(STORAGE_KEYS.timeTipDate) === shanghaiDate(now);
}

export function markTimeTipShown(now = Date.now()): void {
  writeItem(STORAGE_KEYS.timeTipDate, shanghaiDate(now));
}

export const CHECK_ENV_PATH = '/api/pc/v1/global/check-env';
export const CHECK_ENV_QUERY_KEY = ['check-env'] as const;
export const IP_TIME_ZONE_PATH = '/api/pc/v1/global/ip-time-zone';

export const fetchEnvCheck = (signal?: AbortSignal) =>
  apiGet<EnvCheck>(CHECK_ENV_PATH, undefined, { signal, silent: true });

export interface TimeZoneVerdict {
  needed: boolean;
  /** The two zones compared (empty when not needed). */
  ipZone: string;
  deviceZone: string;
}
const NOT_NEEDED: TimeZoneVerdict = { needed: false, ipZone: '', deviceZone: '' };

/**
 * Pop 6's rule: once per day, when the IP's time zone (GLOBAL_CHECK_ENV's ip, then the IP lookup)
 * differs from the browser's. Undefined while unknown; a failed lookup is "ready, not needed".
 */
export function useTimeZoneTip(enabled: boolean): TimeZoneVerdict | undefined {
  const shownToday = timeTipShownToday();
  const active = enabled && !shownToday;
  const env = useQuery({
    queryKey: CHECK_ENV_QUERY_KEY,
    queryFn: ({ signal }) => fetchEnvCheck(signal),
    enabled: active,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const ip = env.data?.ip;
  const lookup = useQuery({
    queryKey: ['ip-time-zone', ip],
    // The zones are compared as the answer arrives, in its own task, not while React renders with it: the
    // browser's zone is the page's first Intl.DateTimeFormat (~20-30 ms), which made the render that followed
    // the answer one of the page's longest tasks. Not while the page loads either: only once there is an IP's
    // zone to compare it with.
    queryFn: ({ signal }): Promise<TimeZoneVerdict> =>
      apiGet<{ ip: string; time_zone: string }>(IP_TIME_ZONE_PATH, { ip }, { signal, silent: true }).then(
        ({ time_zone: ipZone }) => {
          const zone = deviceTimeZone();
          return { needed: zonesDiffer(ipZone, zone, Date.now()), ipZone, deviceZone: zone };
        },
      ),
    enabled: active && Boolean(ip),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!enabled) return undefined;
  if (shownToday || env.isError || lookup.isError || (env.data && !ip)) return NOT_NEEDED;
  return lookup.data;
}

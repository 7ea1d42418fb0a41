import { apiPost } from '../../platform/api.ts';

/**
 * Client of our statistics collector (§7: event tracks with name, properties, platform id).
 * Events are batched for a second and sent together; a failed batch is dropped (statistics never
 * bother the author).
 */
export const PLATFORM_ID = 'pc';
export const TRACK_PATH = '/api/pc/v1/statistics/track';
const FLUSH_MS = 1000;
const MAX_BATCH = 50;

type Scalar = string | number | boolean | null;
interface TrackEvent {
  name: string;
  properties: Record<string, Scalar>;
  platform_id: string;
  time: number;
  path: string;
}

const pending: TrackEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

export function track(name: string, properties: Record<string, Scalar> = {}): void {
  pending.push({
    name,
    properties,
    platform_id: PLATFORM_ID,
    time: Date.now(),
    path: globalThis.location?.pathname ?? '',
  });
  if (pending.length >= MAX_BATCH) void flush();
  else timer ??= setTimeout(() => void flush(), FLUSH_MS);
}

export async function flush(): Promise<boolean> {
  if (timer) clearTimeout(timer);
  timer = null;
  const events = pending.splice(0, MAX_BATCH);
  if (events.length === 0) return true;
  try {
    await apiPost(TRACK_PATH, { events }, { silent: true });
    return true;
  } catch {
    return false;
  }
}

/** Sends one event now (the daily open must know whether it arrived). */
export async function trackNow(name: string, properties: Record<string, Scalar> = {}): Promise<boolean> {
  track(name, properties);
  return flush();
}

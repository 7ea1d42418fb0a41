import { SHANGHAI_OFFSET_MS } from '@author-centre/shared/dates';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Schedule times are Beijing time (Asia/Shanghai, UTC+8 all year) everywhere: the server reads a
 * recurring schedule's time in Beijing, so a one-off time is picked and shown in Beijing too, whatever
 * the browser's zone. Ant Design's pickers work in the browser's zone, so a picker value carries the
 * Beijing wall time as its own wall time and is converted at the edges.
 */

const HOUR_MS = 3_600_000;
/** How far ahead the schedule dialog's first offer is at least (the server refuses a time under a minute away). */
export const SCHEDULE_LEAD_MS = 10 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' (or with ':ss') of an instant, in Beijing time ('' for none). */
export function formatBeijing(ms: number | null | undefined, withSeconds = false): string {
  if (!ms) return '';
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  const minute = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return withSeconds ? `${minute}:${pad(d.getUTCSeconds())}` : minute;
}

/** A picker value whose wall time is the Beijing wall time of the instant. */
export function beijingPickerValue(ms: number): Dayjs {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return dayjs(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()));
}

/** The instant a picker value means, its wall time read as Beijing time. */
export function beijingInstant(value: Dayjs): number {
  return Date.UTC(value.year(), value.month(), value.date(), value.hour(), value.minute()) - SHANGHAI_OFFSET_MS;
}

/** Whether this browser's clock reads Beijing time at the instant (then a "local time" hint says nothing new). */
export function browserIsBeijing(ms: number): boolean {
  return new Date(ms).getTimezoneOffset() === -SHANGHAI_OFFSET_MS / 60_000;
}

/**
 * The time a schedule dialog offers first: the first full hour at least SCHEDULE_LEAD_MS from now, so a
 * dialog opened at 12:59 offers 14:00, not a 13:00 the server would refuse before the author is done.
 */
export function firstScheduleOffer(now: number): number {
  return Math.ceil((now + SCHEDULE_LEAD_MS) / HOUR_MS) * HOUR_MS;
}

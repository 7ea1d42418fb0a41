/**
 * Calendar days in Asia/Shanghai, the product's business time zone (settlement days, "once per
 * day", per-day statistics, date pickers). Shanghai is UTC+8 all year (no DST), so a fixed offset is
 * exact and needs no time-zone database.
 */

const DAY_MS = 86_400_000;
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export type DateInput = number | Date;

const toMs = (d: DateInput): number => (typeof d === 'number' ? d : d.getTime());

/** The Shanghai calendar date of an instant, as 'YYYY-MM-DD'. */
export function shanghaiDate(ms: DateInput): string {
  return new Date(toMs(ms) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** Epoch ms of 00:00 Shanghai time on the day containing the instant. */
export function shanghaiDayStart(ms: DateInput): number {
  return Math.floor((toMs(ms) + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
}

/** Epoch ms of 00:00 Shanghai time on the first day of the month containing the instant. */
export function shanghaiMonthStart(ms: DateInput): number {
  const d = new Date(toMs(ms) + SHANGHAI_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - SHANGHAI_OFFSET_MS;
}

/** Epoch ms of 00:00 Shanghai time on the first day of the next month. */
export function shanghaiNextMonthStart(ms: DateInput): number {
  const d = new Date(toMs(ms) + SHANGHAI_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - SHANGHAI_OFFSET_MS;
}

/**
 * Epoch ms of 00:00 Shanghai time on a 'YYYY-MM-DD' date; NaN when it is not a real calendar date
 * (so '2023-02-29' is refused rather than rolled over to March).
 */
export function parseShanghaiDate(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return Number.NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms - SHANGHAI_OFFSET_MS : Number.NaN;
}

export type DatePickerMode = 'beforeMonth' | 'afterMonth' | 'currentMonth';

/**
 * Whether a date-picker cell is disabled (§5). Only the Shanghai calendar day of `date` matters,
 * never its time of day.
 * - 'beforeMonth': days after the end of the reference month are disabled.
 * - 'afterMonth': days before the reference day are disabled, so yesterday and earlier are off
 *   and today is selectable. The spec's "today and earlier minus one day" is that window shifted
 *   back one day: a leave or a schedule may still start today.
 * - 'currentMonth': only days of the reference month are selectable.
 */
export function isDateDisabled(mode: DatePickerMode, date: DateInput, reference: DateInput = Date.now()): boolean {
  const day = shanghaiDayStart(date);
  switch (mode) {
    case 'beforeMonth':
      return day >= shanghaiNextMonthStart(reference);
    case 'afterMonth':
      return day < shanghaiDayStart(reference);
    case 'currentMonth':
      return day < shanghaiMonthStart(reference) || day >= shanghaiNextMonthStart(reference);
  }
}

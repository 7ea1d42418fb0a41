import { describe, expect, it } from 'vitest';
import {
  isDateDisabled,
  parseShanghaiDate,
  shanghaiDate,
  shanghaiDayStart,
  shanghaiMonthStart,
  shanghaiNextMonthStart,
} from './dates.ts';

/** Epoch ms of a Shanghai wall-clock time. */
const sh = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 8, min);

describe('Shanghai days', () => {
  it('formats the Shanghai calendar date, which runs 8 hours ahead of UTC', () => {
    expect(shanghaiDate(Date.UTC(2024, 0, 31, 15, 59))).toBe('2024-01-31');
    expect(shanghaiDate(Date.UTC(2024, 0, 31, 16, 0))).toBe('2024-02-01');
    expect(shanghaiDate(new Date(sh(2024, 12, 31, 23, 59)))).toBe('2024-12-31');
  });

  it('finds the start of the day in Shanghai', () => {
    expect(shanghaiDayStart(sh(2024, 3, 10, 13, 45))).toBe(sh(2024, 3, 10));
    expect(shanghaiDayStart(sh(2024, 3, 10))).toBe(sh(2024, 3, 10));
    expect(shanghaiDayStart(sh(2024, 3, 10) - 1)).toBe(sh(2024, 3, 9));
    expect(new Date(shanghaiDayStart(sh(2024, 3, 10, 5))).toISOString()).toBe('2024-03-09T16:00:00.000Z');
  });

  it('finds month bounds, across a year end', () => {
    expect(shanghaiMonthStart(sh(2024, 2, 29, 23))).toBe(sh(2024, 2, 1));
    expect(shanghaiNextMonthStart(sh(2024, 2, 29, 23))).toBe(sh(2024, 3, 1));
    expect(shanghaiNextMonthStart(sh(2024, 12, 5))).toBe(sh(2025, 1, 1));
  });

  it('parses real dates only', () => {
    expect(parseShanghaiDate('2024-02-29')).toBe(sh(2024, 2, 29));
    expect(parseShanghaiDate('2023-02-29')).toBeNaN();
    expect(parseShanghaiDate('2024-2-1')).toBeNaN();
    expect(parseShanghaiDate('')).toBeNaN();
  });
});

describe('isDateDisabled', () => {
  const ref = sh(2024, 5, 15, 10); // 15 May 2024, 10:00 Shanghai

  it('beforeMonth disables days after the end of the reference month', () => {
    expect(isDateDisabled('beforeMonth', sh(2020, 1, 1), ref)).toBe(false);
    expect(isDateDisabled('beforeMonth', sh(2024, 5, 31, 23, 59), ref)).toBe(false);
    expect(isDateDisabled('beforeMonth', sh(2024, 6, 1), ref)).toBe(true);
    expect(isDateDisabled('beforeMonth', sh(2025, 1, 1), ref)).toBe(true);
  });

  it('afterMonth disables yesterday and earlier; today is selectable', () => {
    expect(isDateDisabled('afterMonth', sh(2024, 5, 14, 23, 59), ref)).toBe(true);
    expect(isDateDisabled('afterMonth', sh(2024, 4, 1), ref)).toBe(true);
    expect(isDateDisabled('afterMonth', sh(2024, 5, 15, 0), ref)).toBe(false);
    expect(isDateDisabled('afterMonth', sh(2024, 5, 15, 9), ref)).toBe(false);
    expect(isDateDisabled('afterMonth', sh(2024, 7, 1), ref)).toBe(false);
  });

  it('currentMonth allows only days of the reference month', () => {
    expect(isDateDisabled('currentMonth', sh(2024, 4, 30, 23, 59), ref)).toBe(true);
    expect(isDateDisabled('currentMonth', sh(2024, 5, 1), ref)).toBe(false);
    expect(isDateDisabled('currentMonth', sh(2024, 5, 31, 23, 59), ref)).toBe(false);
    expect(isDateDisabled('currentMonth', sh(2024, 6, 1), ref)).toBe(true);
    expect(isDateDisabled('currentMonth', sh(2023, 5, 15), ref)).toBe(true);
  });

  it('judges by the Shanghai day, not the UTC one', () => {
    // 31 May 20:00 UTC is already 1 June in Shanghai.
    expect(isDateDisabled('currentMonth', Date.UTC(2024, 4, 31, 20), ref)).toBe(true);
    expect(isDateDisabled('beforeMonth', Date.UTC(2024, 4, 31, 20), ref)).toBe(true);
    // Reference at 1 June 01:00 Shanghai (still 31 May in UTC): June is the reference month.
    expect(isDateDisabled('currentMonth', sh(2024, 6, 10), sh(2024, 6, 1, 1))).toBe(false);
  });

  it('accepts Date objects', () => {
    expect(isDateDisabled('afterMonth', new Date(sh(2024, 5, 1)), new Date(ref))).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  beijingInstant,
  beijingPickerValue,
  browserIsBeijing,
  firstScheduleOffer,
  formatBeijing,
} from './beijing-time.ts';

describe('schedule times in Beijing time, whatever the browser zone', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  // 2026-11-26 12:00 in Beijing is 04:00 UTC and 23:00 the day before in New York.
  const noon = Date.UTC(2026, 10, 26, 4, 0);

  it('shows an instant as Beijing wall time', () => {
    expect(formatBeijing(noon)).toBe('2026-11-26 12:00');
    expect(formatBeijing(null)).toBe('');
    expect(browserIsBeijing(noon)).toBe(false);
  });

  it('puts the Beijing wall time into a picker and reads it back as the same instant', () => {
    const value = beijingPickerValue(noon);
    expect(value.format('YYYY-MM-DD HH:mm')).toBe('2026-11-26 12:00');
    expect(beijingInstant(value)).toBe(noon);
    expect(beijingInstant(value.hour(0).minute(30))).toBe(Date.UTC(2026, 10, 25, 16, 30));
  });

  it('knows a browser in Shanghai needs no local-time hint', () => {
    process.env.TZ = 'Asia/Shanghai';
    expect(browserIsBeijing(noon)).toBe(true);
  });

  it('gives the seconds when asked (the audit log)', () => {
    expect(formatBeijing(Date.UTC(2026, 0, 31, 16, 5, 7), true)).toBe('2026-02-01 00:05:07');
  });

  it('first offers a full hour far enough ahead that the server takes it, even in the last minutes of an hour', () => {
    const at = (h: number, m: number, s = 0) => Date.UTC(2026, 10, 28, h, m, s);
    expect(firstScheduleOffer(at(11, 20))).toBe(at(12, 0));
    expect(firstScheduleOffer(at(11, 50))).toBe(at(12, 0));
    expect(firstScheduleOffer(at(11, 50, 1))).toBe(at(13, 0));
    expect(firstScheduleOffer(at(11, 59, 30))).toBe(at(13, 0));
    expect(firstScheduleOffer(at(12, 0))).toBe(at(13, 0));
    expect(formatBeijing(firstScheduleOffer(at(15, 59, 59)))).toBe('2026-11-29 01:00');
  });
});

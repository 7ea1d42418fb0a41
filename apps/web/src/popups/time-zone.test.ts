import { describe, expect, it } from 'vitest';
import { zoneOffsetMinutes, zonesDiffer } from './time-zone.ts';

const JAN = Date.UTC(2025, 0, 15);
const JUL = Date.UTC(2025, 6, 15);

describe('time zones', () => {
  it('reads offsets, with daylight saving', () => {
    expect(zoneOffsetMinutes('Asia/Shanghai', JAN)).toBe(480);
    expect(zoneOffsetMinutes('America/New_York', JAN)).toBe(-300);
    expect(zoneOffsetMinutes('America/New_York', JUL)).toBe(-240);
    expect(zoneOffsetMinutes('Asia/Kolkata', JAN)).toBe(330);
    expect(zoneOffsetMinutes('UTC', JAN)).toBe(0);
    expect(zoneOffsetMinutes('Not/AZone', JAN)).toBeNull();
  });

  it('two names of one offset agree; different offsets differ; unknown is no difference', () => {
    expect(zonesDiffer('Asia/Shanghai', 'Asia/Chongqing', JAN)).toBe(false);
    expect(zonesDiffer('Asia/Shanghai', 'Asia/Shanghai', JAN)).toBe(false);
    expect(zonesDiffer('Asia/Shanghai', 'America/New_York', JAN)).toBe(true);
    expect(zonesDiffer('Europe/London', 'UTC', JAN)).toBe(false);
    expect(zonesDiffer('Europe/London', 'UTC', JUL)).toBe(true);
    expect(zonesDiffer('', 'Asia/Shanghai', JAN)).toBe(false);
    expect(zonesDiffer('Not/AZone', 'Asia/Shanghai', JAN)).toBe(false);
  });
});

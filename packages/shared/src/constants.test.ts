import { describe, expect, it } from 'vitest';
import {
  APP_DOWNLOAD_PROMPT_GROUPS,
  EXPRESS_CARRIER,
  EXPRESS_CARRIER_LABELS,
  GUIDE_IDS_BY_PAGE,
  PAGE_KEYS,
  POP_ID,
  POP_ORDER,
  STORAGE_KEYS,
} from './constants.ts';

describe('constants', () => {
  it('orders every pop-up id exactly once', () => {
    expect(POP_ORDER).toEqual(['account-split', '1', '10', '7', '3', '2', '4', '6']);
    expect([...POP_ORDER].sort()).toEqual(Object.values(POP_ID).sort());
  });

  it('configures guides only for known page keys', () => {
    for (const page of Object.keys(GUIDE_IDS_BY_PAGE)) expect(PAGE_KEYS).toContain(page);
  });

  it('labels every express carrier in both languages', () => {
    for (const id of Object.values(EXPRESS_CARRIER)) {
      expect(EXPRESS_CARRIER_LABELS[id]['zh-CN']).toBeTruthy();
      expect(EXPRESS_CARRIER_LABELS[id]['en-US']).toBeTruthy();
    }
    expect(EXPRESS_CARRIER_LABELS[EXPRESS_CARRIER.ems]['en-US']).toBe('EMS China Post');
  });

  it('uses distinct storage keys and prompt groups', () => {
    const keys = Object.values(STORAGE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(APP_DOWNLOAD_PROMPT_GROUPS.map((g) => g.key)).size).toBe(APP_DOWNLOAD_PROMPT_GROUPS.length);
  });
});

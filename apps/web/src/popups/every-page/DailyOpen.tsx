import { shanghaiDate } from '@author-centre/shared/dates';
import { useEffect } from 'react';
import { readItem, writeItem } from '../../platform/storage.ts';
import { trackNow } from './tracker.ts';

export const DAILY_OPEN_EVENT = 'daily_open';
export const DAILY_OPEN_KEY_PREFIX = 'ac:daily-open:';

/** The once-a-day open event (§7): one per account and Shanghai day, remembered once it arrived. */
export function DailyOpen({ accountId }: { accountId: number | null }) {
  useEffect(() => {
    if (accountId === null) return;
    const key = `${DAILY_OPEN_KEY_PREFIX}${accountId}`;
    const today = shanghaiDate(Date.now());
    if (readItem(key) === today) return;
    writeItem(key, today);
    void trackNow(DAILY_OPEN_EVENT, {}).then((sent) => {
      if (!sent) writeItem(key, '');
    });
  }, [accountId]);
  return null;
}

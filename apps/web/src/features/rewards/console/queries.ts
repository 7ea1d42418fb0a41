import { useQuery } from '@tanstack/react-query';
import { CONSOLE_QUERY_ROOT, consoleGet, type ListPage } from '../../../console/console-api.ts';
import { BADGES_PATH, type Badge, LEVELS_PATH, type Level } from './rewards-api.ts';

/** Every level of the brand (a catalogue has tens of rows). */
export function useLevels() {
  return useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, LEVELS_PATH, 'all'],
    queryFn: ({ signal }) => consoleGet<ListPage<Level>>(LEVELS_PATH, { page_size: 500 }, { signal, silent: true }),
  });
}

/** Every badge of the brand, for the award dialog and the awards filter. */
export function useBadges() {
  return useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, BADGES_PATH, 'all'],
    queryFn: ({ signal }) => consoleGet<ListPage<Badge>>(BADGES_PATH, { page_size: 500 }, { signal, silent: true }),
  });
}

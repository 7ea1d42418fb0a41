import type { PenNameTaskStatus } from '@author-centre/shared/pen-name-api';
import { apiGet } from '../../platform/api.ts';

/** The pen-name binding task's status (§7 pen-name-task/status): the author's pen names and any task under way. */
export const PEN_NAME_STATUS_PATH = '/api/pc/v1/author/pen-name-task/status';

/** How long a status asked ahead is taken instead of a new call: long enough for the dialog to download. */
const AHEAD_FOR_MS = 10_000;
let ahead: { status: Promise<PenNameTaskStatus>; at: number } | null = null;

const fetchStatus = () => apiGet<PenNameTaskStatus>(PEN_NAME_STATUS_PATH, undefined, { silent: true });

/**
 * Starts the status call while the binding dialog downloads (the pop-up queue, when it is about to show it), so
 * the dialog does not ask only once it is there: its text is the largest thing such a page paints (issue 19).
 */
export function askPenNameStatusAhead(): void {
  if (ahead && Date.now() - ahead.at < AHEAD_FOR_MS) return;
  ahead = { status: fetchStatus(), at: Date.now() };
  ahead.status.catch(() => {});
}

/** The status for the dialog: the call started ahead, once and while recent, else a new one (a retry, a reopening). */
export function penNameStatus(): Promise<PenNameTaskStatus> {
  const started = ahead && Date.now() - ahead.at < AHEAD_FOR_MS ? ahead.status : null;
  ahead = null;
  return started ?? fetchStatus();
}

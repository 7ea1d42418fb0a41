import { GUIDE_IDS_BY_PAGE, type PageKey } from '@author-centre/shared/constants';

/**
 * Page guide queues of §4 (custom-picture: 32; reader-error-correction: 7; comment-index: 34): a
 * guide is due when the profile's guide_conf has its flag and the flag is false, and it has not
 * been shown in this visit.
 */
export function dueGuides(
  pageKey: PageKey | undefined,
  guideConf: Record<string, boolean> | undefined,
  shown: readonly number[],
): number[] {
  if (!pageKey || !guideConf) return [];
  return (GUIDE_IDS_BY_PAGE[pageKey] ?? []).filter((id) => guideConf[String(id)] === false && !shown.includes(id));
}

export interface GuideTourState {
  /** The guide on screen and its step. */
  guide: number | null;
  step: number;
}

/** Advancing past the last step finishes the guide: the caller records it and moves to the next due one. */
export function advance(state: GuideTourState, steps: number): { state: GuideTourState; finished: number | null } {
  if (state.guide === null) return { state, finished: null };
  if (state.step < steps - 1) return { state: { ...state, step: state.step + 1 }, finished: null };
  return { state: { guide: null, step: 0 }, finished: state.guide };
}

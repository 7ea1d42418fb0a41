import { BEGINNER_GUIDE_ID, POP_ORDER, type PopId } from '@author-centre/shared/constants';
import type { HomeModelList, PopupProfileFields } from '@author-centre/shared/home-api';

/**
 * The global pop-up queue of spec §4, as a pure reducer: at most one pop at a time, in POP_ORDER;
 * a pop shows when its rule says it is needed and it has not been shown yet; closing one clears
 * the current pop and the next needed one appears. Nothing shows unless the brand's layout config
 * `appGlobalPop.show` is true (and someone is logged in).
 *
 * `needs[id]` is undefined while the data behind a rule is still loading: the queue then waits
 * rather than show a later pop first.
 */
export type PopNeeds = Partial<Record<PopId, boolean>>;

export interface QueueState {
  enabled: boolean;
  needs: PopNeeds;
  /** Pops the current page does not show (the badge pop on the chapter editor). */
  suppressed: readonly PopId[];
  shown: readonly PopId[];
  current: PopId | null;
}

export type QueueAction =
  | { type: 'enable'; enabled: boolean }
  | { type: 'needs'; needs: PopNeeds }
  | { type: 'page'; pathname: string }
  | { type: 'close' }
  /** Logout: clears the pop and forgets what was shown. */
  | { type: 'reset' };

export const initialQueue: QueueState = { enabled: false, needs: {}, suppressed: [], shown: [], current: null };

/** Pages whose address contains /front/book-upload suppress the badge pop (§2). */
export function suppressedOn(pathname: string): PopId[] {
  return pathname.includes('/front/book-upload') ? ['3'] : [];
}

/** The pop that should show now, or null (none needed, or an earlier rule still unknown). */
export function nextPop(state: Omit<QueueState, 'current'>): PopId | null {
  if (!state.enabled) return null;
  for (const id of POP_ORDER) {
    if (state.suppressed.includes(id) || state.shown.includes(id)) continue;
    const need = state.needs[id];
    if (need === undefined) return null;
    if (need) return id;
  }
  return null;
}

/**
 * True when the queue is on, shows nothing, and every pop not shown yet is known not to be needed: no
 * pop will appear until the author's data changes. A needed pop the page holds back (the badge pop on
 * the chapter editor) keeps it unsettled, since it shows on the next page.
 */
export function queueSettled(state: QueueState): boolean {
  if (!state.enabled || state.current !== null) return false;
  return POP_ORDER.every((id) => state.shown.includes(id) || state.needs[id] === false);
}

function settle(state: QueueState): QueueState {
  if (state.current !== null) {
    // A pop leaves without counting as shown when the queue is switched off or the page hides it.
    if (!state.enabled || state.suppressed.includes(state.current)) return { ...state, current: null };
    return state;
  }
  const current = nextPop(state);
  return current === state.current ? state : { ...state, current };
}

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'enable':
      return settle({ ...state, enabled: action.enabled });
    case 'needs':
      return settle({ ...state, needs: { ...state.needs, ...action.needs } });
    case 'page': {
      const suppressed = suppressedOn(action.pathname);
      const same =
        suppressed.length === state.suppressed.length && suppressed.every((id, i) => state.suppressed[i] === id);
      return settle(same ? state : { ...state, suppressed });
    }
    case 'close': {
      if (state.current === null) return state;
      return settle({ ...state, shown: [...state.shown, state.current], current: null });
    }
    case 'reset':
      return { ...initialQueue, enabled: state.enabled, suppressed: state.suppressed };
  }
}

/** The profile fields the rules read (GET /api/author/profile). */
export interface QueueProfile extends Partial<PopupProfileFields> {
  user?: { is_phone_bind?: number };
  guide_conf?: Record<string, boolean>;
}

/**
 * Each pop's rule (§4). Undefined inputs leave their pops unknown; a failed load should be passed
 * as an empty value so the queue moves on.
 * - account-split: account_split_model non-empty; 1: no bound phone; 10: guide_conf 37 present and
 *   false; 7: graduate list non-empty; 3: badges non-empty; 2: a level upgrade waiting;
 *   4: common_model non-empty; 6: the time-zone check says so.
 */
export function needsFrom(input: {
  profile?: QueueProfile | null;
  homeModels?: HomeModelList | null;
  timeZoneTip?: boolean;
}): PopNeeds {
  const needs: PopNeeds = {};
  const { profile, homeModels } = input;
  if (homeModels !== undefined) {
    needs['account-split'] = (homeModels?.account_split_model.length ?? 0) > 0;
    needs['4'] = (homeModels?.common_model.length ?? 0) > 0;
  }
  if (profile !== undefined) {
    needs['1'] = profile?.user !== undefined && profile.user.is_phone_bind === 0;
    const guide = profile?.guide_conf?.[String(BEGINNER_GUIDE_ID)];
    needs['10'] = guide === false;
    needs['7'] = (profile?.new_user_graduate?.list.length ?? 0) > 0;
    needs['3'] = (profile?.badges?.list.length ?? 0) > 0;
    needs['2'] = (profile?.author_level_upgrade?.list.length ?? 0) > 0;
  }
  if (input.timeZoneTip !== undefined) needs['6'] = input.timeZoneTip;
  return needs;
}

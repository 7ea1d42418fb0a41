/**
 * The beginner guide dialog of spec §4 as a pure state machine:
 *   novel: select → create-book → apply-sign → get-onshlve → get-profit → welcome
 *   short: select → create-book → apply-sign → welcome
 * 'skip' (already familiar) closes. Opening resets to select with the novel preselected. The
 * confirm on select is disabled while no type is chosen (§5); the last step's next is disabled.
 */
export type GuideChoice = 'long' | 'short' | 'skip';
export type GuideStep = 'select' | 'create-book' | 'apply-sign' | 'get-onshlve' | 'get-profit' | 'welcome';

export const GUIDE_PATHS: Readonly<Record<'long' | 'short', readonly GuideStep[]>> = {
  long: ['create-book', 'apply-sign', 'get-onshlve', 'get-profit', 'welcome'],
  short: ['create-book', 'apply-sign', 'welcome'],
};

export interface GuideState {
  open: boolean;
  /** Opened by the writing-guide pop (10): records guide 37 as seen. */
  auto: boolean;
  step: GuideStep;
  choice: GuideChoice | null;
}

export type GuideAction =
  | { type: 'open'; auto?: boolean }
  | { type: 'choose'; choice: GuideChoice }
  | { type: 'confirm' }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'close' };

export const closedGuide: GuideState = { open: false, auto: false, step: 'select', choice: 'long' };

function path(state: GuideState): readonly GuideStep[] {
  return state.choice === 'short' ? GUIDE_PATHS.short : GUIDE_PATHS.long;
}

export function guideReducer(state: GuideState, action: GuideAction): GuideState {
  switch (action.type) {
    case 'open':
      return { open: true, auto: action.auto ?? false, step: 'select', choice: 'long' };
    case 'close':
      return { ...state, open: false };
    case 'choose':
      return state.step === 'select' ? { ...state, choice: action.choice } : state;
    case 'confirm': {
      if (state.step !== 'select' || state.choice === null) return state;
      if (state.choice === 'skip') return { ...state, open: false };
      return { ...state, step: path(state)[0]! };
    }
    case 'next': {
      if (state.step === 'select') return state;
      const steps = path(state);
      const i = steps.indexOf(state.step);
      return i >= 0 && i < steps.length - 1 ? { ...state, step: steps[i + 1]! } : state;
    }
    case 'prev': {
      if (state.step === 'select') return state;
      const steps = path(state);
      const i = steps.indexOf(state.step);
      return { ...state, step: i > 0 ? steps[i - 1]! : 'select' };
    }
  }
}

/** What the dialog shows for a state: the step counter and which buttons work. */
export function guideView(state: GuideState) {
  if (state.step === 'select') {
    return { index: 0, total: 0, canPrev: false, canNext: false, canConfirm: state.choice !== null, isLast: false };
  }
  const steps = path(state);
  const i = steps.indexOf(state.step);
  return {
    index: i + 1,
    total: steps.length,
    canPrev: true,
    canNext: i < steps.length - 1,
    canConfirm: false,
    isLast: i === steps.length - 1,
  };
}

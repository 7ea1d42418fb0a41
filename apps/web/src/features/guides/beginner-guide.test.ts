import { describe, expect, it } from 'vitest';
import { closedGuide, type GuideAction, type GuideState, guideReducer, guideView } from './beginner-guide.ts';

const run = (state: GuideState, ...actions: GuideAction[]) => actions.reduce(guideReducer, state);
const opened = run(closedGuide, { type: 'open' });

describe('beginner guide', () => {
  it('opens on select with the novel preselected', () => {
    expect(opened).toEqual({ open: true, auto: false, step: 'select', choice: 'long' });
    expect(guideView(opened)).toMatchObject({ canConfirm: true, canPrev: false, canNext: false, total: 0 });
    expect(run(closedGuide, { type: 'open', auto: true }).auto).toBe(true);
  });

  it('novel: select → create-book → apply-sign → get-onshlve → get-profit → welcome', () => {
    const steps: string[] = [];
    let s = run(opened, { type: 'confirm' });
    steps.push(s.step);
    for (let i = 0; i < 4; i++) {
      s = guideReducer(s, { type: 'next' });
      steps.push(s.step);
    }
    expect(steps).toEqual(['create-book', 'apply-sign', 'get-onshlve', 'get-profit', 'welcome']);
    expect(guideView(s)).toEqual({
      index: 5,
      total: 5,
      canPrev: true,
      canNext: false,
      canConfirm: false,
      isLast: true,
    });
    // The last step's next does nothing.
    expect(guideReducer(s, { type: 'next' })).toBe(s);
  });

  it('short story: select → create-book → apply-sign → welcome', () => {
    let s = run(opened, { type: 'choose', choice: 'short' }, { type: 'confirm' });
    expect(s.step).toBe('create-book');
    expect(guideView(s)).toMatchObject({ index: 1, total: 3, canNext: true });
    s = run(s, { type: 'next' });
    expect(s.step).toBe('apply-sign');
    s = run(s, { type: 'next' });
    expect(s.step).toBe('welcome');
    expect(guideView(s)).toMatchObject({ index: 3, total: 3, canNext: false, isLast: true });
  });

  it('prev walks back and from the first step returns to select, keeping the choice', () => {
    let s = run(opened, { type: 'choose', choice: 'short' }, { type: 'confirm' }, { type: 'next' }, { type: 'next' });
    expect(s.step).toBe('welcome');
    s = run(s, { type: 'prev' });
    expect(s.step).toBe('apply-sign');
    s = run(s, { type: 'prev' }, { type: 'prev' });
    expect(s).toMatchObject({ step: 'select', choice: 'short' });
    expect(guideReducer(s, { type: 'prev' })).toBe(s);
  });

  it('skip closes', () => {
    const s = run(opened, { type: 'choose', choice: 'skip' }, { type: 'confirm' });
    expect(s.open).toBe(false);
  });

  it('confirm is disabled with no type chosen', () => {
    const none: GuideState = { ...opened, choice: null };
    expect(guideView(none).canConfirm).toBe(false);
    expect(guideReducer(none, { type: 'confirm' })).toBe(none);
  });

  it('choosing only works on select; next on select does nothing', () => {
    const s = run(opened, { type: 'confirm' });
    expect(guideReducer(s, { type: 'choose', choice: 'short' })).toBe(s);
    expect(guideReducer(opened, { type: 'next' })).toBe(opened);
  });

  it('reopening resets to select with the novel preselected', () => {
    const s = run(
      opened,
      { type: 'choose', choice: 'short' },
      { type: 'confirm' },
      { type: 'next' },
      { type: 'close' },
    );
    expect(s.open).toBe(false);
    expect(run(s, { type: 'open' })).toEqual({ open: true, auto: false, step: 'select', choice: 'long' });
  });

  it('close works from any step', () => {
    expect(run(opened, { type: 'confirm' }, { type: 'close' }).open).toBe(false);
  });
});

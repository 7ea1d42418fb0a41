import type { PopId } from '@author-centre/shared/constants';
import type { BadgePopData } from '@author-centre/shared/home-api';
import { describe, expect, it } from 'vitest';
import { carouselSlides } from './carousel.ts';
import {
  initialQueue,
  needsFrom,
  nextPop,
  type PopNeeds,
  type QueueState,
  queueReducer,
  queueSettled,
  suppressedOn,
} from './queue.ts';

const ALL_NEEDED: PopNeeds = {
  'account-split': true,
  '1': true,
  '10': true,
  '7': true,
  '3': true,
  '2': true,
  '4': true,
  '6': true,
};

function run(state: QueueState, ...actions: Parameters<typeof queueReducer>[1][]): QueueState {
  return actions.reduce(queueReducer, state);
}

/** Closes pops one by one and lists them in the order they appeared. */
function drain(state: QueueState): PopId[] {
  const seen: PopId[] = [];
  let s = state;
  while (s.current !== null) {
    seen.push(s.current);
    s = queueReducer(s, { type: 'close' });
  }
  return seen;
}

describe('pop-up queue', () => {
  it('shows every needed pop once, in the order account-split, 1, 10, 7, 3, 2, 4, 6', () => {
    const s = run(initialQueue, { type: 'enable', enabled: true }, { type: 'needs', needs: ALL_NEEDED });
    expect(drain(s)).toEqual(['account-split', '1', '10', '7', '3', '2', '4', '6']);
  });

  it('shows nothing unless enabled (appGlobalPop.show), and starts when enabled', () => {
    const off = run(initialQueue, { type: 'needs', needs: ALL_NEEDED });
    expect(off.current).toBeNull();
    expect(queueReducer(off, { type: 'enable', enabled: true }).current).toBe('account-split');
  });

  it('switching off hides the current pop without counting it as shown', () => {
    const s = run(initialQueue, { type: 'enable', enabled: true }, { type: 'needs', needs: { ...ALL_NEEDED } });
    const off = queueReducer(s, { type: 'enable', enabled: false });
    expect(off.current).toBeNull();
    expect(off.shown).toEqual([]);
    expect(queueReducer(off, { type: 'enable', enabled: true }).current).toBe('account-split');
  });

  it('skips pops that are not needed', () => {
    const s = run(
      initialQueue,
      { type: 'enable', enabled: true },
      {
        type: 'needs',
        needs: {
          'account-split': false,
          '1': false,
          '10': false,
          '7': true,
          '3': true,
          '2': false,
          '4': false,
          '6': true,
        },
      },
    );
    expect(drain(s)).toEqual(['7', '3', '6']);
  });

  it('waits while an earlier rule is unknown rather than show a later pop first', () => {
    let s = run(initialQueue, { type: 'enable', enabled: true }, { type: 'needs', needs: { '3': true, '7': true } });
    expect(s.current).toBeNull();
    s = queueReducer(s, { type: 'needs', needs: { 'account-split': false, '1': false, '10': false } });
    expect(s.current).toBe('7');
    // The time-zone check is last: the others show before it is known.
    s = queueReducer(s, { type: 'close' });
    expect(s.current).toBe('3');
    s = run(s, { type: 'needs', needs: { '2': false, '4': false } }, { type: 'close' });
    expect(s.current).toBeNull();
    s = queueReducer(s, { type: 'needs', needs: { '6': true } });
    expect(s.current).toBe('6');
  });

  it('is settled only when on, showing nothing, and every rule not yet shown is answered "not needed"', () => {
    expect(queueSettled(initialQueue)).toBe(false);
    let s = run(initialQueue, { type: 'enable', enabled: true });
    expect(queueSettled(s)).toBe(false);
    s = queueReducer(s, { type: 'needs', needs: { ...falseAll(), '6': undefined, '3': true } });
    expect(s.current).toBe('3');
    expect(queueSettled(s)).toBe(false);
    s = queueReducer(s, { type: 'close' });
    // The time-zone rule is still unknown: a pop may yet come.
    expect(queueSettled(s)).toBe(false);
    s = queueReducer(s, { type: 'needs', needs: { '6': false } });
    expect(queueSettled(s)).toBe(true);
    expect(queueSettled(queueReducer(s, { type: 'enable', enabled: false }))).toBe(false);
  });

  it('is not settled on the chapter editor while the badge pop it holds back is needed', () => {
    const s = run(
      initialQueue,
      { type: 'enable', enabled: true },
      { type: 'page', pathname: '/front/book-upload' },
      { type: 'needs', needs: { ...falseAll(), '3': true } },
    );
    expect(s.current).toBeNull();
    expect(queueSettled(s)).toBe(false);
    expect(queueReducer(s, { type: 'page', pathname: '/front/index' }).current).toBe('3');
  });

  it('closing clears the current pop; closing with none open changes nothing', () => {
    const s = run(
      initialQueue,
      { type: 'enable', enabled: true },
      { type: 'needs', needs: { ...falseAll(), '6': true } },
    );
    expect(s.current).toBe('6');
    const closed = queueReducer(s, { type: 'close' });
    expect(closed.current).toBeNull();
    expect(closed.shown).toEqual(['6']);
    expect(queueReducer(closed, { type: 'close' })).toBe(closed);
  });

  it('a pop already shown does not come back when its rule is true again', () => {
    let s = run(
      initialQueue,
      { type: 'enable', enabled: true },
      { type: 'needs', needs: { ...falseAll(), '3': true } },
    );
    s = queueReducer(s, { type: 'close' });
    s = queueReducer(s, { type: 'needs', needs: { '3': true } });
    expect(s.current).toBeNull();
  });

  it('a current pop stays until closed even if its data empties meanwhile', () => {
    let s = run(
      initialQueue,
      { type: 'enable', enabled: true },
      { type: 'needs', needs: { ...falseAll(), '3': true } },
    );
    s = queueReducer(s, { type: 'needs', needs: { '3': false } });
    expect(s.current).toBe('3');
  });

  it('suppresses the badge pop on the chapter editor and shows it on other pages', () => {
    expect(suppressedOn('/front/book-upload')).toEqual(['3']);
    expect(suppressedOn('/front/book-upload/short')).toEqual(['3']);
    expect(suppressedOn('/front/index')).toEqual([]);
    let s = run(
      initialQueue,
      { type: 'page', pathname: '/front/book-upload' },
      { type: 'enable', enabled: true },
      { type: 'needs', needs: { ...falseAll(), '3': true, '2': true } },
    );
    expect(s.current).toBe('2');
    s = queueReducer(s, { type: 'close' });
    expect(s.current).toBeNull();
    s = queueReducer(s, { type: 'page', pathname: '/front/index' });
    expect(s.current).toBe('3');
  });

  it('moving onto the chapter editor hides an open badge pop, which returns on another page', () => {
    let s = run(
      initialQueue,
      { type: 'enable', enabled: true },
      { type: 'needs', needs: { ...falseAll(), '3': true } },
    );
    expect(s.current).toBe('3');
    s = queueReducer(s, { type: 'page', pathname: '/front/book-upload/short' });
    expect(s.current).toBeNull();
    expect(s.shown).toEqual([]);
    s = queueReducer(s, { type: 'page', pathname: '/front/index' });
    expect(s.current).toBe('3');
  });

  it('reset (logout) clears the pop and what was shown', () => {
    let s = run(
      initialQueue,
      { type: 'enable', enabled: true },
      { type: 'needs', needs: ALL_NEEDED },
      { type: 'close' },
    );
    s = queueReducer(s, { type: 'reset' });
    expect(s.current).toBeNull();
    expect(s.shown).toEqual([]);
    expect(s.needs).toEqual({});
  });

  it('nextPop ignores shown and suppressed pops', () => {
    expect(nextPop({ enabled: true, needs: ALL_NEEDED, shown: ['account-split', '1'], suppressed: ['10'] })).toBe('7');
  });
});

function falseAll(): PopNeeds {
  return Object.fromEntries(Object.keys(ALL_NEEDED).map((k) => [k, false])) as PopNeeds;
}

describe('pop rules', () => {
  const emptyBadges: BadgePopData = {
    show: false,
    list: [],
    fields: [],
    btnType: 'more',
    animation: '1',
    button_text: '',
    author_level_score: 0,
  };

  it('reads each rule from the profile and the home model list', () => {
    const needs = needsFrom({
      profile: {
        user: { is_phone_bind: 0 },
        guide_conf: { '37': false },
        new_user_graduate: { list: [{ id: 1, level: '1', period_name: '', date: '' }] },
        badges: { ...emptyBadges, list: [{ id: 1 } as never] },
        author_level_upgrade: { list: [] },
      },
      homeModels: { common_model: [{} as never], account_split_model: [] },
    });
    expect(needs).toEqual({
      'account-split': false,
      '4': true,
      '1': true,
      '10': true,
      '7': true,
      '3': true,
      '2': false,
    });
  });

  it('guide 37 needs the flag present and false', () => {
    expect(needsFrom({ profile: { guide_conf: {} } })['10']).toBe(false);
    expect(needsFrom({ profile: { guide_conf: { '37': true } } })['10']).toBe(false);
    expect(needsFrom({ profile: { guide_conf: { '37': false } } })['10']).toBe(true);
  });

  it('a bound phone, or no user, does not need pop 1', () => {
    expect(needsFrom({ profile: { user: { is_phone_bind: 1 } } })['1']).toBe(false);
    expect(needsFrom({ profile: {} })['1']).toBe(false);
  });

  it('leaves rules unknown while their data loads, and a failed load counts as empty', () => {
    expect(needsFrom({})).toEqual({});
    expect(needsFrom({ homeModels: null })).toEqual({ 'account-split': false, '4': false });
    expect(needsFrom({ timeZoneTip: false })).toEqual({ '6': false });
  });
});

describe('badge carousel', () => {
  it('duplicates an envelope of exactly two badges so the carousel can loop', () => {
    expect(carouselSlides([1])).toEqual([1]);
    expect(carouselSlides([1, 2])).toEqual([1, 2, 1, 2]);
    expect(carouselSlides([1, 2, 3])).toEqual([1, 2, 3]);
  });
});

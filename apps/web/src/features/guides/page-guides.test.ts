import { describe, expect, it } from 'vitest';
import { advance, dueGuides } from './page-guides.ts';

describe('page guides', () => {
  it('queues each page’s guide while its flag is present and false', () => {
    expect(dueGuides('custom-picture', { '32': false }, [])).toEqual([32]);
    expect(dueGuides('reader-error-correction', { '7': false }, [])).toEqual([7]);
    expect(dueGuides('comment-index', { '34': false }, [])).toEqual([34]);
  });

  it('skips a guide already seen, absent from the profile, or shown in this visit', () => {
    expect(dueGuides('custom-picture', { '32': true }, [])).toEqual([]);
    expect(dueGuides('custom-picture', {}, [])).toEqual([]);
    expect(dueGuides('custom-picture', { '32': false }, [32])).toEqual([]);
  });

  it('pages without guides, or without a profile yet, have none', () => {
    expect(dueGuides('index', { '32': false, '7': false }, [])).toEqual([]);
    expect(dueGuides(undefined, { '32': false }, [])).toEqual([]);
    expect(dueGuides('custom-picture', undefined, [])).toEqual([]);
  });

  it('advancing walks the steps and finishes the guide after the last', () => {
    let r = advance({ guide: 32, step: 0 }, 2);
    expect(r).toEqual({ state: { guide: 32, step: 1 }, finished: null });
    r = advance(r.state, 2);
    expect(r).toEqual({ state: { guide: null, step: 0 }, finished: 32 });
    expect(advance({ guide: null, step: 0 }, 2).finished).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { pagerItems } from './Table.tsx';

// 0 is the jump 5 pages back, -1 the jump 5 pages on: the items antd's Pagination (rc-pagination) shows.
describe("the pager's items, as antd's Pagination shows them", () => {
  it('every page when there are 7 or fewer', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('near the start: the first five, a jump on, the last', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, -1, 20]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 5, -1, 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, -1, 20]);
  });
  it('in the middle: the first, a jump back, the current page with its neighbours, a jump on, the last', () => {
    expect(pagerItems(10, 20)).toEqual([1, 0, 9, 10, 11, -1, 20]);
  });
  it('near the end: the first, a jump back, the last five', () => {
    expect(pagerItems(20, 20)).toEqual([1, 0, 16, 17, 18, 19, 20]);
    expect(pagerItems(17, 20)).toEqual([1, 0, 16, 17, 18, 19, 20]);
  });
});

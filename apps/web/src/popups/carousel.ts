/** An envelope with exactly two items is duplicated so the carousel can loop (§4). */
export function carouselSlides<T>(list: readonly T[]): T[] {
  return list.length === 2 ? [...list, ...list] : [...list];
}

import { expect, test } from 'vitest';
import { skinClassFor } from './editor-skin.ts';

test('only the two editor pages get the skin class', () => {
  expect(skinClassFor('/front/book-upload', 'night')).toBe('skin-night');
  expect(skinClassFor('/front/book-upload/short/', 'eye')).toBe('skin-eye');
  expect(skinClassFor('/front/book-upload/short', 'normal')).toBe('skin-normal');
  expect(skinClassFor('/front/book-upload/short/success', 'night')).toBeUndefined();
  expect(skinClassFor('/front/index', 'night')).toBeUndefined();
});

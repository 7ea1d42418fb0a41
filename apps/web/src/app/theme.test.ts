import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdTheme, BRAND_PALETTES } from './theme.ts';

describe('brand palettes', () => {
  it.each(Object.entries(BRAND_PALETTES))('%s: the plain controls use the colours antd derives', (name, palette) => {
    const token = theme.getDesignToken(antdTheme(name));
    expect({
      hover: palette.hover,
      active: palette.active,
      outline: palette.outline,
      itemActiveBg: palette.itemActiveBg,
      itemActiveHoverBg: palette.itemActiveHoverBg,
      linkHover: palette.linkHover,
      linkActive: palette.active,
    }).toEqual({
      hover: token.colorPrimaryHover,
      active: token.colorPrimaryActive,
      outline: token.controlOutline,
      itemActiveBg: token.controlItemBgActive,
      itemActiveHoverBg: token.controlItemBgActiveHover,
      linkHover: token.colorLinkHover,
      linkActive: token.colorLinkActive,
    });
  });
});

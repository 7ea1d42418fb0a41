import type { BrandSettings } from '@author-centre/shared/brands';
import type { ThemeConfig } from 'antd';

/**
 * The two colour themes of §9, chosen by the brand's `theme`: orange/yellow and red. Ant Design
 * gets them as tokens; the layout's own CSS reads the same colours as CSS variables.
 */
export interface BrandPalette {
  primary: string;
  /** Second colour of the theme: yellow for orange, a warm orange for red. */
  accent: string;
  /** Light tint for selected and hovered backgrounds. */
  tint: string;
}

export const BRAND_PALETTES: Record<BrandSettings['theme'], BrandPalette> = {
  orange: { primary: '#ff7d00', accent: '#ffb400', tint: '#fff6eb' },
  red: { primary: '#e83a30', accent: '#ff7a45', tint: '#fff1f0' },
};

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

export function paletteFor(theme: string | undefined): BrandPalette {
  return theme === 'red' ? BRAND_PALETTES.red : BRAND_PALETTES.orange;
}

export function antdTheme(theme: string | undefined): ThemeConfig {
  const palette = paletteFor(theme);
  return {
    token: {
      colorPrimary: palette.primary,
      colorLink: palette.primary,
      colorInfo: palette.primary,
      borderRadius: 6,
      fontFamily: FONT_FAMILY,
    },
  };
}

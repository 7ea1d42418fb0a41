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
  /**
   * What antd derives from `primary` (colorPrimaryHover, colorPrimaryActive, controlOutline,
   * controlItemBgActive, controlItemBgActiveHover, colorLinkHover), for the plain controls of the first visit (components/plain), which look
   * like antd's without loading it. app/theme.test.ts checks them against antd.
   */
  hover: string;
  active: string;
  outline: string;
  itemActiveBg: string;
  itemActiveHoverBg: string;
  linkHover: string;
}

export const BRAND_PALETTES: Record<BrandSettings['theme'], BrandPalette> = {
  orange: {
    primary: '#ff7d00',
    accent: '#ffb400',
    tint: '#fff6eb',
    hover: '#ff9729',
    active: '#d96200',
    outline: 'rgba(255,165,5,0.1)',
    itemActiveBg: '#fff6e6',
    itemActiveHoverBg: '#ffdca3',
    linkHover: '#ffb152',
  },
  red: {
    primary: '#e83a30',
    accent: '#ff7a45',
    tint: '#fff1f0',
    hover: '#f5675b',
    active: '#c2221f',
    outline: 'rgba(255,55,5,0.06)',
    itemActiveBg: '#fff3f0',
    itemActiveHoverBg: '#ffe0d9',
    linkHover: '#ff9587',
  },
};

/** The palette as the CSS variables the layout and the plain controls read. */
export function paletteVariables(palette: BrandPalette): Record<string, string> {
  return {
    '--ac-primary': palette.primary,
    '--ac-accent': palette.accent,
    '--ac-tint': palette.tint,
    '--ac-primary-hover': palette.hover,
    '--ac-primary-active': palette.active,
    '--ac-primary-outline': palette.outline,
    '--ac-item-active-bg': palette.itemActiveBg,
    '--ac-item-active-hover-bg': palette.itemActiveHoverBg,
    '--ac-link-hover': palette.linkHover,
  };
}

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

export function paletteFor(theme: string | undefined): BrandPalette {
  return theme === 'red' ? BRAND_PALETTES.red : BRAND_PALETTES.orange;
}

/**
 * The class antd sets on its elements for the theme's CSS variables (`cssVar.key`); antd's static link
 * styles are scoped to it (apps/web/antd-static-styles.ts).
 */
export const ANTD_SCOPE = 'ac-antd';

export function antdTheme(theme: string | undefined, motion = true): ThemeConfig {
  const palette = paletteFor(theme);
  return {
    // In a build, antd's styles are static CSS made at build time (apps/web/antd-static-styles.ts): antd
    // generates none in the browser. The tokens are still CSS variables antd sets at run time, on the class
    // ANTD_SCOPE, from the brand's colours: hover, active and the components' tokens follow the brand as
    // before. The dev server (antd pre-bundled, without that plugin) and the tests generate them at run time.
    ...(import.meta.env.PROD ? { zeroRuntime: true, hashed: false } : {}),
    cssVar: { key: ANTD_SCOPE },
    token: {
      motion,
      colorPrimary: palette.primary,
      colorLink: palette.primary,
      colorInfo: palette.primary,
      borderRadius: 6,
      fontFamily: FONT_FAMILY,
    },
  };
}

import { type CoverSetting, type CoverTemplateView, coverSvg } from '@author-centre/shared/cover';

/**
 * The live preview: the very SVG the server renders (packages/shared/src/cover.ts), drawn by the
 * browser with the same font files, at the size given (the drawing is 600×800 units).
 */
export function CoverPreview({
  template,
  setting,
  familyOf,
  ready,
  width = 300,
  id = 'main',
}: {
  template: CoverTemplateView;
  setting: CoverSetting;
  familyOf: (fontId: number) => { family: string; weight: number };
  ready: boolean;
  width?: number;
  /** Tells this preview's SVG ids apart from other previews on the page. */
  id?: string;
}) {
  const height = Math.round((width * 800) / 600);
  const svg = coverSvg({
    backgroundHref: setting.background_image ?? template.background_image,
    background_color: template.background_color,
    background_color2: template.background_color2,
    texts: setting.texts,
    slots: setting.slots,
    fontOf: familyOf,
    width,
    height,
    gradientId: `cover-bg-${id}`,
  });
  return (
    <div
      className="ac-cover-preview"
      data-testid={id === 'main' ? 'cover-preview' : undefined}
      data-fonts-ready={ready ? 'true' : 'false'}
      style={{ width, height }}
      // The SVG is built from escaped text (coverSvg escapes every value it writes).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG, values escaped.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

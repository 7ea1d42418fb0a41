import { randomInt } from 'node:crypto';
import sharp from 'sharp';

/**
 * The self-hosted slider puzzle (decisions.md, "Embedded defaults"): a generated background with a
 * jigsaw-shaped gap, and the piece cut out of it. The browser receives two images and the piece's
 * row; the column of the gap (the answer) stays on the server.
 */
export const PUZZLE = {
  width: 320,
  height: 160,
  /** The piece's bounding box (body 42 px plus the knobs). */
  pieceSize: 56,
  /** How far the final position may be from the gap, in image pixels. */
  tolerancePx: 5,
} as const;

/** The jigsaw outline inside its 56×56 box: a 42 px square body with knobs on top and on the right. */
const PIECE_PATH = 'M1,13 H15 A8,8 0 1,1 28,13 H42 V27 A8,8 0 1,1 42,40 V54 H1 Z';

export interface RenderedPuzzle {
  /** JPEG background with the gap. */
  background: Buffer;
  /** PNG piece with transparency, PUZZLE.pieceSize square. */
  piece: Buffer;
  /** The answer: the piece's left edge when it sits in the gap. Never sent to the browser. */
  x: number;
  /** The piece's top edge; the browser needs it to draw the piece on the right row. */
  y: number;
}

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)];
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${h},${s}%,${l}%,${a})`;

/** A calm generated landscape: sky gradient, hills, sun, shapes; different every time. */
function backgroundSvg(): string {
  const { width: w, height: h } = PUZZLE;
  const hue = randomInt(360);
  const shapes: string[] = [];
  shapes.push(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${randomInt(2)}" y2="1">` +
      `<stop offset="0" stop-color="${hsl(hue, 55, 78)}"/><stop offset="1" stop-color="${hsl((hue + 40) % 360, 50, 52)}"/>` +
      '</linearGradient></defs>',
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
  );
  shapes.push(
    `<circle cx="${randomInt(w)}" cy="${randomInt(20, 60)}" r="${randomInt(14, 30)}" fill="${hsl((hue + 180) % 360, 70, 85, 0.8)}"/>`,
  );
  for (let i = 0; i < 14; i++) {
    const kind = pick(['circle', 'rect', 'tri'] as const);
    const fill = hsl(
      (hue + randomInt(-90, 90) + 360) % 360,
      randomInt(30, 80),
      randomInt(25, 80),
      randomInt(25, 80) / 100,
    );
    const x = randomInt(-20, w);
    const y = randomInt(-20, h);
    if (kind === 'circle') shapes.push(`<circle cx="${x}" cy="${y}" r="${randomInt(8, 40)}" fill="${fill}"/>`);
    else if (kind === 'rect')
      shapes.push(
        `<rect x="${x}" y="${y}" width="${randomInt(10, 70)}" height="${randomInt(10, 50)}" fill="${fill}" transform="rotate(${randomInt(-40, 40)} ${x} ${y})"/>`,
      );
    else
      shapes.push(
        `<polygon points="${x},${y} ${x + randomInt(10, 60)},${y + randomInt(-40, 40)} ${x + randomInt(-30, 30)},${y + randomInt(10, 60)}" fill="${fill}"/>`,
      );
  }
  // Two layers of hills across the bottom.
  for (const [base, light] of [
    [h * 0.62, 40],
    [h * 0.78, 28],
  ] as const) {
    let d = `M0,${h} L0,${Math.round(base)}`;
    for (let x = 0; x <= w; x += 40)
      d += ` Q${x + 20},${Math.round(base - randomInt(5, 30))} ${x + 40},${Math.round(base + randomInt(-8, 8))}`;
    d += ` L${w},${h} Z`;
    shapes.push(`<path d="${d}" fill="${hsl((hue + 120) % 360, 35, light, 0.85)}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${shapes.join('')}</svg>`;
}

const pieceSvg = (inner: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PUZZLE.pieceSize}" height="${PUZZLE.pieceSize}">${inner}</svg>`,
  );

export async function renderSliderPuzzle(): Promise<RenderedPuzzle> {
  const { width: w, height: h, pieceSize: s } = PUZZLE;
  // The gap is never where the piece starts (the left edge) nor cut by the right edge.
  const x = randomInt(s + 24, w - s - 6);
  const y = randomInt(6, h - s - 6);
  const raw = await sharp(Buffer.from(backgroundSvg())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const base = () => sharp(raw.data, { raw: raw.info });

  const cut = await base().extract({ left: x, top: y, width: s, height: s }).png().toBuffer();
  const piece = await sharp(cut)
    .ensureAlpha()
    .composite([
      { input: pieceSvg(`<path d="${PIECE_PATH}" fill="#fff"/>`), blend: 'dest-in' },
      {
        input: pieceSvg(`<path d="${PIECE_PATH}" fill="none" stroke="rgba(255,255,255,0.9)" stroke-width="1.6"/>`),
        blend: 'over',
      },
    ])
    .png()
    .toBuffer();

  const background = await base()
    .composite([
      {
        input: pieceSvg(
          `<path d="${PIECE_PATH}" fill="rgba(0,0,0,0.45)" stroke="rgba(255,255,255,0.75)" stroke-width="1.2"/>`,
        ),
        left: x,
        top: y,
      },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();

  return { background, piece, x, y };
}

/** One sample of the drag: piece position, pointer row offset, milliseconds since the press. */
export type TracePoint = [x: number, y: number, t: number];

export type PuzzleVerdict = 'pass' | 'off-target' | 'implausible';

/**
 * Whether a drag put the piece in the gap, moved like a hand does: several samples, increasing
 * time, between 0.12 s and 30 s, no jump across the image, ending where the answer says, and not
 * at one perfectly even speed.
 */
export function judgeSlide(target: number, answer: number, trace: readonly TracePoint[]): PuzzleVerdict {
  if (!Number.isFinite(answer) || Math.abs(answer - target) > PUZZLE.tolerancePx) return 'off-target';
  if (trace.length < 4 || trace.length > 3000) return 'implausible';
  const last = trace[trace.length - 1];
  if (Math.abs(last[0] - answer) > 2) return 'implausible';
  const duration = last[2] - trace[0][2];
  if (duration < 120 || duration > 30_000) return 'implausible';
  const speeds = new Set<number>();
  for (let i = 1; i < trace.length; i++) {
    const [x0, , t0] = trace[i - 1];
    const [x1, , t1] = trace[i];
    if (t1 < t0 || x1 < -10 || x1 > PUZZLE.width) return 'implausible';
    if (Math.abs(x1 - x0) > PUZZLE.width * 0.4) return 'implausible';
    if (t1 > t0) speeds.add(Math.round(((x1 - x0) / (t1 - t0)) * 100));
  }
  if (trace.length >= 6 && speeds.size < 2) return 'implausible';
  return 'pass';
}

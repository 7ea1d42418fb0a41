import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

/**
 * The cover fonts' files. The server renders with fontconfig's fonts (librsvg finds them by family);
 * the browser's preview gets the same file, cut down by HarfBuzz's subsetter to the characters on
 * the cover, so both draw the very same glyphs. A font is a fontconfig family and weight; the file
 * (and its face in a collection such as NotoSerifCJK-Regular.ttc) is found with fc-match.
 */

const run = promisify(execFile);

export interface FontFile {
  path: string;
  index: number;
}

const located = new Map<string, Promise<FontFile | null>>();

/** The installed file of a family at a weight, or null when fontconfig has no such family. */
export function locateFont(family: string, weight: number): Promise<FontFile | null> {
  const key = `${family}:${weight}`;
  let found = located.get(key);
  if (!found) {
    const style = weight >= 600 ? 'Bold' : 'Regular';
    found = run('fc-match', ['-f', '%{family}\n%{file}\n%{index}', `${family}:style=${style}`])
      .then(({ stdout }) => {
        const [families, path, index] = stdout.split('\n');
        // fc-match always answers something: only the family asked for counts.
        if (!families.split(',').includes(family) || !path) return null;
        return { path, index: Number(index) || 0 };
      })
      .catch(() => null);
    located.set(key, found);
  }
  return found;
}

const installedFaces = new Map<string, Promise<boolean>>();

/**
 * Whether fontconfig has the family at this weight as a face of its own (Regular or Bold): not a
 * fallback font (fc-match answers something for any name) nor a bold synthesized from the regular
 * face. Without it librsvg draws the cover's text in another font, or as empty boxes ("tofu").
 * Remembered for the process (installing fonts takes a restart).
 */
export function fontInstalled(family: string, weight: number): Promise<boolean> {
  const key = `${family}:${weight}`;
  let found = installedFaces.get(key);
  if (!found) {
    const style = weight >= 600 ? 'Bold' : 'Regular';
    found = run('fc-list', [`${family}:style=${style}`, 'file'])
      .then(({ stdout }) => stdout.trim() !== '')
      .catch(() => false);
    installedFaces.set(key, found);
  }
  return found;
}

/** The fonts of `wanted` that are not installed, each as "family weight" (e.g. "Noto Serif CJK SC 700"). */
export async function missingFonts(wanted: ReadonlyArray<{ family: string; weight: number }>): Promise<string[]> {
  const checked = await Promise.all(wanted.map(async (f) => ((await fontInstalled(f.family, f.weight)) ? null : f)));
  return checked.filter((f) => f !== null).map((f) => `${f.family} ${f.weight}`);
}

/** Every font family fontconfig knows (the console offers these). */
export async function installedFamilies(): Promise<string[]> {
  try {
    const { stdout } = await run('fc-list', ['-f', '%{family}\n'], { maxBuffer: 16 * 1024 * 1024 });
    return [
      ...new Set(
        stdout
          .split('\n')
          .flatMap((l) => l.split(','))
          .filter(Boolean),
      ),
    ].sort();
  } catch {
    return [];
  }
}

interface SubsetExports {
  memory: { buffer: ArrayBuffer };
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, codepoint: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

let harfbuzz: Promise<SubsetExports> | null = null;

function subsetter(): Promise<SubsetExports> {
  harfbuzz ??= (async () => {
    const wasm = await readFile(createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    // The subsetter needs no imports. (The DOM-free server typings have no WebAssembly namespace.)
    const wa = (
      globalThis as unknown as {
        WebAssembly: { instantiate(b: Buffer, i: object): Promise<{ instance: { exports: unknown } }> };
      }
    ).WebAssembly;
    const { instance } = await wa.instantiate(wasm, {});
    return instance.exports as SubsetExports;
  })();
  return harfbuzz;
}

/**
 * Faces kept loaded in the subsetter's memory (a CJK collection is 20–30 MB: read once). The subsetter's memory
 * is fixed (about 68 MB, it cannot grow): when a font does not fit, the faces loaded before are dropped to make
 * room. Without that, `malloc` answered 0 and the font was copied over the subsetter's own memory, after which
 * every subset failed until a restart.
 */
const faces = new Map<string, { face: number; ptr: number }>();

async function faceOf(hb: SubsetExports, file: FontFile): Promise<number> {
  const key = `${file.path}#${file.index}`;
  const loaded = faces.get(key);
  if (loaded) return loaded.face;
  const bytes = await readFile(file.path);
  let ptr = hb.malloc(bytes.byteLength);
  if (ptr === 0) {
    for (const { face, ptr: held } of faces.values()) {
      hb.hb_face_destroy(face);
      hb.free(held);
    }
    faces.clear();
    ptr = hb.malloc(bytes.byteLength);
  }
  if (ptr === 0) throw new Error(`font file too large for the subsetter: ${file.path} (${bytes.byteLength} bytes)`);
  new Uint8Array(hb.memory.buffer, ptr, bytes.byteLength).set(bytes);
  // Mode 2 (writable): HarfBuzz uses the bytes in place; they stay until the face is dropped.
  const blob = hb.hb_blob_create(ptr, bytes.byteLength, 2, 0, 0);
  const face = hb.hb_face_create(blob, file.index);
  hb.hb_blob_destroy(blob);
  faces.set(key, { face, ptr });
  return face;
}

/** Subsets run one at a time: loading a font may drop the faces another subset is using. */
let queue: Promise<unknown> = Promise.resolve();

/** The font cut down to the given characters (an OpenType file the browser loads with FontFace). */
export function subsetFont(file: FontFile, text: string): Promise<Buffer> {
  const next = queue.then(() => subsetNow(file, text));
  queue = next.catch(() => undefined);
  return next;
}

async function subsetNow(file: FontFile, text: string): Promise<Buffer> {
  const hb = await subsetter();
  const face = await faceOf(hb, file);
  const input = hb.hb_subset_input_create_or_fail();
  if (!input) throw new Error('hb_subset_input_create_or_fail');
  try {
    const unicodes = hb.hb_subset_input_unicode_set(input);
    for (const ch of new Set(text)) hb.hb_set_add(unicodes, ch.codePointAt(0) ?? 0);
    const subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('hb_subset_or_fail');
    const blob = hb.hb_face_reference_blob(subset);
    try {
      const ptr = hb.hb_blob_get_data(blob, 0);
      const length = hb.hb_blob_get_length(blob);
      return Buffer.from(new Uint8Array(hb.memory.buffer, ptr, length));
    } finally {
      hb.hb_blob_destroy(blob);
      hb.hb_face_destroy(subset);
    }
  } finally {
    hb.hb_subset_input_destroy(input);
  }
}

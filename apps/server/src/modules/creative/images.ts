import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { AppContext } from '../../platform/context.ts';
import { badInput } from '../../platform/http/errors.ts';

/**
 * Images authors and staff send (cover backgrounds, illustrations, AI pictures): judged by their
 * content, never their name — sharp must read them as JPEG, PNG, WebP or GIF — within a size and
 * pixel limit, then re-encoded to a JPEG of our own, which carries no metadata (EXIF, GPS, XMP).
 */

const READABLE = new Set(['jpeg', 'png', 'webp', 'gif']);

export interface ImageRules {
  field: string;
  maxBytes: number;
  minSide: number;
  maxSide: number;
  /** Re-encoded to exactly this size (cropped to fill), or to at most this width. */
  fit: { width: number; height: number } | { maxWidth: number };
}

export async function acceptImage(
  data: Buffer,
  rules: ImageRules,
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const mb = Math.round(rules.maxBytes / 1024 / 1024);
  if (data.length === 0 || data.length > rules.maxBytes) {
    throw badInput(rules.field, { 'zh-CN': `图片需小于${mb}MB`, 'en-US': `The image must be under ${mb} MB` });
  }
  const unreadable = () =>
    badInput(rules.field, {
      'zh-CN': '无法识别的图片，请上传 JPG、PNG 或 WebP 图片',
      'en-US': 'This image cannot be read; please upload a JPG, PNG or WebP image',
    });
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: 80_000_000 }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.format || !READABLE.has(meta.format) || !meta.width || !meta.height) throw unreadable();
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (Math.min(w, h) < rules.minSide || Math.max(w, h) > rules.maxSide) {
    throw badInput(rules.field, {
      'zh-CN': `图片尺寸需在${rules.minSide}~${rules.maxSide}像素之间（当前${w}×${h}）`,
      'en-US': `The image must be ${rules.minSide}–${rules.maxSide} pixels a side (this one is ${w}×${h})`,
    });
  }
  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked (withMetadata).
    let image = sharp(data, { limitInputPixels: 80_000_000 }).rotate();
    image =
      'maxWidth' in rules.fit
        ? image.resize({ width: rules.fit.maxWidth, withoutEnlargement: true })
        : image.resize(rules.fit.width, rules.fit.height, { fit: 'cover', position: 'attention' });
    const { data: jpeg, info } = await image
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}

/** Stores a re-encoded image under a fresh key below the prefix. */
export async function storeImage(ctx: AppContext, prefix: string, jpeg: Buffer): Promise<string> {
  const key = `${prefix}${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.jpg`;
  return (await ctx.storage.put(key, jpeg, 'image/jpeg')).url;
}

/** The storage key of one of our uploads' addresses when it lies below the prefix, else null. */
export function storedKeyOf(ctx: AppContext, url: string, prefix: string): string | null {
  const base = ctx.storage.urlOf(`${prefix}x`).slice(0, -1);
  if (!url.startsWith(base)) return null;
  const key = prefix + url.slice(base.length);
  return /^[a-z0-9][a-z0-9._/-]*$/i.test(key) && !key.includes('..') ? key : null;
}

/** An upload's bytes, by its address. */
export async function readImage(ctx: AppContext, url: string): Promise<Buffer> {
  const key = storedKeyOf(ctx, url, '');
  const bytes = key ? await ctx.storage.get(key) : null;
  if (!bytes) throw new Error(`image not found: ${url}`);
  return bytes;
}

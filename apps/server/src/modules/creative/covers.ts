import { randomBytes } from 'node:crypto';
import {
  COVER_LIMITS,
  COVER_SIZE,
  COVER_SLOT_KEYS,
  type CoverFontView,
  type CoverSetting,
  type CoverSlots,
  type CoverTemplateView,
  CREATIVE_ERROR,
  coverSvg,
  coverTextWindows,
} from '@author-centre/shared';
import sharp, { type OutputInfo } from 'sharp';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { AppError, badInput, notFound } from '../../platform/http/errors.ts';
import { BooksService } from '../works/books.service.ts';
import { sensitiveWordIn } from '../works/text-check.ts';
import { type Executor, type Owner, ownedBook } from '../works/works.repository.ts';
import { fontInstalled, locateFont, missingFonts, subsetFont } from './fonts.ts';
import { readImage, storedKeyOf } from './images.ts';
import './creative.tables.ts';

/**
 * The cover maker: a brand's fonts and templates (seeded on the brand's first use, managed in the
 * console), the author's settings checked, the cover rendered at 600×800 and 1200×1600 from the
 * same SVG the browser previews, and saved as the book's cover with its template and settings.
 */

export const OPEN_FONT_LICENCE = 'SIL Open Font License 1.1';
export const OPEN_FONT_LICENCE_URL = 'https://openfontlicense.org';

/**
 * The fonts every brand starts with: Debian's fonts-noto-cjk (Noto Sans/Serif CJK, Regular and Bold). `.ci/run`
 * installs the package when any of them is missing; a production host installs it too (docs/creative.md). The
 * server checks them at start (`coverFontsAtStart`) and covers refuse to render without them.
 */
export const DEFAULT_FONTS = [
  { name: '思源宋体 粗', family: 'Noto Serif CJK SC', weight: 700 },
  { name: '思源宋体', family: 'Noto Serif CJK SC', weight: 400 },
  { name: '思源黑体 粗', family: 'Noto Sans CJK SC', weight: 700 },
  { name: '思源黑体', family: 'Noto Sans CJK SC', weight: 400 },
];

/**
 * Covers are not drawn with a font the server lacks (librsvg would fall back to another font or draw
 * empty boxes): 503 naming each missing font, what the author sees and what the operator installs.
 */
async function refuseMissingFonts(fonts: ReadonlyArray<{ name: string; family: string; weight: number }>) {
  const missing: Array<{ name: string; family: string; weight: number }> = [];
  for (const f of fonts) if (!(await fontInstalled(f.family, f.weight)) && !missing.includes(f)) missing.push(f);
  if (missing.length === 0) return;
  const zh = missing.map((f) => `${f.name}（${f.family} ${f.weight}）`).join('、');
  const en = missing.map((f) => `${f.name} (${f.family} ${f.weight})`).join(', ');
  throw new AppError(
    CREATIVE_ERROR.coverFontMissing,
    {
      'zh-CN': `服务器未安装封面字体：${zh}，暂时无法生成封面，请联系平台管理员`,
      'en-US': `The server lacks the cover font ${en}; covers cannot be made until it is installed`,
    },
    { httpStatus: 503 },
  );
}

/**
 * The start-up check (creative module): which of the fonts covers need (DEFAULT_FONTS) are missing,
 * logged as an error naming each and the package that has them. The server still starts (covers
 * refuse, everything else works).
 */
export async function coverFontsAtStart(
  log: { error(obj: object, msg: string): void },
  wanted: ReadonlyArray<{ family: string; weight: number }> = DEFAULT_FONTS,
): Promise<string[]> {
  const missing = await missingFonts(wanted);
  if (missing.length > 0) {
    log.error(
      { missing },
      `cover fonts missing: ${missing.join(', ')} — covers cannot be made until they are installed (Debian/Ubuntu: apt-get install fonts-noto-cjk; see docs/creative.md)`,
    );
  }
  return missing;
}

function defaultSlots(fonts: { heading: number; body: number }, color: string): CoverSlots {
  return {
    genre: { font_id: fonts.body, size: 26, color, x: 300, y: 96, align: 'middle' },
    title: { font_id: fonts.heading, size: 88, color, x: 300, y: 340, align: 'middle' },
    subtitle: { font_id: fonts.body, size: 30, color, x: 300, y: 430, align: 'middle' },
    author: { font_id: fonts.heading, size: 34, color, x: 300, y: 710, align: 'middle' },
  };
}

export type FontRow = {
  id: number;
  name: string;
  family: string;
  weight: number;
  licence: string;
  licence_url: string;
  enabled: number;
  sort: number;
};
export type TemplateRow = {
  id: number;
  name: string;
  background_image: string | null;
  background_color: string;
  background_color2: string;
  slots: string;
  enabled: number;
  sort: number;
};

export const fontView = (f: FontRow): CoverFontView => ({
  font_id: f.id,
  name: f.name,
  family: f.family,
  weight: f.weight,
  licence: f.licence,
  licence_url: f.licence_url,
});

export const templateView = (t: TemplateRow): CoverTemplateView => ({
  tpl_id: t.id,
  name: t.name,
  background_image: t.background_image,
  background_color: t.background_color,
  background_color2: t.background_color2,
  slots: JSON.parse(t.slots) as CoverSlots,
});

/** A brand's first use of the cover maker gives it the default fonts and three templates. */
export async function ensureCoverDefaults(db: AppContext['db'], clientId: number): Promise<void> {
  const any = await db.selectFrom('cover_fonts').select('id').where('client_id', '=', clientId).executeTakeFirst();
  if (any) return;
  const now = Date.now();
  try {
    await inTransaction(db, async (tx) => {
      const ids: number[] = [];
      for (const [i, f] of DEFAULT_FONTS.entries()) {
        const row = await tx
          .insertInto('cover_fonts')
          .values({
            client_id: clientId,
            ...f,
            licence: OPEN_FONT_LICENCE,
            licence_url: OPEN_FONT_LICENCE_URL,
            enabled: 1,
            sort: i + 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(Number(row.id));
      }
      const [serifBold, serif, sansBold, sans] = ids;
      const templates = [
        { name: '星夜', c1: '#1d2b53', c2: '#7e2553', text: '#ffffff', fonts: { heading: serifBold, body: serif } },
        { name: '水墨', c1: '#f4efe6', c2: '#cfc6b4', text: '#222222', fonts: { heading: serifBold, body: serif } },
        { name: '烈焰', c1: '#3a0d0d', c2: '#c0392b', text: '#f5d76e', fonts: { heading: sansBold, body: sans } },
      ];
      for (const [i, t] of templates.entries()) {
        await tx
          .insertInto('cover_templates')
          .values({
            client_id: clientId,
            name: t.name,
            background_image: null,
            background_color: t.c1,
            background_color2: t.c2,
            slots: JSON.stringify(defaultSlots(t.fonts, t.text)),
            enabled: 1,
            sort: i + 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    });
  } catch (e) {
    // Another request seeded the brand at the same moment (the unique family index refused ours).
    const seeded = await db.selectFrom('cover_fonts').select('id').where('client_id', '=', clientId).executeTakeFirst();
    if (!seeded) throw e;
  }
}

const sensitive = (field: string, word: string) =>
  new AppError(
    CREATIVE_ERROR.coverTextSensitive,
    {
      'zh-CN': `封面文字含有敏感词「${word}」，请修改`,
      'en-US': `The cover text contains the sensitive word "${word}"; please change it`,
    },
    { httpStatus: 400, field },
  );

/** Background images of the cover maker: the brand's template uploads and the author's own. */
export const backgroundKeyPrefix = (clientId: number) => `cover-backgrounds/${clientId}/`;
export const authorBackgroundPrefix = (owner: Owner) => `${backgroundKeyPrefix(owner.clientId)}a${owner.accountId}-`;

/** Source-over of an RGBA window onto RGB pixels, at the window's place (the same math as vips' "over"). */
function blendOver(
  rgb: Buffer,
  width: number,
  rgba: Buffer,
  size: { width: number; height: number },
  at: { left: number; top: number },
): void {
  for (let y = 0; y < size.height; y++) {
    let s = y * size.width * 4;
    let d = ((at.top + y) * width + at.left) * 3;
    for (let x = 0; x < size.width; x++, s += 4, d += 3) {
      const a = rgba[s + 3];
      if (a === 0) continue;
      const keep = 255 - a;
      rgb[d] = (rgba[s] * a + rgb[d] * keep + 127) / 255;
      rgb[d + 1] = (rgba[s + 1] * a + rgb[d + 1] * keep + 127) / 255;
      rgb[d + 2] = (rgba[s + 2] * a + rgb[d + 2] * keep + 127) / 255;
    }
  }
}

export class CoversService {
  readonly #ctx: AppContext;
  readonly #books: BooksService;
  /** Grounds (gradient or photo) at a size, as raw pixels: made once, used by every render. */
  readonly #grounds = new Map<string, Promise<{ data: Buffer; info: OutputInfo }>>();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.#books = new BooksService(ctx);
  }

  async fonts(clientId: number, includeDisabled = false): Promise<FontRow[]> {
    await ensureCoverDefaults(this.#ctx.db, clientId);
    let q = this.#ctx.db.selectFrom('cover_fonts').selectAll().where('client_id', '=', clientId);
    if (!includeDisabled) q = q.where('enabled', '=', 1);
    return (await q.orderBy('sort').orderBy('id').execute()) as FontRow[];
  }

  async templates(clientId: number, includeDisabled = false): Promise<TemplateRow[]> {
    await ensureCoverDefaults(this.#ctx.db, clientId);
    let q = this.#ctx.db.selectFrom('cover_templates').selectAll().where('client_id', '=', clientId);
    if (!includeDisabled) q = q.where('enabled', '=', 1);
    return (await q.orderBy('sort').orderBy('id').execute()) as TemplateRow[];
  }

  async template(clientId: number, tplId: number): Promise<TemplateRow> {
    const rows = await this.templates(clientId);
    const found = rows.find((t) => t.id === tplId);
    if (!found)
      throw notFound({ 'zh-CN': '模板不存在或已停用', 'en-US': 'The template does not exist or is no longer offered' });
    return found;
  }

  /** The book's cover and, when it was made here and is still the cover, how (edit picture). */
  async config(owner: Owner, bookId: number) {
    const book = await ownedBook(this.#ctx.db, owner, bookId);
    const design = await this.#ctx.db
      .selectFrom('cover_designs')
      .selectAll()
      .where('book_id', '=', book.id)
      .executeTakeFirst();
    const current = design && design.cover_image === book.cover ? design : null;
    const account = await this.#ctx.db
      .selectFrom('accounts')
      .select('pen_name')
      .where('id', '=', owner.accountId)
      .executeTakeFirst();
    return {
      book_id: book.id,
      title: book.title,
      pen_name: account?.pen_name ?? '',
      category: book.category,
      cover_image: book.cover,
      cover_image_2x: current?.cover_image_2x ?? null,
      tpl_id: current?.tpl_id ?? null,
      tpl_setting: current ? (JSON.parse(current.tpl_setting) as CoverSetting) : null,
      size: COVER_SIZE,
      limits: COVER_LIMITS,
    };
  }

  /** The author's settings, checked: texts, fonts of the brand, sizes, colours, places, background. */
  async check(owner: Owner, setting: CoverSetting, template: TemplateRow): Promise<CoverSetting> {
    const fonts = new Set((await this.fonts(owner.clientId)).map((f) => f.id));
    const texts = {} as CoverSetting['texts'];
    for (const key of COVER_SLOT_KEYS) {
      const text = (setting.texts[key] ?? '').replace(/\s+/g, ' ').trim();
      const max = COVER_LIMITS.text[key];
      if ([...text].length > max) {
        throw badInput(`texts.${key}`, { 'zh-CN': `最多${max}个字`, 'en-US': `At most ${max} characters` });
      }
      const word = sensitiveWordIn(text);
      if (word) throw sensitive(`texts.${key}`, word);
      texts[key] = text;
    }
    if (!texts.title) throw badInput('texts.title', { 'zh-CN': '请输入书名', 'en-US': 'Please enter the title' });
    for (const key of COVER_SLOT_KEYS) {
      if (!fonts.has(setting.slots[key].font_id)) {
        throw badInput(`slots.${key}.font_id`, {
          'zh-CN': '字体不存在或已停用，请重新选择',
          'en-US': 'The font is not offered any more; please choose another',
        });
      }
    }
    const background = setting.background_image;
    // The template's own background or one this pen name uploaded.
    const allowed =
      background === null ||
      background === template.background_image ||
      storedKeyOf(this.#ctx, background, authorBackgroundPrefix(owner)) !== null;
    if (!allowed) {
      throw badInput('background_image', {
        'zh-CN': '背景图片无效，请重新上传',
        'en-US': 'The background image is not valid; please upload it again',
      });
    }
    return { background_image: background, texts, slots: setting.slots };
  }

  /**
   * The cover as a JPEG of the given size, drawn as the browser previews it (coverSvg): the ground
   * (the template's gradient, or the background photo fitted "cover"-wise and centred, as the
   * preview's slice) is made once per template or photo and size and kept; each render lays the
   * texts over it in small windows (coverTextWindows), which keeps a 1200×1600 cover cheap.
   */
  async render(
    clientId: number,
    template: TemplateRow,
    setting: CoverSetting,
    width: number,
    height: number,
  ): Promise<Buffer> {
    const fonts = new Map((await this.fonts(clientId, true)).map((f) => [f.id, f]));
    await refuseMissingFonts(
      COVER_SLOT_KEYS.filter((k) => (setting.texts[k] ?? '') !== '').flatMap((k) => {
        const f = fonts.get(setting.slots[k].font_id);
        return f ? [f] : [];
      }),
    );
    const { data, info } = await this.#ground(template, setting.background_image, width, height);
    const windows = coverTextWindows({
      texts: setting.texts,
      slots: setting.slots,
      fontOf: (id) => {
        const f = fonts.get(id);
        return { family: f ? `'${f.family}'` : 'serif', weight: f?.weight ?? 400 };
      },
      width,
      height,
    });
    // Each window is drawn by librsvg and laid over a copy of the ground here: sharp's composite
    // makes a full-frame pass per overlay, several times the cost of these few small windows.
    const pixels = Buffer.from(data);
    const layers = await Promise.all(
      windows.map((w) => sharp(Buffer.from(w.svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
    );
    for (const [n, layer] of layers.entries()) blendOver(pixels, info.width, layer.data, layer.info, windows[n]);
    // libjpeg-turbo at 4:2:0: mozjpeg or 4:4:4 chroma cost 3–4× the time at 1200×1600 (bench creative).
    return sharp(pixels, { raw: info }).jpeg({ quality: 90 }).toBuffer();
  }

  /** The cover without its texts, as raw pixels, kept for the next render. */
  #ground(template: TemplateRow, ownBackground: string | null, width: number, height: number) {
    const background = ownBackground ?? template.background_image;
    const key = background
      ? `${background}@${width}x${height}`
      : `${template.background_color}-${template.background_color2}@${width}x${height}`;
    let ground = this.#grounds.get(key);
    if (!ground) {
      ground = (async () => {
        const image = background
          ? sharp(await readImage(this.#ctx, background)).resize(width, height, { fit: 'cover' })
          : sharp(
              Buffer.from(
                coverSvg({
                  backgroundHref: null,
                  background_color: template.background_color,
                  background_color2: template.background_color2,
                  texts: { title: '', author: '', subtitle: '', genre: '' },
                  slots: JSON.parse(template.slots) as CoverSlots,
                  fontOf: () => ({ family: 'serif', weight: 400 }),
                  width,
                  height,
                }),
              ),
            );
        return image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
      })();
      ground.catch(() => this.#grounds.delete(key));
      // A 1200×1600 ground is 5.8 MB: keep the few in use.
      if (this.#grounds.size >= 8) this.#grounds.delete(this.#grounds.keys().next().value as string);
      this.#grounds.set(key, ground);
    }
    return ground;
  }

  /** Renders the cover at 1× and 2×, stores both and makes it the book's cover. */
  async save(owner: Owner, bookId: number, tplId: number, input: CoverSetting) {
    await ownedBook(this.#ctx.db, owner, bookId);
    const template = await this.template(owner.clientId, tplId);
    const setting = await this.check(owner, input, template);
    const { width, height } = COVER_SIZE;
    const [one, two] = await Promise.all([
      this.render(owner.clientId, template, setting, width, height),
      this.render(owner.clientId, template, setting, width * 2, height * 2),
    ]);
    const base = `covers/${owner.clientId}/${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`;
    const stored = await this.#ctx.storage.put(`${base}.jpg`, one, 'image/jpeg');
    const stored2x = await this.#ctx.storage.put(`${base}-2x.jpg`, two, 'image/jpeg');
    const now = Date.now();
    await inTransaction(this.#ctx.db, async (tx: Executor) => {
      await this.#books.setCover(owner, bookId, stored.url, tx);
      const row = {
        cover_image: stored.url,
        cover_image_2x: stored2x.url,
        tpl_id: template.id,
        tpl_setting: JSON.stringify(setting),
        updated_at: now,
      };
      const updated = await tx.updateTable('cover_designs').set(row).where('book_id', '=', bookId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await tx
          .insertInto('cover_designs')
          .values({ client_id: owner.clientId, book_id: bookId, ...row })
          .execute();
      }
    });
    return this.config(owner, bookId);
  }

  /** The font cut down to the characters on the cover, for the browser's preview. */
  async fontSubset(clientId: number, fontId: number, text: string): Promise<Buffer> {
    const font = (await this.fonts(clientId, true)).find((f) => f.id === fontId);
    if (!font) throw notFound({ 'zh-CN': '字体不存在', 'en-US': 'The font does not exist' });
    await refuseMissingFonts([font]);
    const file = await locateFont(font.family, font.weight);
    if (!file) throw notFound({ 'zh-CN': '字体文件未安装', 'en-US': 'The font file is not installed on the server' });
    // Latin letters and digits always come along: the preview never falls back for them.
    return subsetFont(file, `${text}0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ·`);
  }
}

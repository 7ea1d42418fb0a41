import { CREATIVE_ERROR } from '@author-centre/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { authorClient, createBook, upload } from '../works/works.fixtures.ts';
import { coverFontsAtStart, DEFAULT_FONTS } from './covers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function templatesAndFonts(client: TestClient) {
  const templates = await client.get('/api/pc/v1/cover/templates');
  const fonts = await client.get('/api/pc/v1/cover/fonts');
  expect(templates.body.code, JSON.stringify(templates.body)).toBe(200);
  return { templates: templates.body.data.list, fonts: fonts.body.data.list };
}

/** A setting from a template: the texts given, everything else as the template has it. */
function settingFrom(template: any, texts: Record<string, string>, over: Record<string, any> = {}) {
  return {
    background_image: null,
    texts: { title: '', author: '', subtitle: '', genre: '', ...texts },
    slots: structuredClone(template.slots),
    ...over,
  };
}

async function fetchImage(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The share of pixels in a box whose every channel is near the colour given. */
async function shareNear(
  image: Buffer,
  box: { left: number; top: number; width: number; height: number },
  rgb: number[],
) {
  const { data, info } = await sharp(image).extract(box).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i] - rgb[0]) < 40 && Math.abs(data[i + 1] - rgb[1]) < 40 && Math.abs(data[i + 2] - rgb[2]) < 40)
      near++;
  }
  return near / (data.length / info.channels);
}

describe('cover maker: templates and fonts', () => {
  it('gives every brand open-licence CJK fonts (licence recorded) and templates, each brand its own', async () => {
    const { client } = await authorClient(t);
    const { templates, fonts } = await templatesAndFonts(client);
    expect(fonts.map((f: any) => f.family)).toEqual([
      'Noto Serif CJK SC',
      'Noto Serif CJK SC',
      'Noto Sans CJK SC',
      'Noto Sans CJK SC',
    ]);
    expect(
      fonts.every((f: any) => f.licence === 'SIL Open Font License 1.1' && f.licence_url.startsWith('https://')),
    ).toBe(true);
    expect(templates.map((x: any) => x.name)).toEqual(['星夜', '水墨', '烈焰']);
    expect(Object.keys(templates[0].slots).sort()).toEqual(['author', 'genre', 'subtitle', 'title']);
    const fontIds = new Set(fonts.map((f: any) => f.font_id));
    expect(fontIds.has(templates[0].slots.title.font_id)).toBe(true);

    const other = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    const theirs = await templatesAndFonts(other.client);
    expect(theirs.templates.map((x: any) => x.tpl_id)).not.toContain(templates[0].tpl_id);
  });

  it('serves a font cut down to the typed characters', async () => {
    const { client } = await authorClient(t);
    const { fonts } = await templatesAndFonts(client);
    const res = await client.get('/api/pc/v1/cover/font-subset', { font_id: fonts[0].font_id, text: '星河长明' });
    expect(res.body.code).toBe(200);
    const bytes = Buffer.from(res.body.data.font, 'base64');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OTTO');
    expect(bytes.length).toBeLessThan(40_000);

    // Another brand's font is not served here.
    const other = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    const theirs = await other.client.get('/api/pc/v1/cover/font-subset', { font_id: fonts[0].font_id, text: '星' });
    expect(theirs.status).toBe(404);
  });

  it('serves every font in turn, again and again (more fonts than the subsetter holds at once)', async () => {
    const { client } = await authorClient(t);
    const { fonts } = await templatesAndFonts(client);
    expect(fonts.length).toBeGreaterThan(2);
    for (const round of [1, 2]) {
      for (const font of fonts) {
        const res = await client.get('/api/pc/v1/cover/font-subset', { font_id: font.font_id, text: '星河' });
        expect(res.status, `round ${round}, font ${font.font_id}`).toBe(200);
        expect(Buffer.from(res.body.data.font, 'base64').subarray(0, 4).toString('latin1')).toBe('OTTO');
      }
    }
  });
});

describe('cover maker: render, save and edit again', () => {
  it('renders the cover at 600×800 and 1200×1600 with the title drawn, makes it the book cover, and edits it again', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const { templates } = await templatesAndFonts(client);
    const starry = templates[0]; // dark gradient, white text, title centred on y=340
    const setting = settingFrom(starry, {
      title: '星河长明',
      author: '青山',
      subtitle: '一段远方的故事',
      genre: '玄幻',
    });

    const saved = await client.post('/api/pc/v1/cover/save', {
      book_id: book.book_id,
      tpl_id: starry.tpl_id,
      tpl_setting: setting,
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const cover = saved.body.data;
    expect(cover.cover_image).toMatch(/^\/uploads\/covers\/2\/.+\.jpg$/);
    expect(cover.tpl_id).toBe(starry.tpl_id);
    expect(cover.tpl_setting.texts.title).toBe('星河长明');

    const one = await fetchImage(cover.cover_image);
    const two = await fetchImage(cover.cover_image_2x);
    const [m1, m2] = [await sharp(one).metadata(), await sharp(two).metadata()];
    expect([m1.format, m1.width, m1.height]).toEqual(['jpeg', 600, 800]);
    expect([m2.width, m2.height]).toEqual([1200, 1600]);

    // Pixel probe: the title's box (88 px glyphs on the baseline y=340) holds white strokes; a box of
    // the same size in the empty band below the subtitle has none.
    const titleBox = { left: 120, top: 262, width: 360, height: 90 };
    const emptyBox = { left: 120, top: 500, width: 360, height: 90 };
    expect(await shareNear(one, titleBox, [255, 255, 255])).toBeGreaterThan(0.15);
    expect(await shareNear(one, emptyBox, [255, 255, 255])).toBe(0);

    // The book's information shows the made cover; the config gives back what it was made from.
    const info = await client.get('/api/pc/v1/book/info', { book_id: book.book_id });
    expect(info.body.data.cover).toBe(cover.cover_image);
    const config = await client.get('/api/pc/v1/cover/config', { book_id: book.book_id });
    expect(config.body.data.tpl_setting).toEqual(cover.tpl_setting);

    // Edit again: yellow title; the new cover replaces the old.
    const edited = structuredClone(cover.tpl_setting);
    edited.slots.title.color = '#ffff00';
    const again = await client.post('/api/pc/v1/cover/save', {
      book_id: book.book_id,
      tpl_id: starry.tpl_id,
      tpl_setting: edited,
    });
    expect(again.body.code).toBe(200);
    expect(again.body.data.cover_image).not.toBe(cover.cover_image);
    const yellow = await fetchImage(again.body.data.cover_image);
    expect(await shareNear(yellow, titleBox, [255, 255, 0])).toBeGreaterThan(0.15);
    expect(
      (await client.get('/api/pc/v1/cover/config', { book_id: book.book_id })).body.data.tpl_setting.slots.title.color,
    ).toBe('#ffff00');

    // A cover uploaded later replaces the made one: the config no longer offers its settings.
    const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#336' } })
      .png()
      .toBuffer();
    const uploaded = await upload(client, '/api/pc/v1/book/upload-cover', {}, png, 'image/png');
    await client.post('/api/pc/v1/book/save-book-info', {
      book_id: book.book_id,
      kind: 'novel',
      title: book.title,
      category: 'xuanhuan',
      intro: '这是一部关于少年踏上修行之路、历经风雨终成大器的长篇小说。',
      tags: ['热血'],
      cover: uploaded.body.data.url,
    });
    const after = (await client.get('/api/pc/v1/cover/config', { book_id: book.book_id })).body.data;
    expect(after.cover_image).toBe(uploaded.body.data.url);
    expect(after.tpl_setting).toBeNull();
  });

  it('refuses a sensitive word, an empty title, an unknown font, a foreign background and another author’s book, changing nothing', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const { templates } = await templatesAndFonts(client);
    const tpl = templates[1];
    const save = (setting: any, bookId = book.book_id) =>
      client.post('/api/pc/v1/cover/save', { book_id: bookId, tpl_id: tpl.tpl_id, tpl_setting: setting });

    const bad = await save(settingFrom(tpl, { title: '星河', subtitle: '网络赌博指南' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ code: CREATIVE_ERROR.coverTextSensitive, field: 'texts.subtitle' });
    expect(bad.body.errors.title).toBe('封面文字含有敏感词「网络赌博」，请修改');

    const empty = await save(settingFrom(tpl, { title: '  ' }));
    expect(empty.body.errors).toMatchObject({ field: 'texts.title', title: '请输入书名' });

    const slots = structuredClone(tpl.slots);
    slots.author.font_id = 999_999;
    const font = await save(settingFrom(tpl, { title: '星河' }, { slots }));
    expect(font.body.errors.field).toBe('slots.author.font_id');

    const colour = structuredClone(tpl.slots);
    colour.title.color = 'red';
    expect((await save(settingFrom(tpl, { title: '星河' }, { slots: colour }))).status).toBe(400);

    // Another author's uploaded background cannot be used.
    const other = await authorClient(t);
    const bg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#963' } })
      .jpeg()
      .toBuffer();
    const theirs = await upload(other.client, '/api/pc/v1/cover/upload-background', {}, bg, 'image/jpeg');
    expect(theirs.body.code).toBe(200);
    const foreign = await save(settingFrom(tpl, { title: '星河' }, { background_image: theirs.body.data.url }));
    expect(foreign.body.errors.field).toBe('background_image');

    const theirBook = await createBook(other.client);
    expect((await save(settingFrom(tpl, { title: '星河' }), theirBook.book_id)).status).toBe(404);

    const info = await client.get('/api/pc/v1/book/info', { book_id: book.book_id });
    expect(info.body.data.cover).toBeNull();
  });

  it('refuses to draw with a font the server lacks, naming it, rather than drawing empty boxes; changing nothing', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const now = Date.now();
    const lacking = await t.app.ctx.db
      .insertInto('cover_fonts')
      .values({
        client_id: 2,
        name: '缺失宋体',
        family: 'Not Installed Serif CJK',
        weight: 700,
        licence: 'SIL Open Font License 1.1',
        licence_url: 'https://openfontlicense.org',
        enabled: 1,
        sort: 99,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const { templates } = await templatesAndFonts(client);
      const tpl = templates[0];
      const slots = structuredClone(tpl.slots);
      slots.title.font_id = Number(lacking.id);
      const saved = await client.post('/api/pc/v1/cover/save', {
        book_id: book.book_id,
        tpl_id: tpl.tpl_id,
        tpl_setting: settingFrom(tpl, { title: '星河' }, { slots }),
      });
      expect(saved.status).toBe(503);
      expect(saved.body.errors).toMatchObject({
        code: CREATIVE_ERROR.coverFontMissing,
        title: '服务器未安装封面字体：缺失宋体（Not Installed Serif CJK 700），暂时无法生成封面，请联系平台管理员',
      });
      const subset = await client.get('/api/pc/v1/cover/font-subset', { font_id: lacking.id, text: '星河' });
      expect(subset.body.errors.code).toBe(CREATIVE_ERROR.coverFontMissing);
      const info = await client.get('/api/pc/v1/book/info', { book_id: book.book_id });
      expect(info.body.data.cover).toBeNull();
    } finally {
      await t.app.ctx.db.deleteFrom('cover_fonts').where('id', '=', lacking.id).execute();
    }
  });

  it('checks at start that the fonts covers need are installed, naming each one missing', async () => {
    const logged: Array<{ obj: object; msg: string }> = [];
    const log = { error: (obj: object, msg: string) => logged.push({ obj, msg }) };
    // This machine has Debian's fonts-noto-cjk (.ci/run installs it): nothing is missing.
    expect(await coverFontsAtStart(log)).toEqual([]);
    expect(logged).toEqual([]);
    // A bold face that does not exist, next to ones that do.
    const wanted = [...DEFAULT_FONTS, { family: 'Not Installed Serif CJK', weight: 700 }];
    expect(await coverFontsAtStart(log, wanted)).toEqual(['Not Installed Serif CJK 700']);
    expect(logged[0].msg).toMatch(
      /^cover fonts missing: Not Installed Serif CJK 700 — .*apt-get install fonts-noto-cjk/,
    );
  });

  it('takes the author’s own background: checked by content, size and pixels, re-encoded without metadata', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const path = '/api/pc/v1/cover/upload-background';

    const notImage = await upload(client, path, {}, Buffer.from('GIF89a but not really an image'), 'image/gif');
    expect(notImage.body.errors).toMatchObject({
      field: 'file',
      title: '无法识别的图片，请上传 JPG、PNG 或 WebP 图片',
    });
    const tiny = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(client, path, {}, tiny, 'image/png')).body.errors.title).toBe(
      '图片尺寸需在300~6000像素之间（当前100×100）',
    );

    // A PNG sent as "image/jpeg" with EXIF metadata: read by its content, stored as a clean JPEG.
    const withExif = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#08a' } })
      .withExif({ IFD0: { Artist: 'secret-camera-owner' } })
      .png()
      .toBuffer();
    const ok = await upload(client, path, {}, withExif, 'image/jpeg');
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
    const stored = await fetchImage(ok.body.data.url);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1200, 1600, undefined]);
    expect(stored.includes(Buffer.from('secret-camera-owner'))).toBe(false);

    const { templates } = await templatesAndFonts(client);
    const saved = await client.post('/api/pc/v1/cover/save', {
      book_id: book.book_id,
      tpl_id: templates[0].tpl_id,
      tpl_setting: settingFrom(templates[0], { title: '海' }, { background_image: ok.body.data.url }),
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    // The background (#0088aa) fills the cover's empty corner.
    const cover = await fetchImage(saved.body.data.cover_image);
    expect(await shareNear(cover, { left: 0, top: 0, width: 60, height: 60 }, [0, 0x88, 0xaa])).toBeGreaterThan(0.95);
  });
});

describe('console: cover templates and fonts', () => {
  it('lets an admin add and change templates and fonts with a reason, audited; nobody else, no other brand', async () => {
    const c = await consoleCallers(t);
    const fonts = await c.admin.get('/api/admin/cover/fonts');
    expect(fonts.body.code, JSON.stringify(fonts.body)).toBe(200);
    expect(fonts.body.data.list[0]).toMatchObject({ installed: true, licence: 'SIL Open Font License 1.1' });
    expect((await c.author.get('/api/admin/cover/fonts')).status).toBe(403);
    expect((await c.editor.get('/api/admin/cover/templates')).status).toBe(403);
    expect((await c.visitor.get('/api/admin/cover/templates')).status).toBe(401);

    const fontId = fonts.body.data.list[0].font_id;
    const slot = (y: number) => ({ font_id: fontId, size: 40, color: '#101010', x: 300, y, align: 'middle' });
    const body = {
      name: '晨光',
      background_color: '#fff8e1',
      background_color2: '#ffe082',
      slots: { title: slot(300), author: slot(700), subtitle: slot(400), genre: slot(100) },
      reason: '秋季活动新模板',
    };
    const created = await c.admin.post('/api/admin/cover/templates', body);
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const tplId = created.body.data.tpl_id;

    const noReason = await c.admin.post('/api/admin/cover/templates/update', { ...body, id: tplId, reason: '' });
    expect(noReason.status).toBe(400);
    const off = await c.admin.post('/api/admin/cover/templates/update', {
      ...body,
      id: tplId,
      enabled: false,
      reason: '暂停使用',
    });
    expect(off.body.data.enabled).toBe(false);

    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'cover_template')
      .where('target_id', '=', String(tplId))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'cover-template.create', reason: '秋季活动新模板' },
      { action: 'cover-template.update', reason: '暂停使用' },
    ]);

    // Authors of the brand see enabled templates only; the other brand's admin cannot touch it.
    const authorList = await c.author.get('/api/pc/v1/cover/templates');
    expect(authorList.body.data.list.map((x: any) => x.tpl_id)).not.toContain(tplId);
    expect((await c.otherBrandAdmin.get('/api/admin/cover/templates/detail', { id: tplId })).status).toBe(404);
    // Refused (brand 2's font is not theirs, nor the template), and the template is as it was.
    const theirs = await c.otherBrandAdmin.post('/api/admin/cover/templates/update', {
      ...body,
      id: tplId,
      name: '改名',
    });
    expect(theirs.status).toBeGreaterThanOrEqual(400);
    expect((await c.admin.get('/api/admin/cover/templates/detail', { id: tplId })).body.data.name).toBe('晨光');

    const missing = await c.admin.post('/api/admin/cover/fonts', {
      name: '不存在',
      family: 'No Such Font CJK',
      weight: 400,
      licence: 'OFL',
      licence_url: 'https://openfontlicense.org',
      reason: '试试',
    });
    expect(missing.body.errors.field).toBe('family');
  });
});

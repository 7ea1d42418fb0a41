import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CREATIVE_ERROR, ILLUSTRATION_LIMITS } from '@author-centre/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { siteSignature } from '../works/integration.ts';
import { authorClient, createBook, saveChapter, upload, writtenChapter } from '../works/works.fixtures.ts';

/**
 * A stand-in for the remote image service: an OpenAI-compatible images API on a local port. It
 * answers with a PNG whose colour changes with every call, records what it was asked, and can be
 * told to fail.
 */
interface FakeImages {
  url: string;
  requests: Array<{ authorization?: string; body: any }>;
  failNext: boolean;
  /** How many more requests fail (500), after failNext. */
  failCount: number;
  /** How long each picture takes, so requests overlap. */
  delayMs: number;
  close(): Promise<void>;
}

async function fakeImagesServer(): Promise<FakeImages> {
  const fake = { requests: [], failNext: false, failCount: 0, delayMs: 0 } as unknown as FakeImages;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const body = JSON.parse(raw || '{}');
      fake.requests.push({ authorization: req.headers.authorization, body });
      if (req.url !== '/v1/images/generations' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
      if (fake.failNext || fake.failCount > 0) {
        if (fake.failNext) fake.failNext = false;
        else fake.failCount -= 1;
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'overloaded' } }));
        return;
      }
      const shade = (fake.requests.length * 40) % 256;
      const png = await sharp({
        create: { width: 512, height: 512, channels: 3, background: { r: shade, g: 80, b: 160 } },
      })
        .png()
        .toBuffer();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

const SITE = { id: 'reader-wonder', client_id: 2, key: 'wonder-site-key-0123456789' };
let t: TestApp;
let fake: FakeImages;
beforeAll(async () => {
  fake = await fakeImagesServer();
  t = await createTestApp({
    IMAGE_AI_URL: fake.url,
    IMAGE_AI_KEY: 'test-image-key',
    IMAGE_AI_MODEL: 'fake-image-1',
    READING_SITES: JSON.stringify([SITE]),
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const TEXT =
  '第一段：山门前的石阶上落满了枫叶。\n\n第二段：少年背着剑，一步一步走上去。\n第三段：云海翻涌，钟声从山顶传来。';

async function illustratedChapter(client: TestClient) {
  const book = await createBook(client);
  const chapter = await writtenChapter(client, book.book_id, '第一章山门', TEXT);
  return { book, chapterId: chapter.chapterId };
}

async function uploadPicture(client: TestClient, colour = '#c33') {
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await upload(client, '/api/pc/v1/interact-pic/upload', {}, png, 'image/png');
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { url: string; width: number; height: number };
}

async function feed(cursor = 0) {
  const timestamp = String(Date.now());
  const path = '/api/integration/v1/chapters/changes';
  const query = { cursor, limit: 500 };
  const res = await t.app.inject({
    method: 'GET',
    url: `${path}?cursor=${cursor}&limit=500`,
    headers: {
      'x-site-id': SITE.id,
      'x-site-timestamp': timestamp,
      'x-site-signature': siteSignature(SITE.key, 'GET', path, query, timestamp),
    },
  });
  return res.json().data as { items: any[]; next_cursor: number };
}

describe('interactive images: attach, caption, reorder, remove', () => {
  it('attaches uploaded pictures to paragraphs, reorders and removes them, and the reading sites get them once published', async () => {
    const { client } = await authorClient(t);
    const { book, chapterId } = await illustratedChapter(client);

    const list = await client.get('/api/pc/v1/interact-pic/chapter-list', { book_id: book.book_id });
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ chapter_id: chapterId, title: '第一章山门', illustration_count: 0 }),
    ]);
    const info = await client.get('/api/pc/v1/interact-pic/chapter-info', { chapter_id: chapterId });
    expect(info.body.data.paragraphs).toEqual([
      '第一段：山门前的石阶上落满了枫叶。',
      '第二段：少年背着剑，一步一步走上去。',
      '第三段：云海翻涌，钟声从山顶传来。',
    ]);

    const red = await uploadPicture(client, '#c33');
    expect([red.width, red.height]).toEqual([1200, 675]); // re-encoded to at most 1200 px wide
    const blue = await uploadPicture(client, '#33c');
    const save = (items: any[]) =>
      client.post('/api/pc/v1/interact-pic/save', { chapter_id: chapterId, illustrations: items });

    const first = await save([
      { paragraph_index: 0, image_url: red.url, caption: '枫叶石阶' },
      { paragraph_index: 2, image_url: blue.url, caption: '云海' },
    ]);
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.illustrations.map((i: any) => [i.paragraph_index, i.caption])).toEqual([
      [0, '枫叶石阶'],
      [2, '云海'],
    ]);
    // A draft's illustrations wait: the feed has nothing of the chapter yet.
    expect((await feed()).items.filter((i) => i.chapter_id === chapterId)).toEqual([]);

    const published = await client.post('/api/pc/v1/book-chapter/draft-publish', {
      chapter_id: chapterId,
      force: true,
    });
    expect(published.body.code, JSON.stringify(published.body)).toBe(200);
    const afterPublish = await feed();
    const item = afterPublish.items.find((i) => i.chapter_id === chapterId);
    expect(item.illustrations).toEqual([
      { paragraph_index: 0, url: red.url, caption: '枫叶石阶' },
      { paragraph_index: 2, url: blue.url, caption: '云海' },
    ]);

    // Reorder (blue first, on paragraph 1 now) and remove red: the chapter comes through the feed again.
    const reordered = await save([{ paragraph_index: 1, image_url: blue.url, caption: '云海（改）' }]);
    expect(reordered.body.data.illustrations).toHaveLength(1);
    const again = await feed(afterPublish.next_cursor);
    expect(again.items.map((i) => i.chapter_id)).toEqual([chapterId]);
    expect(again.items[0].illustrations).toEqual([{ paragraph_index: 1, url: blue.url, caption: '云海（改）' }]);

    const count = await client.get('/api/pc/v1/interact-pic/chapter-list', { book_id: book.book_id });
    expect(count.body.data.list[0].illustration_count).toBe(1);

    // Remove all.
    expect((await save([])).body.data.illustrations).toEqual([]);
  });

  it('refuses another author’s picture, a missing paragraph, a sensitive caption, a non-image and another author’s chapter, changing nothing', async () => {
    const { client } = await authorClient(t);
    const { chapterId } = await illustratedChapter(client);
    const mine = await uploadPicture(client);
    const other = await authorClient(t);
    const theirs = await uploadPicture(other.client);
    const save = (c: TestClient, items: any[]) =>
      c.post('/api/pc/v1/interact-pic/save', { chapter_id: chapterId, illustrations: items });

    const foreign = await save(client, [{ paragraph_index: 0, image_url: theirs.url, caption: '' }]);
    expect(foreign.body.errors).toMatchObject({ field: 'illustrations.0.image_url', title: '图片无效，请重新上传' });
    const outside = await save(client, [{ paragraph_index: 0, image_url: 'https://example.com/x.jpg', caption: '' }]);
    expect(outside.body.errors.field).toBe('illustrations.0.image_url');
    const noParagraph = await save(client, [{ paragraph_index: 3, image_url: mine.url, caption: '' }]);
    expect(noParagraph.body.errors.field).toBe('illustrations.0.paragraph_index');
    const sensitive = await save(client, [{ paragraph_index: 0, image_url: mine.url, caption: '网络赌博' }]);
    expect(sensitive.body.errors.title).toBe('图片说明含有敏感词「网络赌博」，请修改');
    expect((await save(other.client, [])).status).toBe(404);

    const text = await upload(client, '/api/pc/v1/interact-pic/upload', {}, Buffer.from('hello'), 'image/png');
    expect(text.body.errors.field).toBe('file');
    const huge = await upload(
      client,
      '/api/pc/v1/interact-pic/upload',
      {},
      Buffer.alloc(ILLUSTRATION_LIMITS.imageMaxBytes + 1),
      'image/png',
    );
    expect(huge.body.errors.title).toBe('图片需小于5MB');
    const narrow = await sharp({ create: { width: 50, height: 400, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(client, '/api/pc/v1/interact-pic/upload', {}, narrow, 'image/png')).body.errors.title).toBe(
      '图片尺寸需在100~8000像素之间（当前50×400）',
    );

    const info = await client.get('/api/pc/v1/interact-pic/chapter-info', { chapter_id: chapterId });
    expect(info.body.data.illustrations).toEqual([]);
  });
});

describe('interactive images: a shortened text', () => {
  it('shows a picture whose paragraph is gone at the last paragraph, where it can be moved or removed', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const chapter = await writtenChapter(client, book.book_id, '第一章山门', TEXT);
    const picture = await uploadPicture(client);
    const saved = await client.post('/api/pc/v1/interact-pic/save', {
      chapter_id: chapter.chapterId,
      illustrations: [{ paragraph_index: 2, image_url: picture.url, caption: '钟声' }],
    });
    expect(saved.body.code).toBe(200);
    const shorter = await saveChapter(client, chapter.chapterId, chapter.revision, '只剩一段。', {
      title: '第一章山门',
    });
    expect(shorter.body.code, JSON.stringify(shorter.body)).toBe(200);
    const info = await client.get('/api/pc/v1/interact-pic/chapter-info', { chapter_id: chapter.chapterId });
    expect(info.body.data.paragraphs).toEqual(['只剩一段。']);
    expect(info.body.data.illustrations.map((i: any) => [i.paragraph_index, i.caption])).toEqual([[0, '钟声']]);
  });
});

describe('interactive images: AI pictures', () => {
  it('creates a picture from the paragraph through the OpenAI-compatible images API, changes it, keeps the history, and attaches one', async () => {
    const { client } = await authorClient(t);
    const { chapterId } = await illustratedChapter(client);
    const config = await client.get('/api/pc/v1/interact-pic/ai-config');
    expect(config.body.data).toMatchObject({ available: true, model: 'fake-image-1', daily_limit: 20, left_today: 20 });

    const asked = fake.requests.length;
    const created = await client.post('/api/pc/v1/interact-pic/ai-pic-create', {
      chapter_id: chapterId,
      paragraph_index: 1,
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const request = fake.requests[asked];
    expect(request.authorization).toBe('Bearer test-image-key');
    expect(request.body).toMatchObject({ model: 'fake-image-1', n: 1, response_format: 'b64_json' });
    expect(request.body.prompt).toContain('第二段：少年背着剑，一步一步走上去。');
    const picture = created.body.data;
    const stored = await t.app.inject({ method: 'GET', url: picture.image_url });
    expect((await sharp(stored.rawPayload).metadata()).format).toBe('jpeg');

    const changed = await client.post('/api/pc/v1/interact-pic/ai-pic-change', { picture_id: picture.picture_id });
    expect(changed.body.code).toBe(200);
    expect(changed.body.data.prompt).toBe(picture.prompt);
    expect(changed.body.data.image_url).not.toBe(picture.image_url);

    const history = await client.get('/api/pc/v1/interact-pic/ai-pic-history', {
      chapter_id: chapterId,
      paragraph_index: 1,
    });
    expect(history.body.data.list.map((p: any) => p.picture_id)).toEqual([
      changed.body.data.picture_id,
      picture.picture_id,
    ]);
    expect(
      (await client.get('/api/pc/v1/interact-pic/ai-pic-history', { chapter_id: chapterId, paragraph_index: 0 })).body
        .data.list,
    ).toEqual([]);

    const attached = await client.post('/api/pc/v1/interact-pic/save', {
      chapter_id: chapterId,
      illustrations: [
        {
          paragraph_index: 1,
          image_url: changed.body.data.image_url,
          caption: '',
          picture_id: changed.body.data.picture_id,
        },
      ],
    });
    expect(attached.body.code, JSON.stringify(attached.body)).toBe(200);

    // Another author cannot change this picture.
    const other = await authorClient(t);
    expect(
      (await other.client.post('/api/pc/v1/interact-pic/ai-pic-change', { picture_id: picture.picture_id })).status,
    ).toBe(404);
  });

  it('says when the provider failed, and stops at the daily limit', async () => {
    const { client, author } = await authorClient(t);
    const { chapterId } = await illustratedChapter(client);
    fake.failNext = true;
    const failed = await client.post('/api/pc/v1/interact-pic/ai-pic-create', {
      chapter_id: chapterId,
      paragraph_index: 0,
    });
    expect(failed.body.errors).toMatchObject({ code: CREATIVE_ERROR.aiImageFailed, title: 'AI配图生成失败，请重试' });

    // Today's pictures used up (made earlier today).
    const now = Date.now();
    await t.app.ctx.db
      .insertInto('ai_pictures')
      .values(
        Array.from({ length: ILLUSTRATION_LIMITS.aiDailyLimit }, () => ({
          client_id: 2,
          account_id: author.accountId,
          book_id: 0,
          chapter_id: chapterId,
          paragraph_index: 0,
          prompt: 'p',
          image_url: '/uploads/x.jpg',
          provider: 'openai-images',
          model: 'fake-image-1',
          created_at: now,
        })),
      )
      .execute();
    const asked = fake.requests.length;
    const limited = await client.post('/api/pc/v1/interact-pic/ai-pic-create', {
      chapter_id: chapterId,
      paragraph_index: 0,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toMatchObject({
      code: CREATIVE_ERROR.aiImageDailyLimit,
      title: '今天的AI配图次数（20次）已用完，请明天再试',
    });
    expect(fake.requests.length).toBe(asked);
    expect((await client.get('/api/pc/v1/interact-pic/ai-config')).body.data.left_today).toBe(0);
  });

  it('parallel requests cannot pass the daily limit: a slot is reserved first and given back on failure', async () => {
    const { client, author } = await authorClient(t);
    const { chapterId } = await illustratedChapter(client);
    const madeToday = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('ai_pictures')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('account_id', '=', author.accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const create = () =>
      client.post('/api/pc/v1/interact-pic/ai-pic-create', { chapter_id: chapterId, paragraph_index: 0 });
    fake.delayMs = 150;
    try {
      // 17 made one at a time.
      for (let i = 0; i < ILLUSTRATION_LIMITS.aiDailyLimit - 3; i++) expect((await create()).body.code).toBe(200);
      // Two fail at the provider: their slots are given back.
      fake.failCount = 2;
      const failed = await Promise.all([create(), create()]);
      expect(failed.map((r) => r.status)).toEqual([502, 502]);
      expect((await client.get('/api/pc/v1/interact-pic/ai-config')).body.data.left_today).toBe(3);
      // Eight at once with three left: three pictures, five refused.
      const asked = fake.requests.length;
      const burst = await Promise.all(Array.from({ length: 8 }, () => create()));
      expect(burst.filter((r) => r.status === 200)).toHaveLength(3);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(5);
      expect(fake.requests.length - asked).toBe(3);
    } finally {
      fake.delayMs = 0;
      fake.failCount = 0;
    }
    expect(await madeToday()).toBe(ILLUSTRATION_LIMITS.aiDailyLimit);
    const day = await t.app.ctx.db
      .selectFrom('ai_picture_days')
      .select('used')
      .where('account_id', '=', author.accountId)
      .executeTakeFirstOrThrow();
    expect(Number(day.used)).toBe(ILLUSTRATION_LIMITS.aiDailyLimit);
    expect((await client.get('/api/pc/v1/interact-pic/ai-config')).body.data.left_today).toBe(0);
  });
});

describe('interactive images without an image provider', () => {
  it('says AI pictures are not available, and uploads and saving still work', async () => {
    const bare = await createTestApp();
    try {
      const { client } = await authorClient(bare);
      const book = await createBook(client);
      const chapter = await writtenChapter(client, book.book_id, '第一章山门', TEXT);
      const config = await client.get('/api/pc/v1/interact-pic/ai-config');
      expect(config.body.data).toMatchObject({ available: false, provider: null });
      const refused = await client.post('/api/pc/v1/interact-pic/ai-pic-create', {
        chapter_id: chapter.chapterId,
        paragraph_index: 0,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.errors).toMatchObject({
        code: CREATIVE_ERROR.aiImageUnavailable,
        title: 'AI配图暂未开放：平台还没有配置图片生成服务，您可以上传自己的图片',
      });
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#999' } })
        .png()
        .toBuffer();
      const uploaded = await upload(client, '/api/pc/v1/interact-pic/upload', {}, png, 'image/png');
      const saved = await client.post('/api/pc/v1/interact-pic/save', {
        chapter_id: chapter.chapterId,
        illustrations: [{ paragraph_index: 2, image_url: uploaded.body.data.url, caption: '钟声' }],
      });
      expect(saved.body.data.illustrations).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });
});

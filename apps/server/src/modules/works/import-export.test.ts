import { WORKS_LIMITS } from '@author-centre/shared';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { breakLongLines, sanitizeTitle } from './chapter-division.ts';
import { decodeManuscript } from './import-export.service.ts';
import { authorClient, createBook, download, prose, upload, volumesOf, writtenChapter } from './works.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MANUSCRIPT = [
  '书名：测试之书',
  '',
  '第一卷 风起',
  '第一章 初见',
  '　　山风吹过竹林。',
  '　　少年握紧了剑。',
  '第2章：重逢',
  '他们又见面了。',
  '第十二章',
  '故事继续。',
  '这是第十二章的第二段。',
  '第二卷',
  'Chapter 13 The End',
  'It ends here.',
].join('\r\n');

async function runImport(t: TestApp) {
  // The durable job runs in batches; step it until nothing is due.
  while ((await t.app.ctx.jobs.runDue()) > 0) {}
}

describe('import', () => {
  it('keeps headings as written: spaces and title punctuation stay, other characters go', () => {
    expect(sanitizeTitle('Chapter 12 The Letter')).toBe('Chapter 12 The Letter');
    expect(sanitizeTitle('　第十二章　 重逢 ')).toBe('第十二章　重逢');
    expect(sanitizeTitle('第3章 《剑》——归来（上）')).toBe('第3章 《剑》——归来（上）');
    expect(sanitizeTitle('Chapter 7: Who? (Part 1)')).toBe('Chapter 7： Who？ （Part 1）');
    expect(sanitizeTitle('第4章 #夜# 【雨】')).toBe('第4章 夜 雨');
  });

  it('reads UTF-8, GB18030 and .docx, detecting the encoding', async () => {
    expect(await decodeManuscript(Buffer.from(MANUSCRIPT, 'utf8'), 'a.txt')).toMatchObject({ encoding: 'utf-8' });
    const gb = await decodeManuscript(iconv.encode(MANUSCRIPT, 'gb18030'), 'a.txt');
    expect(gb).toEqual({ text: MANUSCRIPT, encoding: 'gb18030' });
    const bom = await decodeManuscript(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('第一章', 'utf8')]),
      'a.txt',
    );
    expect(bom.text).toBe('第一章');

    const zip = new JSZip();
    zip.file(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    );
    zip.file(
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    );
    zip.file(
      'word/document.xml',
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>第一章 开端</w:t></w:r></w:p><w:p><w:r><w:t>正文第一段。</w:t></w:r></w:p></w:body></w:document>',
    );
    const docx = await zip.generateAsync({ type: 'nodebuffer' });
    const doc = await decodeManuscript(docx, 'book.docx');
    expect(doc.encoding).toBe('docx');
    expect(doc.text).toContain('第一章 开端');
    expect(doc.text).toContain('正文第一段。');
  });

  it('previews the division, lets the author adjust it, then creates the drafts with progress', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const res = await upload(
      client,
      '/api/pc/v1/book-chapter/upload',
      { book_id: book.book_id, file_name: '书.txt' },
      iconv.encode(MANUSCRIPT, 'gb18030'),
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const up = res.body.data;
    expect(up.encoding).toBe('gb18030');
    expect(up.segments.map((s: any) => [s.kind, s.title, s.line])).toEqual([
      ['chapter', '前言', 0],
      ['volume', '第一卷 风起', 2],
      ['chapter', '第一章 初见', 3],
      ['chapter', '第2章：重逢', 6],
      ['chapter', '第十二章', 8],
      ['volume', '第二卷', 11],
      ['chapter', 'Chapter 13 The End', 12],
    ]);
    // The author drops the title page, splits 第十二章 in two at its second paragraph and renames.
    const lines = await client.get('/api/pc/v1/book-chapter/upload-lines', {
      import_id: up.import_id,
      from: 8,
      count: 3,
    });
    expect(lines.body.data.lines).toEqual(['第十二章', '故事继续。', '这是第十二章的第二段。']);
    const segments = up.segments.map((s: any) => ({ line: s.line, kind: s.kind, title: s.title, consume: s.consume }));
    segments[0].kind = 'skip';
    segments.splice(5, 0, { line: 10, kind: 'chapter', title: '第十三章', consume: false });
    segments[7].title = '第十四章：终';
    const again = await client.post('/api/pc/v1/book-chapter/upload-preview', { import_id: up.import_id, segments });
    expect(again.body.data.segments[4]).toMatchObject({ title: '第十二章', words: 4, preview: '故事继续。' });
    expect(again.body.data.segments[5]).toMatchObject({ title: '第十三章', preview: '这是第十二章的第二段。' });
    const commit = await client.post('/api/pc/v1/book-chapter/upload-commit', { import_id: up.import_id, segments });
    expect(commit.body.data).toMatchObject({ status: 'committing', total: 5, done: 0 });
    await runImport(t);
    const status = await client.get('/api/pc/v1/book-chapter/upload-status', { import_id: up.import_id });
    expect(status.body.data).toMatchObject({ status: 'done', total: 5, done: 5, progress: 1 });
    const list = await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id });
    expect(list.body.data.list.map((c: any) => [c.title, c.status])).toEqual([
      ['第一章 初见', 'draft'],
      ['第2章：重逢', 'draft'],
      ['第十二章', 'draft'],
      ['第十三章', 'draft'],
      ['第十四章：终', 'draft'],
    ]);
    expect((await volumesOf(client, book.book_id)).map((v) => v.title)).toEqual([
      '作品相关',
      '第一卷',
      '第一卷 风起',
      '第二卷',
    ]);
    const first = await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: list.body.data.list[0].chapter_id });
    expect(first.body.data.content).toBe('山风吹过竹林。\n少年握紧了剑。');
    // Committing twice creates nothing more.
    const twice = await client.post('/api/pc/v1/book-chapter/upload-commit', { import_id: up.import_id, segments });
    expect(twice.status).toBe(400);
    const info = await client.get('/api/pc/v1/book/info', { book_id: book.book_id });
    expect(info.body.data.chapter_count).toBe(5);
  });

  it('says so when the same file was already imported into the book, before any draft is created', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const other = await createBook(client);
    const send = (bookId: number, name: string, text = MANUSCRIPT) =>
      upload(client, '/api/pc/v1/book-chapter/upload', { book_id: bookId, file_name: name }, Buffer.from(text, 'utf8'));
    const first = (await send(book.book_id, '书.txt')).body.data;
    expect(first.duplicate_of).toBeNull();
    const segments = first.segments.map((s: any) => ({
      line: s.line,
      kind: s.kind,
      title: s.title,
      consume: s.consume,
    }));
    await client.post('/api/pc/v1/book-chapter/upload-commit', { import_id: first.import_id, segments });
    await runImport(t);
    // Again, under another name and with other line endings: the same text.
    const again = (await send(book.book_id, '书（副本）.txt', MANUSCRIPT.replace(/\r\n/g, '\n'))).body.data;
    expect(again.duplicate_of).toMatchObject({ import_id: first.import_id, file_name: '书.txt', chapters: 5 });
    // Nothing was created by the second upload itself.
    expect((await client.get('/api/pc/v1/book/info', { book_id: book.book_id })).body.data.chapter_count).toBe(5);
    // Another book, or a changed text, is no duplicate.
    expect((await send(other.book_id, '书.txt')).body.data.duplicate_of).toBeNull();
    expect((await send(book.book_id, '书.txt', `${MANUSCRIPT}\r\n又一段。`)).body.data.duplicate_of).toBeNull();
  });

  it('imports a large manuscript in batches, reporting progress between them', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const text = Array.from({ length: 450 }, (_, i) => `第${i + 1}章 标题${i + 1}\n${prose(80, `p${i}`)}`).join('\n');
    const up = (
      await upload(
        client,
        '/api/pc/v1/book-chapter/upload',
        { book_id: book.book_id, file_name: 'big.txt' },
        Buffer.from(text),
      )
    ).body.data;
    expect(up.segments).toHaveLength(450);
    await client.post('/api/pc/v1/book-chapter/upload-commit', {
      import_id: up.import_id,
      segments: up.segments.map((s: any) => ({ line: s.line, kind: s.kind, title: s.title, consume: s.consume })),
    });
    const seen: number[] = [];
    while ((await t.app.ctx.jobs.runDue()) > 0) {
      seen.push(
        (await client.get('/api/pc/v1/book-chapter/upload-status', { import_id: up.import_id })).body.data.done,
      );
    }
    expect(seen[0]).toBe(200);
    expect(seen.at(-1)).toBe(450);
    expect((await client.get('/api/pc/v1/book/info', { book_id: book.book_id })).body.data.chapter_count).toBe(450);
  });

  /** The drafts of a book in reading order, as the database holds them. */
  async function draftsOf(bookId: number) {
    return t.app.ctx.db
      .selectFrom('chapters')
      .innerJoin('chapter_texts', 'chapter_texts.chapter_id', 'chapters.id')
      .select(['chapters.title', 'chapters.status', 'chapter_texts.body'])
      .where('chapters.book_id', '=', bookId)
      .where('chapters.deleted_at', 'is', null)
      .orderBy('chapters.sort')
      .execute();
  }
  const headingsOf = (segments: any[]) =>
    segments.map((s: any) => ({ line: s.line, kind: s.kind, title: s.title, consume: s.consume }));

  it('never cuts a long chapter: a 450,000-character stretch becomes three flagged parts with every character', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    // 4,500 paragraphs of 100 characters: 450,000 characters (plus the line breaks) under one heading.
    const paragraphs = Array.from({ length: 4500 }, (_, i) => `${String(i).padStart(5, '0')}${'长'.repeat(94)}。`);
    expect(paragraphs.join('').length).toBe(450_000);
    const text = ['第一章 长夜', ...paragraphs, '第二章 天明', '天亮了。'].join('\n');
    const up = (
      await upload(
        client,
        '/api/pc/v1/book-chapter/upload',
        { book_id: book.book_id, file_name: '长.txt' },
        Buffer.from(text),
      )
    ).body.data;
    expect(up.intelligent_division).toBe(true);
    expect(up.segments.map((s: any) => [s.title, s.split_for_size])).toEqual([
      ['第一章 长夜', true],
      ['第一章 长夜之二', true],
      ['第一章 长夜之三', true],
      ['第二章 天明', false],
    ]);
    // Each part fits a chapter; the split points are paragraph boundaries.
    expect(up.segments[1].consume).toBe(false);
    expect(up.segments[1].preview).toMatch(/^\d{5}长/);

    // The author merges the parts back: the preview splits again rather than letting anything be cut.
    const merged = headingsOf(up.segments).filter((_: unknown, i: number) => i === 0 || i === 3);
    const again = (
      await client.post('/api/pc/v1/book-chapter/upload-preview', { import_id: up.import_id, segments: merged })
    ).body.data;
    expect(again.segments.map((s: any) => s.title)).toEqual([
      '第一章 长夜',
      '第一章 长夜之二',
      '第一章 长夜之三',
      '第二章 天明',
    ]);
    // Merging the third part into the second: the second is split again and the numbering goes on.
    const intoSecond = headingsOf(up.segments).filter((_: unknown, i: number) => i !== 2);
    const renumbered = (
      await client.post('/api/pc/v1/book-chapter/upload-preview', { import_id: up.import_id, segments: intoSecond })
    ).body.data;
    expect(renumbered.segments.map((s: any) => [s.title, s.split_for_size])).toEqual([
      ['第一章 长夜', true],
      ['第一章 长夜之二', true],
      ['第一章 长夜之三', true],
      ['第二章 天明', false],
    ]);
    // Committing the merged division (as an older page would send it) still cuts nothing.
    const commit = await client.post('/api/pc/v1/book-chapter/upload-commit', {
      import_id: up.import_id,
      segments: merged,
    });
    expect(commit.body.data).toMatchObject({ status: 'committing', total: 4 });
    await runImport(t);
    const drafts = await draftsOf(book.book_id);
    expect(drafts.map((d) => d.title)).toEqual(['第一章 长夜', '第一章 长夜之二', '第一章 长夜之三', '第二章 天明']);
    for (const d of drafts) expect(d.body.length).toBeLessThanOrEqual(WORKS_LIMITS.chapterTextMax);
    expect(
      drafts
        .slice(0, 3)
        .map((d) => d.body)
        .join('\n'),
    ).toBe(paragraphs.join('\n'));
    expect(drafts[3].body).toBe('天亮了。');
  });

  it('imports a manuscript without headings or line breaks whole, split after sentence ends', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const sentence = '他沿着河岸走了很久，直到天色暗下来才停下脚步。';
    const text = sentence.repeat(Math.ceil(450_000 / sentence.length));
    const up = (
      await upload(
        client,
        '/api/pc/v1/book-chapter/upload',
        { book_id: book.book_id, file_name: '无题.txt' },
        Buffer.from(text),
      )
    ).body.data;
    expect(up.segments.map((s: any) => s.title)).toEqual(['正文', '正文之二', '正文之三']);
    await client.post('/api/pc/v1/book-chapter/upload-commit', {
      import_id: up.import_id,
      segments: headingsOf(up.segments),
    });
    await runImport(t);
    const drafts = await draftsOf(book.book_id);
    expect(drafts).toHaveLength(3);
    for (const d of drafts) expect(d.body.length).toBeLessThanOrEqual(WORKS_LIMITS.chapterTextMax);
    // Every character, in order; paragraphs were only broken after a full stop.
    expect(drafts.map((d) => d.body.replaceAll('\n', '')).join('')).toBe(text);
    for (const d of drafts) for (const p of d.body.split('\n')) expect(p.endsWith('。')).toBe(true);
  });

  it("follows the brand's intelligent_chapter_division: off, a file is one chapter (still split by size)", async () => {
    const config = await t.client('third.localhost').get('/api/pc/v1/global/config');
    expect(config.body.data.intelligent_chapter_division).toBe(true);
    await t.app.ctx.brands.update(3, { intelligent_chapter_division: false });
    try {
      const off = await t.client('third.localhost').get('/api/pc/v1/global/config');
      expect(off.body.data.intelligent_chapter_division).toBe(false);
      const { client } = await authorClient(t, { clientId: 3, host: 'third.localhost' });
      const book = await createBook(client);
      const up = (
        await upload(
          client,
          '/api/pc/v1/book-chapter/upload',
          { book_id: book.book_id, file_name: '我的书稿.txt' },
          Buffer.from(MANUSCRIPT),
        )
      ).body.data;
      expect(up.intelligent_division).toBe(false);
      expect(up.segments.map((s: any) => [s.kind, s.title, s.line, s.consume])).toEqual([
        ['chapter', '我的书稿', 0, false],
      ]);
      await client.post('/api/pc/v1/book-chapter/upload-commit', {
        import_id: up.import_id,
        segments: headingsOf(up.segments),
      });
      await runImport(t);
      const drafts = await draftsOf(book.book_id);
      expect(drafts.map((d) => d.title)).toEqual(['我的书稿']);
      expect(drafts[0].body.split('\n')).toContain('第一章 初见');
      expect(drafts[0].body.split('\n')).toHaveLength(13);
      // Other brands still divide.
      const { client: other } = await authorClient(t);
      const otherBook = await createBook(other);
      const divided = await upload(
        other,
        '/api/pc/v1/book-chapter/upload',
        { book_id: otherBook.book_id, file_name: 'a.txt' },
        Buffer.from(MANUSCRIPT),
      );
      expect(divided.body.data.segments).toHaveLength(7);
    } finally {
      await t.app.ctx.brands.update(3, { intelligent_chapter_division: true });
    }
  });

  it('breaks a long paragraph without losing a character', () => {
    // No sentence end: cut at the limit, never inside a surrogate pair.
    const emoji = `${'甲'.repeat(9)}😀${'乙'.repeat(9)}`;
    const broken = breakLongLines([emoji], 10);
    expect(broken.join('')).toBe(emoji);
    expect(broken[0]).toBe('甲'.repeat(9));
    const prose = '他走了。她来了！'.repeat(5);
    const atSentences = breakLongLines([prose], 12);
    expect(atSentences.join('')).toBe(prose);
    for (const line of atSentences.slice(0, -1)) expect(line).toMatch(/[。！]$/);
  });

  it('keeps the text under a volume heading: a foreword, or a chapter merged into the volume row', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const source = [
      '第一卷 风起青萍',
      '　　本卷卷首语：少年离家，江湖初见。',
      '',
      '第一章 初见',
      '　　山风吹过竹林。',
      '第二卷 江湖',
      '第二章 远行',
      '　　他走出了山门。',
    ];
    const up = (
      await upload(
        client,
        '/api/pc/v1/book-chapter/upload',
        { book_id: book.book_id, file_name: '书.txt' },
        iconv.encode(source.join('\r\n'), 'gb18030'),
      )
    ).body.data;
    // The foreword is a chapter of the preview the author sees, not text the volume swallows.
    expect(up.segments.map((s: any) => [s.kind, s.title, s.words])).toEqual([
      ['volume', '第一卷 风起青萍', 0],
      ['chapter', '卷首语', 13],
      ['chapter', '第一章 初见', 6],
      ['volume', '第二卷 江湖', 0],
      ['chapter', '第二章 远行', 6],
    ]);
    // The author merges 第二章 into the volume row above it: its text still becomes a chapter.
    const segments = up.segments
      .filter((s: any) => s.title !== '第二章 远行')
      .map((s: any) => ({ line: s.line, kind: s.kind, title: s.title, consume: s.consume }));
    const again = await client.post('/api/pc/v1/book-chapter/upload-preview', { import_id: up.import_id, segments });
    expect(again.body.data.segments.at(-1)).toMatchObject({ kind: 'chapter', title: '卷首语', line: 6 });
    const commit = await client.post('/api/pc/v1/book-chapter/upload-commit', { import_id: up.import_id, segments });
    expect(commit.body.code, JSON.stringify(commit.body)).toBe(200);
    await runImport(t);
    const list = await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id });
    const bodies: string[] = [];
    for (const c of list.body.data.list) {
      bodies.push((await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: c.chapter_id })).body.data.content);
    }
    expect(bodies).toEqual(['本卷卷首语：少年离家，江湖初见。', '山风吹过竹林。', '第二章 远行\n他走出了山门。']);
    // A part split inside text cannot become a volume (it has no heading line to be the volume's).
    const up2 = (
      await upload(
        client,
        '/api/pc/v1/book-chapter/upload',
        { book_id: book.book_id, file_name: '书.txt' },
        Buffer.from(source.join('\n')),
      )
    ).body.data;
    const asVolume = await client.post('/api/pc/v1/book-chapter/upload-commit', {
      import_id: up2.import_id,
      segments: [
        { line: 0, kind: 'volume', title: '第一卷', consume: true },
        { line: 4, kind: 'volume', title: '新卷', consume: false },
      ],
    });
    expect(asVolume.body.errors).toMatchObject({
      field: 'segments.1.kind',
      title: '在段落处拆分出的内容不能设为分卷，请设为章节',
    });
  });

  it("does not call the author's own split of a short chapter a split for size", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const up = (
      await upload(
        client,
        '/api/pc/v1/book-chapter/upload',
        { book_id: book.book_id, file_name: '书.txt' },
        Buffer.from(MANUSCRIPT),
      )
    ).body.data;
    const segments = up.segments.map((s: any) => ({ line: s.line, kind: s.kind, title: s.title, consume: s.consume }));
    // As the dialog names it: the part cut from 第十二章 at its second paragraph is '第十二章之二'.
    segments.splice(5, 0, { line: 10, kind: 'chapter', title: '第十二章之二', consume: false });
    const again = (await client.post('/api/pc/v1/book-chapter/upload-preview', { import_id: up.import_id, segments }))
      .body.data.segments;
    expect(again.slice(4, 6).map((s: any) => [s.title, s.split_for_size])).toEqual([
      ['第十二章', false],
      ['第十二章之二', false],
    ]);
  });

  it('refuses unreadable files and bad splits with a clear message', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const pdf = await upload(
      client,
      '/api/pc/v1/book-chapter/upload',
      { book_id: book.book_id, file_name: 'a.pdf' },
      Buffer.from('%PDF'),
    );
    expect(pdf.body.errors.title).toBe('仅支持 .txt 和 .docx 文件');
    const up = (
      await upload(
        client,
        '/api/pc/v1/book-chapter/upload',
        { book_id: book.book_id, file_name: 'a.txt' },
        Buffer.from(MANUSCRIPT),
      )
    ).body.data;
    const bad = await client.post('/api/pc/v1/book-chapter/upload-commit', {
      import_id: up.import_id,
      segments: [
        { line: 5, kind: 'chapter', title: '甲' },
        { line: 3, kind: 'chapter', title: '乙' },
      ],
    });
    expect(bad.body.errors.field).toBe('segments.1.line');
    const title = await client.post('/api/pc/v1/book-chapter/upload-commit', {
      import_id: up.import_id,
      segments: [{ line: 3, kind: 'chapter', title: '坏<标题>' }],
    });
    expect(title.body.errors.field).toBe('segments.0.title');
  });
});

describe('export', () => {
  it('exports the whole book as .txt and as an ePub with a table of contents', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client, { title: `导出${Date.now()}` });
    await writtenChapter(client, book.book_id, '第一章', '第一段<b>\n第二段&');
    await writtenChapter(client, book.book_id, '第二章', '另一章');
    const txt = await download(client, '/api/pc/v1/book/export', { book_id: book.book_id, format: 'txt' });
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-disposition']).toContain(encodeURIComponent(`${book.title}.txt`));
    const body = txt.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body).toContain('第一卷\r\n\r\n\r\n第一章\r\n\r\n　　第一段<b>\r\n　　第二段&');

    const epub = await download(client, '/api/pc/v1/book/export', { book_id: book.book_id, format: 'epub' });
    expect(epub.headers['content-type']).toBe('application/epub+zip');
    const zip = await JSZip.loadAsync(epub.rawPayload);
    expect(Object.keys(zip.files)[0]).toBe('mimetype');
    expect(await zip.file('mimetype')!.async('string')).toBe('application/epub+zip');
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    expect(opf).toContain(`<dc:title>${book.title}</dc:title>`);
    const nav = await zip.file('OEBPS/nav.xhtml')!.async('string');
    expect(nav).toContain('<a href="c2.xhtml">第一章</a>');
    const c2 = await zip.file('OEBPS/c2.xhtml')!.async('string');
    expect(c2).toContain('<p>第一段&lt;b&gt;</p><p>第二段&amp;</p>');
  });
});

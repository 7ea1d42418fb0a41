import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
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
      ['volume', '第一卷：风起', 2],
      ['chapter', '第一章：初见', 3],
      ['chapter', '第2章：重逢', 6],
      ['chapter', '第十二章', 8],
      ['volume', '第二卷', 11],
      ['chapter', 'Chapter13：TheEnd', 12],
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
      ['第一章：初见', 'draft'],
      ['第2章：重逢', 'draft'],
      ['第十二章', 'draft'],
      ['第十三章', 'draft'],
      ['第十四章：终', 'draft'],
    ]);
    expect((await volumesOf(client, book.book_id)).map((v) => v.title)).toEqual([
      '作品相关',
      '第一卷',
      '第一卷：风起',
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

import { countWords, WORKS_ERROR, WORKS_LIMITS } from '@author-centre/shared';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { AppError, badInput, notFound } from '../../platform/http/errors.ts';
import type { JobRun } from '../../platform/jobs/jobs.ts';
import {
  breakLongLines,
  detectHeadings,
  type Heading,
  keepVolumeText,
  preview,
  type SegmentKind,
  sanitizeTitle,
  segmentText,
  splitLines,
  splitOversized,
} from './chapter-division.ts';
import { insertChapter } from './chapters.service.ts';
import {
  applyVip,
  checkChapterTitle,
  type Owner,
  ownedBook,
  recountBook,
  textHash,
  volumesOf,
} from './works.repository.ts';

export const IMPORT_BATCH_JOB = 'works.import-batch';
/** Chapters created per transaction: progress shows between batches and a restart resumes after the last one. */
const BATCH = 200;

interface ImportPlan {
  headings: Heading[];
  /** Where chapters before the first volume heading go. */
  volumeId: number;
  /** Volume ids created for the volume headings, by heading index. */
  volumeIds?: Record<number, number>;
}

const unreadable = (zh: string, en: string) =>
  new AppError(WORKS_ERROR.importUnreadable, { 'zh-CN': zh, 'en-US': en }, { httpStatus: 400 });

/** What a manuscript's .docx may unpack to: a long novel's text is a few tens of MB of XML. */
export const DOCX_UNPACKED_MAX_BYTES = 200 * 1024 * 1024;

/**
 * A .docx is a zip: one whose parts would unpack past DOCX_UNPACKED_MAX_BYTES (a zip bomb) is refused from its
 * directory, before anything is inflated.
 */
async function refuseZipBomb(data: Buffer): Promise<void> {
  let total = 0;
  try {
    const zip = await JSZip.loadAsync(data);
    zip.forEach((_path, entry) => {
      total += (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
    });
  } catch {
    throw unreadable(
      '无法读取该Word文档，请另存为 .docx 后重试',
      'This Word document cannot be read; save it as .docx and retry',
    );
  }
  if (total > DOCX_UNPACKED_MAX_BYTES) {
    throw unreadable(
      '该Word文档解压后过大，请另存为 .txt 后重试',
      'This Word document is too large once unpacked; save it as .txt and retry',
    );
  }
}

/**
 * Text of an uploaded manuscript: .docx through mammoth; text files by their byte-order mark,
 * else UTF-8 when the bytes are valid UTF-8, else GB18030 (which covers GBK and GB2312).
 */
export async function decodeManuscript(data: Buffer, fileName: string): Promise<{ text: string; encoding: string }> {
  const isZip = data.length > 4 && data.readUInt32LE(0) === 0x04034b50;
  if (/\.docx$/i.test(fileName) || isZip) {
    await refuseZipBomb(data);
    try {
      const { value } = await mammoth.extractRawText({ buffer: data });
      return { text: value, encoding: 'docx' };
    } catch {
      throw unreadable(
        '无法读取该Word文档，请另存为 .docx 后重试',
        'This Word document cannot be read; save it as .docx and retry',
      );
    }
  }
  if (/\.doc$/i.test(fileName)) {
    throw unreadable(
      '暂不支持 .doc 格式，请另存为 .docx 或 .txt',
      '.doc is not supported; please save as .docx or .txt',
    );
  }
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf)
    return { text: data.subarray(3).toString('utf8'), encoding: 'utf-8' };
  if (data[0] === 0xff && data[1] === 0xfe)
    return { text: iconv.decode(data.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (data[0] === 0xfe && data[1] === 0xff)
    return { text: iconv.decode(data.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(data, 'gb18030'), encoding: 'gb18030' };
  }
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The split manuscripts of recent imports, so previews and batches do not split 5 MB again each time. */
const linesCache = new Map<number, string[]>();
function linesOf(session: { id: number; source: string }): string[] {
  let lines = linesCache.get(session.id);
  if (!lines) {
    lines = session.source.split('\n');
    if (linesCache.size >= 20) linesCache.delete(linesCache.keys().next().value as number);
    linesCache.set(session.id, lines);
  }
  return lines;
}

/** The one chapter of a file imported without intelligent division: titled after the file. */
function wholeFile(fileName: string): Heading {
  const name = fileName.replace(/\.[^.]*$/, '');
  return { line: 0, kind: 'chapter', title: sanitizeTitle(name) || '正文', consume: false };
}

export class ImportExportService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    ctx.jobs.define(IMPORT_BATCH_JOB, (run) => this.#runBatch(run), { maxAttempts: 3 });
  }

  get #db() {
    return this.#ctx.db;
  }

  /**
   * Upload: decodes the file, detects the chapters and keeps the text until the author confirms.
   * With the brand's `intelligent_chapter_division` off the whole file is one chapter (titled after
   * the file). Either way a stretch longer than a chapter may be is split at paragraph boundaries.
   */
  async upload(owner: Owner, bookId: number, fileName: string, data: Buffer) {
    const book = await ownedBook(this.#db, owner, bookId);
    if (data.length === 0) throw badInput('file', { 'zh-CN': '文件为空', 'en-US': 'The file is empty' });
    if (data.length > WORKS_LIMITS.importMaxBytes) {
      throw badInput('file', { 'zh-CN': '文件需小于20MB', 'en-US': 'The file must be under 20 MB' });
    }
    if (!/\.(txt|docx|doc)$/i.test(fileName)) {
      throw badInput('file', {
        'zh-CN': '仅支持 .txt 和 .docx 文件',
        'en-US': 'Only .txt and .docx files are supported',
      });
    }
    const { text, encoding } = await decodeManuscript(data, fileName);
    const lines = breakLongLines(splitLines(text));
    if (!lines.some((l) => l.trim()))
      throw badInput('file', { 'zh-CN': '文件中没有文字', 'en-US': 'The file has no text' });
    const now = Date.now();
    const source = lines.join('\n');
    const sourceHash = textHash(source);
    const earlier = await this.#db
      .selectFrom('import_sessions')
      .select(['id', 'file_name', 'total', 'updated_at'])
      .where('book_id', '=', book.id)
      .where('source_hash', '=', sourceHash)
      .where('status', 'in', ['committing', 'done'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const session = await this.#db
      .insertInto('import_sessions')
      .values({
        client_id: owner.clientId,
        account_id: owner.accountId,
        book_id: book.id,
        file_name: fileName.slice(0, 200),
        encoding,
        source,
        source_hash: sourceHash,
        status: 'previewed',
        plan: null,
        total: 0,
        done: 0,
        error: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    linesCache.set(session.id, lines);
    const intelligent = this.#ctx.brands.get(owner.clientId).intelligent_chapter_division !== false;
    const headings = splitOversized(
      lines,
      intelligent ? keepVolumeText(lines, detectHeadings(lines)) : [wholeFile(fileName)],
    );
    return {
      import_id: session.id,
      file_name: fileName,
      encoding,
      total_lines: lines.length,
      total_words: countWords(text),
      intelligent_division: intelligent,
      segments: preview(lines, headings),
      // The same text was already imported into this book: said before any draft is created.
      duplicate_of: earlier
        ? {
            import_id: earlier.id,
            file_name: earlier.file_name,
            chapters: earlier.total,
            imported_at: earlier.updated_at,
          }
        : null,
    };
  }

  async #session(owner: Owner, importId: number) {
    const session = await this.#db
      .selectFrom('import_sessions')
      .selectAll()
      .where('id', '=', importId)
      .where('account_id', '=', owner.accountId)
      .where('client_id', '=', owner.clientId)
      .executeTakeFirst();
    if (!session) throw notFound({ 'zh-CN': '导入记录不存在', 'en-US': 'The import does not exist' });
    return session;
  }

  /** Lines of the uploaded text, for adjusting the split inside a chapter. */
  async lines(owner: Owner, importId: number, from: number, count: number) {
    const session = await this.#session(owner, importId);
    const lines = linesOf(session);
    const start = Math.max(0, from);
    return { from: start, total: lines.length, lines: lines.slice(start, start + Math.min(count, 2000)) };
  }

  /** Re-computes the preview for an adjusted set of headings (words and first lines per segment). */
  async repreview(owner: Owner, importId: number, headings: Heading[]) {
    const session = await this.#session(owner, importId);
    const lines = linesOf(session);
    const valid = keepVolumeText(lines, this.#validHeadings(headings, lines.length));
    return { segments: preview(lines, splitOversized(lines, valid)) };
  }

  #validHeadings(headings: Heading[], lineCount: number): Heading[] {
    if (headings.length === 0) {
      throw badInput('segments', { 'zh-CN': '至少需要一个章节', 'en-US': 'At least one chapter is needed' });
    }
    let previous = -1;
    headings.forEach((h, i) => {
      if (!Number.isInteger(h.line) || h.line <= previous || h.line >= lineCount) {
        throw badInput(`segments.${i}.line`, {
          'zh-CN': '分章位置无效，请刷新后重试',
          'en-US': 'A split position is invalid; reload and retry',
        });
      }
      // A volume is a heading line; a split made inside text starts a chapter, not a volume.
      if (h.kind === 'volume' && !h.consume) {
        throw badInput(`segments.${i}.kind`, {
          'zh-CN': '在段落处拆分出的内容不能设为分卷，请设为章节',
          'en-US': 'A part split inside the text cannot be a volume; make it a chapter',
        });
      }
      previous = h.line;
    });
    return headings;
  }

  /** Confirms the split: drafts are created in batches by a durable job; poll `status` for progress. */
  async commit(owner: Owner, importId: number, raw: Heading[], volumeId: number | null) {
    const session = await this.#session(owner, importId);
    if (session.status !== 'previewed') {
      throw badInput('import_id', { 'zh-CN': '该文件已导入', 'en-US': 'This file has already been imported' });
    }
    const book = await ownedBook(this.#db, owner, session.book_id);
    const lines = linesOf(session);
    const titled = this.#validHeadings(raw, lines.length).map((h, i) => {
      if (h.kind === 'skip') return { ...h, title: '' };
      const title = h.title.trim() ? h.title : sanitizeTitle(lines[h.line] ?? '');
      const max = h.kind === 'volume' ? WORKS_LIMITS.volumeTitleMax : WORKS_LIMITS.chapterTitleMax;
      return { ...h, title: checkChapterTitle(`segments.${i}.title`, title, max) };
    });
    // Never cut: a chapter still longer than the limit (the author merged parts) is split again;
    // never drop: text left under a volume heading becomes a chapter of its own.
    const headings = splitOversized(lines, keepVolumeText(lines, titled));
    if (book.kind === 'short' && headings.some((h) => h.kind === 'volume')) {
      throw badInput('segments', { 'zh-CN': '短篇作品不分卷', 'en-US': 'A short story has no volumes' });
    }
    const volumes = await volumesOf(this.#db, book.id);
    const target = volumeId ? volumes.find((v) => v.id === volumeId) : [...volumes].reverse().find((v) => !v.is_notice);
    if (!target) throw notFound({ 'zh-CN': '分卷不存在', 'en-US': 'The volume does not exist' });
    const plan: ImportPlan = { headings, volumeId: target.id };
    await inTransaction(this.#db, async (tx) => {
      const claimed = await tx
        .updateTable('import_sessions')
        .set({
          status: 'committing',
          plan: JSON.stringify(plan),
          total: headings.filter((h) => h.kind === 'chapter').length,
          done: 0,
          updated_at: Date.now(),
        })
        .where('id', '=', session.id)
        .where('status', '=', 'previewed')
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) {
        throw badInput('import_id', { 'zh-CN': '该文件已导入', 'en-US': 'This file has already been imported' });
      }
      await this.#ctx.jobs.schedule(tx, {
        kind: IMPORT_BATCH_JOB,
        runAt: Date.now(),
        payload: { importId: session.id },
      });
    });
    return this.status(owner, importId);
  }

  async status(owner: Owner, importId: number) {
    const s = await this.#session(owner, importId);
    return {
      import_id: s.id,
      book_id: s.book_id,
      status: s.status,
      total: s.total,
      done: s.done,
      progress: s.total ? s.done / s.total : s.status === 'done' ? 1 : 0,
      error: s.error,
    };
  }

  /** One batch of an import, in the job's transaction together with its progress. */
  async #runBatch({ tx, job }: JobRun) {
    const { importId } = job.payload as { importId: number };
    const session = await tx.selectFrom('import_sessions').selectAll().where('id', '=', importId).executeTakeFirst();
    if (session?.status !== 'committing' || !session.plan) return;
    const plan = JSON.parse(session.plan) as ImportPlan;
    const book = await tx.selectFrom('books').selectAll().where('id', '=', session.book_id).executeTakeFirst();
    if (!book || book.deleted_at !== null) {
      await tx
        .updateTable('import_sessions')
        .set({ status: 'failed', error: 'book deleted', source: '', updated_at: Date.now() })
        .where('id', '=', session.id)
        .execute();
      return;
    }
    const lines = linesOf(session);
    const now = Date.now();
    // First batch: the volumes, so every chapter knows where it goes.
    if (!plan.volumeIds) {
      plan.volumeIds = {};
      const last = await tx
        .selectFrom('volumes')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('book_id', '=', book.id)
        .executeTakeFirst();
      let sort = Number(last?.sort ?? 0);
      for (const [i, h] of plan.headings.entries()) {
        if (h.kind !== 'volume') continue;
        const v = await tx
          .insertInto('volumes')
          .values({
            client_id: book.client_id,
            book_id: book.id,
            title: h.title,
            sort: ++sort,
            is_notice: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        plan.volumeIds[i] = v.id;
      }
    }
    const notice = new Set((await volumesOf(tx, book.id)).filter((v) => v.is_notice).map((v) => v.id));
    let chapterIndex = 0;
    let volumeId = plan.volumeId;
    let created = 0;
    const sorts = new Map<number, number>();
    const nextSort = async (vid: number) => {
      if (!sorts.has(vid)) {
        const last = await tx
          .selectFrom('chapters')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .where('volume_id', '=', vid)
          .executeTakeFirst();
        sorts.set(vid, Number(last?.sort ?? 0));
      }
      const s = sorts.get(vid)! + 1;
      sorts.set(vid, s);
      return s;
    };
    for (const [i, h] of plan.headings.entries()) {
      if (h.kind === 'volume') {
        volumeId = plan.volumeIds[i];
        continue;
      }
      if (h.kind !== 'chapter') continue;
      const index = chapterIndex++;
      if (index < session.done) continue;
      if (created >= BATCH) break;
      // Never cut: commit split every stretch to fit a chapter (splitOversized).
      const body = segmentText(lines, h, plan.headings[i + 1]);
      await insertChapter(tx, {
        clientId: book.client_id,
        bookId: book.id,
        volumeId,
        counted: notice.has(volumeId) ? 0 : 1,
        title: h.title,
        body,
        sort: await nextSort(volumeId),
      });
      created++;
    }
    const done = session.done + created;
    const finished = done >= session.total;
    await tx
      .updateTable('import_sessions')
      .set({
        done,
        plan: JSON.stringify(plan),
        updated_at: Date.now(),
        ...(finished ? { status: 'done' as const, source: '' } : {}),
      })
      .where('id', '=', session.id)
      .execute();
    if (finished) {
      linesCache.delete(session.id);
      await recountBook(tx, book.id);
      if (book.pay_point_chapter_id)
        await applyVip(tx, { id: book.id, pay_point_chapter_id: book.pay_point_chapter_id });
    } else {
      await this.#ctx.jobs.schedule(tx, {
        kind: IMPORT_BATCH_JOB,
        runAt: Date.now(),
        payload: { importId: session.id },
      });
    }
  }

  // ------------------------------------------------------------------------------------------
  // Export

  async #bookContent(owner: Owner, bookId: number, scope: 'all' | 'published') {
    const book = await ownedBook(this.#db, owner, bookId);
    const volumes = await volumesOf(this.#db, book.id);
    let q = this.#db
      .selectFrom('chapters')
      .innerJoin('chapter_texts', 'chapter_texts.chapter_id', 'chapters.id')
      .leftJoin('chapter_live', 'chapter_live.chapter_id', 'chapters.id')
      .select([
        'chapters.id',
        'chapters.volume_id',
        'chapters.title',
        'chapters.published_title',
        'chapter_texts.body',
        'chapter_live.body as published_body',
        'chapter_texts.author_say',
      ])
      .where('chapters.book_id', '=', book.id)
      .where('chapters.deleted_at', 'is', null);
    if (scope === 'published') q = q.where('chapters.status', '<>', 'draft');
    const chapters = await q.orderBy('chapters.sort').orderBy('chapters.id').execute();
    const account = await this.#db
      .selectFrom('accounts')
      .select('pen_name')
      .where('id', '=', book.account_id)
      .executeTakeFirst();
    return {
      book,
      author: account?.pen_name ?? '',
      volumes: volumes
        .map((v) => ({
          title: v.title,
          chapters: chapters
            .filter((c) => c.volume_id === v.id)
            .map((c) =>
              scope === 'published'
                ? { title: c.published_title ?? c.title, body: c.published_body ?? '' }
                : { title: c.title, body: c.body },
            ),
        }))
        .filter((v) => v.chapters.length > 0),
    };
  }

  async exportTxt(owner: Owner, bookId: number, scope: 'all' | 'published'): Promise<{ name: string; data: Buffer }> {
    const { book, author, volumes } = await this.#bookContent(owner, bookId, scope);
    const parts = [`${book.title}`, `作者：${author}`, '', book.intro, ''];
    for (const v of volumes) {
      if (book.kind !== 'short') parts.push('', v.title, '');
      for (const c of v.chapters) {
        parts.push('', c.title, '', ...c.body.split('\n').map((p) => `　　${p}`));
      }
    }
    // A BOM so Windows Notepad reads it as UTF-8.
    return { name: `${book.title}.txt`, data: Buffer.from(`\uFEFF${parts.join('\r\n')}\r\n`, 'utf8') };
  }

  async exportEpub(owner: Owner, bookId: number, scope: 'all' | 'published'): Promise<{ name: string; data: Buffer }> {
    const { book, author, volumes } = await this.#bookContent(owner, bookId, scope);
    const zip = new JSZip();
    zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
    zip.file(
      'META-INF/container.xml',
      '<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    );
    zip.file(
      'OEBPS/style.css',
      'body{font-family:serif;line-height:1.8}h1,h2{text-align:center}p{text-indent:2em;margin:0 0 .6em}',
    );
    const xhtml = (title: string, inner: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="zh-CN"><head><meta charset="UTF-8"/><title>${escapeXml(title)}</title><link rel="stylesheet" href="style.css"/></head><body>${inner}</body></html>`;
    const items: Array<{ id: string; href: string; title: string; level: number }> = [];
    zip.file(
      'OEBPS/title.xhtml',
      xhtml(
        book.title,
        `<h1>${escapeXml(book.title)}</h1><p>${escapeXml(author)}</p>${book.intro
          .split('\n')
          .map((p) => `<p>${escapeXml(p)}</p>`)
          .join('')}`,
      ),
    );
    items.push({ id: 'title', href: 'title.xhtml', title: book.title, level: 0 });
    let n = 0;
    for (const v of volumes) {
      if (book.kind !== 'short') {
        const id = `v${++n}`;
        zip.file(`OEBPS/${id}.xhtml`, xhtml(v.title, `<h1>${escapeXml(v.title)}</h1>`));
        items.push({ id, href: `${id}.xhtml`, title: v.title, level: 1 });
      }
      for (const c of v.chapters) {
        const id = `c${++n}`;
        const body = c.body
          .split('\n')
          .filter((p) => p.trim())
          .map((p) => `<p>${escapeXml(p)}</p>`)
          .join('');
        zip.file(`OEBPS/${id}.xhtml`, xhtml(c.title, `<h2>${escapeXml(c.title)}</h2>${body}`));
        items.push({ id, href: `${id}.xhtml`, title: c.title, level: 2 });
      }
    }
    const uid = `urn:author-centre:book:${book.client_id}:${book.id}`;
    const modified = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    zip.file(
      'OEBPS/content.opf',
      `<?xml version="1.0" encoding="UTF-8"?>\n<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="zh-CN"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">${uid}</dc:identifier><dc:title>${escapeXml(book.title)}</dc:title><dc:creator>${escapeXml(author)}</dc:creator><dc:language>zh-CN</dc:language><dc:description>${escapeXml(book.intro)}</dc:description><meta property="dcterms:modified">${modified}</meta></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="css" href="style.css" media-type="text/css"/>${items.map((i) => `<item id="${i.id}" href="${i.href}" media-type="application/xhtml+xml"/>`).join('')}</manifest><spine toc="ncx">${items.map((i) => `<itemref idref="${i.id}"/>`).join('')}</spine></package>`,
    );
    const navList = items
      .filter((i) => i.level > 0)
      .map((i) => `<li><a href="${i.href}">${escapeXml(i.title)}</a></li>`)
      .join('');
    zip.file('OEBPS/nav.xhtml', xhtml('目录', `<nav epub:type="toc" id="toc"><h1>目录</h1><ol>${navList}</ol></nav>`));
    zip.file(
      'OEBPS/toc.ncx',
      `<?xml version="1.0" encoding="UTF-8"?>\n<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="${uid}"/></head><docTitle><text>${escapeXml(book.title)}</text></docTitle><navMap>${items
        .map(
          (i, k) =>
            `<navPoint id="np${k}" playOrder="${k + 1}"><navLabel><text>${escapeXml(i.title)}</text></navLabel><content src="${i.href}"/></navPoint>`,
        )
        .join('')}</navMap></ncx>`,
    );
    const data = await zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      mimeType: 'application/epub+zip',
    });
    return { name: `${book.title}.epub`, data };
  }
}

export type { SegmentKind };

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
import type { TestApp, TestClient } from '../../test/test-app.ts';

/** Test helpers of the works module: a logged-in author and books made through the API. */

export const INTRO = '这是一部关于少年踏上修行之路、历经风雨终成大器的长篇小说。';

export async function authorClient(t: TestApp, options: { clientId?: number; host?: string } = {}) {
  const author = await createAuthor(t, { clientId: options.clientId ?? 2 });
  const client = t.client(options.host ?? 'localhost');
  await logIn(t, client, author);
  return { author, client };
}

let n = 0;
export const uniqueTitle = (prefix = '测试作品') => `${prefix}${Date.now().toString(36)}${++n}`;

export async function createBook(
  client: TestClient,
  over: Partial<{ kind: string; title: string; category: string; intro: string; tags: string[] }> = {},
) {
  const kind = over.kind ?? 'novel';
  const category = over.category ?? (kind === 'short' ? 'xuanyi' : kind === 'screenplay' ? 'duanju' : 'xuanhuan');
  const res = await client.post('/api/pc/v1/book/save-book-info', {
    kind,
    title: over.title ?? uniqueTitle(),
    category,
    intro: over.intro ?? INTRO,
    tags: over.tags ?? ['热血'],
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { book_id: number; title: string; kind: string };
}

export async function volumesOf(client: TestClient, bookId: number) {
  const res = await client.get('/api/pc/v1/book-chapter/volumes', { book_id: bookId });
  expect(res.body.code).toBe(200);
  return res.body.data as Array<{ volume_id: number; title: string; is_notice: boolean; chapters: number }>;
}

export async function createChapter(client: TestClient, bookId: number, title = '第一章初见', volumeId?: number) {
  const res = await client.post('/api/pc/v1/book-chapter/create', {
    book_id: bookId,
    title,
    ...(volumeId ? { volume_id: volumeId } : {}),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { chapter_id: number; revision: number; volume_id: number };
}

export async function saveChapter(
  client: TestClient,
  chapterId: number,
  baseRevision: number,
  content: string,
  extra: { title?: string; save_key?: string; author_say?: string; explicit?: boolean } = {},
) {
  return client.post(extra.explicit ? '/api/pc/v1/book-chapter/save' : '/api/pc/v1/book-chapter/auto-save', {
    chapter_id: chapterId,
    base_revision: baseRevision,
    title: extra.title ?? '第一章初见',
    content,
    save_key: extra.save_key ?? randomUUID(),
    ...(extra.author_say !== undefined ? { author_say: extra.author_say } : {}),
  });
}

/** A chapter with text, saved, ready to publish. */
export async function writtenChapter(
  client: TestClient,
  bookId: number,
  title: string,
  content: string,
  volumeId?: number,
) {
  const chapter = await createChapter(client, bookId, title, volumeId);
  const saved = await saveChapter(client, chapter.chapter_id, chapter.revision, content, { title });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
  return { chapterId: chapter.chapter_id, revision: saved.body.data.revision as number };
}

/** Prose of about `words` Chinese words, different for every seed (so no duplicate-chapter finding). */
export function prose(words: number, seed = Math.random().toString(36).slice(2)): string {
  const base = '山风吹过竹林少年握紧手中长剑望向远方云海翻涌天地苍茫他知道前路漫长却从未想过回头';
  const paragraphs: string[] = [];
  let count = 0;
  let i = 0;
  while (count < words) {
    const p = `${seed}${i}${base.slice(i % 10)}${base.slice(0, i % 7)}。`;
    paragraphs.push(p);
    count += p.length;
    i++;
  }
  return paragraphs.join('\n');
}

export type { TestAuthor };

/** A raw upload (§7 'upload' body type): the bytes as the body, the signature in the query. */
export async function upload(
  client: TestClient,
  path: string,
  query: Record<string, string | number>,
  data: Buffer,
  contentType = 'application/octet-stream',
) {
  const { canonicalParams, sign } = await import('@author-centre/shared');
  const secret = client.secret ?? (await client.refreshSecret());
  const t = Date.now();
  const params = { ...query, t };
  const s = sign(secret, 'POST', path, canonicalParams(params), t);
  const qs = new URLSearchParams({
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    sign: s,
  });
  return client.raw({
    method: 'POST',
    url: `${path}?${qs}`,
    payload: data as unknown as string,
    headers: { 'content-type': contentType },
  });
}

/** A GET returning a file, signed as the browser signs it. */
export async function download(client: TestClient, path: string, query: Record<string, string | number>) {
  const { canonicalParams, sign } = await import('@author-centre/shared');
  const secret = client.secret ?? (await client.refreshSecret());
  const t = Date.now();
  const params = { ...query, t };
  const s = sign(secret, 'GET', path, canonicalParams(params), t);
  const qs = new URLSearchParams({
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    sign: s,
  });
  return client.app.inject({
    method: 'GET',
    url: `${path}?${qs}`,
    headers: { host: client.host, cookie: client.cookieHeader() },
  });
}

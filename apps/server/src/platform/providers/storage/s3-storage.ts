import { createHash, createHmac } from 'node:crypto';
import { assertSafeKey, type Storage, type StoredObject } from './storage.ts';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL browsers fetch objects from (a CDN or the bucket's public URL). */
  publicUrl: string;
  /** Path-style addressing (MinIO and most S3-compatible stores); virtual-hosted otherwise. */
  forcePathStyle: boolean;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** An S3-compatible object store spoken to with AWS Signature Version 4 over fetch (no SDK). */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly #o: S3Options;

  constructor(options: S3Options) {
    this.#o = {
      ...options,
      endpoint: options.endpoint.replace(/\/$/, ''),
      publicUrl: options.publicUrl.replace(/\/$/, ''),
    };
  }

  #url(key: string): URL {
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    const base = new URL(this.#o.endpoint);
    if (this.#o.forcePathStyle) return new URL(`${base.origin}/${this.#o.bucket}/${encoded}`);
    return new URL(`${base.protocol}//${this.#o.bucket}.${base.host}/${encoded}`);
  }

  async #send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    assertSafeKey(key);
    const url = this.#url(key);
    const now = new Date();
    const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const names = Object.keys(headers).sort();
    const canonical = [
      method,
      url.pathname,
      '',
      ...names.map((n) => `${n}:${headers[n].trim()}`),
      '',
      names.join(';'),
      payloadHash,
    ].join('\n');
    const scope = `${day}/${this.#o.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const kDate = hmac(`AWS4${this.#o.secretAccessKey}`, day);
    const kSigning = hmac(hmac(hmac(kDate, this.#o.region), 's3'), 'aws4_request');
    const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
    const authorization = `AWS4-HMAC-SHA256 Credential=${this.#o.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: { ...sent, authorization }, body: body ? new Uint8Array(body) : undefined });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<StoredObject> {
    const res = await this.#send('PUT', key, data, contentType);
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
    return { key, url: this.urlOf(key), size: data.length };
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.#send('GET', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.#send('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
  }

  urlOf(key: string): string {
    return `${this.#o.publicUrl}/${key}`;
  }
}

/**
 * Where uploaded files (covers, imported manuscripts, evidence) are kept. The embedded default is
 * the local disk under DATA_DIR/uploads, served at /uploads; an S3-compatible object store is the
 * real adapter for several instances (STORAGE_DRIVER=s3).
 */
export interface StoredObject {
  key: string;
  /** Where a browser fetches it. */
  url: string;
  size: number;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<StoredObject>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  urlOf(key: string): string;
}

/** Object keys are relative paths of safe segments: no '..', no absolute paths, no odd characters. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

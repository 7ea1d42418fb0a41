import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertSafeKey, type Storage, type StoredObject } from './storage.ts';

export const LOCAL_UPLOADS_PREFIX = '/uploads';

/** Files under `<DATA_DIR>/uploads`, written via a temporary file and a rename so a reader never sees half a file. */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'uploads');
  }

  #path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<StoredObject> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, path);
    } catch (error) {
      // A full disk (ENOSPC) leaves half a temporary file behind: it goes, and the error is told (507).
      await rm(temp, { force: true }).catch(() => {});
      throw error;
    }
    return { key, url: this.urlOf(key), size: data.length };
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  urlOf(key: string): string {
    assertSafeKey(key);
    return `${LOCAL_UPLOADS_PREFIX}/${key}`;
  }
}

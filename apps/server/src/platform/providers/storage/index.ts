import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LOCAL_UPLOADS_PREFIX, LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';
import { storageProblems } from './storage-config.ts';

export type { Storage, StoredObject } from './storage.ts';

/**
 * The storage adapter chosen by configuration: STORAGE_DRIVER=s3 with S3_ENDPOINT, S3_BUCKET,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (S3_REGION, S3_PUBLIC_URL, S3_FORCE_PATH_STYLE optional);
 * otherwise the local disk under DATA_DIR/uploads.
 */
export function createStorage(dataDir: string, env: Record<string, string | undefined>): Storage {
  const problems = storageProblems(env);
  if (problems.length) throw new Error(`Invalid storage configuration:\n${problems.join('\n')}`);
  if ((env.STORAGE_DRIVER ?? 'local') === 'local') return new LocalStorage(dataDir);
  return new S3Storage({
    endpoint: env.S3_ENDPOINT!,
    region: env.S3_REGION ?? 'us-east-1',
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicUrl: env.S3_PUBLIC_URL ?? `${env.S3_ENDPOINT!.replace(/\/$/, '')}/${env.S3_BUCKET}`,
    forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? 'true') === 'true',
  });
}

/** Serves the local disk's uploads at /uploads (in its own plugin scope, beside the web app's static files). */
export async function serveLocalUploads(app: FastifyInstance, storage: Storage): Promise<void> {
  if (!(storage instanceof LocalStorage)) return;
  const root = storage.root;
  await app.register(async (scope) => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(root, { recursive: true });
    await scope.register(fastifyStatic, {
      root,
      prefix: `${LOCAL_UPLOADS_PREFIX}/`,
      index: false,
      dotfiles: 'deny',
      setHeaders: (reply) => {
        reply.header('cache-control', 'public, max-age=86400');
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  });
}

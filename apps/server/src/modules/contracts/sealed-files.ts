import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';

/**
 * Files that hold personal data (ID photos, drawn signatures, contracts) are encrypted before they
 * reach storage: the local disk is served publicly at /uploads and an object store may be too.
 * Each file has its own random key (AES-256-GCM); the database keeps the reference — the storage
 * key and that file key — sealed with `ctx.personalData`, in a column listed in SEALED_COLUMNS.
 * Rotating the data key then re-seals only the small references; the files never need rewriting.
 */
export async function putSealedFile(ctx: AppContext, folder: string, clientId: number, data: Buffer): Promise<string> {
  const key = `sealed/${folder}/${clientId}/${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.bin`;
  const fileKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fileKey, iv);
  const body = Buffer.concat([cipher.update(data), cipher.final()]);
  await ctx.storage.put(key, Buffer.concat([iv, cipher.getAuthTag(), body]), 'application/octet-stream');
  return ctx.personalData.seal(JSON.stringify({ key, fileKey: fileKey.toString('base64') }));
}

function refOf(ctx: AppContext, ref: string): { key: string; fileKey: Buffer } {
  const { key, fileKey } = JSON.parse(ctx.personalData.open(ref)) as { key: string; fileKey: string };
  return { key, fileKey: Buffer.from(fileKey, 'base64') };
}

export async function getSealedFile(ctx: AppContext, ref: string): Promise<Buffer | null> {
  const { key, fileKey } = refOf(ctx, ref);
  const stored = await ctx.storage.get(key);
  if (!stored) return null;
  const decipher = createDecipheriv('aes-256-gcm', fileKey, stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]);
}

/** Removes a file no longer referenced (a replaced photo, a superseded draft); a failure only leaves garbage. */
export async function deleteSealedFile(ctx: AppContext, ref: string | null | undefined): Promise<void> {
  if (!ref) return;
  await ctx.storage.delete(refOf(ctx, ref).key).catch(() => undefined);
}

import { encryptRules, OK, type SuccessEnvelope } from '@author-centre/shared';
import type { FastifyRequest } from 'fastify';

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { code: OK, data };
}

/**
 * A success whose sensitive fields (dot paths in `rules`) are encrypted with the request's
 * signing secret; the web client decrypts them (§7 "responses with a rules list are decrypted").
 */
export async function okWithRules<T>(request: FastifyRequest, data: T, rules: string[]): Promise<SuccessEnvelope<T>> {
  const secret = request.requestKey?.secret;
  if (!secret) throw new Error('okWithRules needs a signed request');
  const copy = structuredClone(data);
  await encryptRules(secret, copy, rules);
  return { code: OK, data: copy, rules };
}

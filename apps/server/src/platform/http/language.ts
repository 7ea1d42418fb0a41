import type { FastifyRequest } from 'fastify';
import type { Localized } from './errors.ts';

export type Language = 'zh-CN' | 'en-US';

/** The user's language: the `x-lang` header the web app sends, else Accept-Language, else Chinese. */
export function languageOf(request: FastifyRequest): Language {
  const explicit = request.headers['x-lang'];
  if (explicit === 'en-US' || explicit === 'zh-CN') return explicit;
  const accept = request.headers['accept-language'] ?? '';
  return /^en\b/i.test(accept) ? 'en-US' : 'zh-CN';
}

export function localize(request: FastifyRequest, text: Localized | string): string {
  return typeof text === 'string' ? text : text[languageOf(request)];
}

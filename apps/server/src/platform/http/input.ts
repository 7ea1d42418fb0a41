import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { en, zhCN } from 'zod/v4/locales';
import { badInput } from './errors.ts';
import { languageOf } from './language.ts';
import { learnInput } from './route-registry.ts';

const localeErrors = { 'zh-CN': zhCN().localeError, 'en-US': en().localeError };

/**
 * Parses request input with a zod schema. The first problem becomes a 10000001 error naming its
 * field; messages set on the schema (the §5 wording) win, other messages are zod's, in the user's
 * language, prefixed with the field.
 */
export function parseInput<S extends ZodType>(schema: S, input: unknown, request: FastifyRequest): z.output<S> {
  learnInput(request, schema, input);
  refuseNul(input, request);
  const lang = languageOf(request);
  const result = schema.safeParse(input ?? {}, {
    error: (issue) => {
      const base = localeErrors[lang](issue);
      const message = typeof base === 'string' ? base : (base?.message ?? 'invalid');
      const field = issue.path?.join('.') ?? '';
      return field ? `${field}: ${message}` : message;
    },
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badInput(issue.path.join('.'), issue.message);
}

const NUL_IN_JSON = Buffer.from('\\u0000');

/**
 * A NUL character is refused on its field: PostgreSQL cannot store one in text (it answered 500), and no author
 * types one. A JSON body is searched only when its bytes hold an escaped NUL; a query is a few short strings.
 */
function refuseNul(input: unknown, request: FastifyRequest): void {
  if (input === request.body && request.rawBody && !request.rawBody.includes(NUL_IN_JSON)) return;
  const path = nulPath(input, []);
  if (path) {
    throw badInput(path.join('.'), {
      'zh-CN': `${path.join('.')}：不能包含空字符（\\0）`,
      'en-US': `${path.join('.')}: must not contain a NUL character (\\0)`,
    });
  }
}

function nulPath(value: unknown, path: Array<string | number>): Array<string | number> | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { en, zhCN } from 'zod/v4/locales';
import { badInput } from './errors.ts';
import { languageOf } from './language.ts';

const localeErrors = { 'zh-CN': zhCN().localeError, 'en-US': en().localeError };

/**
 * Parses request input with a zod schema. The first problem becomes a 10000001 error naming its
 * field; messages set on the schema (the §5 wording) win, other messages are zod's, in the user's
 * language, prefixed with the field.
 */
export function parseInput<S extends ZodType>(schema: S, input: unknown, request: FastifyRequest): z.output<S> {
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

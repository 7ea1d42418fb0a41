import { z } from 'zod';
import { ConfigError } from '../../../config.ts';
import { EmbeddedAiProvider } from './embedded.ts';
import { OpenAiCompatibleProvider } from './openai.ts';
import type { AiProvider } from './provider.ts';

export { EmbeddedAiProvider } from './embedded.ts';
export { OpenAiCompatibleProvider } from './openai.ts';
export * from './provider.ts';

const AiEnv = z.discriminatedUnion('AI_PROVIDER', [
  z.object({ AI_PROVIDER: z.literal('embedded') }),
  z.object({
    AI_PROVIDER: z.literal('openai'),
    AI_BASE_URL: z.url({ message: 'must be the API base URL, e.g. https://api.openai.com/v1' }),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().min(1, 'must name the chat model'),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(58_000).default(50_000),
  }),
]);

/** The provider chosen by the environment: AI_PROVIDER=embedded (default) or openai with AI_BASE_URL, AI_API_KEY, AI_MODEL. */
export function createAiProvider(env: Record<string, string | undefined>): AiProvider {
  const parsed = AiEnv.safeParse({ ...env, AI_PROVIDER: env.AI_PROVIDER || 'embedded' });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'AI_PROVIDER'}: ${i.message}`);
    throw new ConfigError(`Invalid AI assistant configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.AI_PROVIDER === 'embedded') {
    return new EmbeddedAiProvider({ delayMs: Math.max(0, Number(env.AI_DELAY_MS ?? 0) || 0) });
  }
  return new OpenAiCompatibleProvider({
    baseUrl: c.AI_BASE_URL,
    apiKey: c.AI_API_KEY,
    model: c.AI_MODEL,
    timeoutMs: c.AI_TIMEOUT_MS,
  });
}

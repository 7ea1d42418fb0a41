import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type SmsMessage, type SmsProvider, SmsSendError, smsText } from './sms-provider.ts';

export const HttpSmsEnv = z.object({
  SMS_HTTP_URL: z.url({ error: 'SMS_HTTP_URL: must be the gateway URL (https://…)' }),
  SMS_HTTP_TOKEN: z
    .string({ error: 'SMS_HTTP_TOKEN: required with SMS_PROVIDER=http' })
    .min(1, { error: 'SMS_HTTP_TOKEN: required with SMS_PROVIDER=http' }),
  SMS_HTTP_SIGN_NAME: z.string().optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});
export type HttpSmsConfig = z.infer<typeof HttpSmsEnv>;

/** Every problem of the SMS settings, as `VARIABLE: what is wrong` lines (createSmsProvider refuses them at start). */
export function smsProblems(env: Record<string, string | undefined>): string[] {
  const kind = env.SMS_PROVIDER ?? 'console';
  if (kind === 'console') return [];
  if (kind !== 'http') return [`SMS_PROVIDER: unknown provider '${kind}' (console or http)`];
  const parsed = HttpSmsEnv.safeParse(env);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => {
    const name = String(i.path[0] ?? 'SMS_PROVIDER');
    return i.message.startsWith(`${name}:`) ? i.message : `${name}: ${i.message}`;
  });
}

/**
 * A generic HTTP SMS gateway: POSTs JSON with a bearer token and treats any 2xx whose body does not
 * say otherwise as accepted. Body: { request_id, phone, template, params: { code, minutes }, sign_name, text }.
 * A reply `{ "ok": false }` or `{ "code": <non-zero> }` is a refusal.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  readonly #config: HttpSmsConfig;

  constructor(config: HttpSmsConfig) {
    this.#config = config;
  }

  async send(message: SmsMessage): Promise<void> {
    const requestId = randomUUID();
    let response: Response;
    try {
      response = await fetch(this.#config.SMS_HTTP_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.#config.SMS_HTTP_TOKEN}`,
          'x-request-id': requestId,
        },
        body: JSON.stringify({
          request_id: requestId,
          phone: message.phone,
          template: `verify-code-${message.type}`,
          params: { code: message.code, minutes: message.ttlMinutes },
          sign_name: this.#config.SMS_HTTP_SIGN_NAME ?? message.brandName,
          text: smsText(message),
        }),
        signal: AbortSignal.timeout(this.#config.SMS_HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      // The message of a fetch failure never contains the body; safe to keep.
      throw new SmsSendError(`SMS gateway unreachable: ${(error as Error).name}`);
    }
    const body = (await response.json().catch(() => null)) as { ok?: unknown; code?: unknown } | null;
    const refused = body !== null && (body.ok === false || (typeof body.code === 'number' && body.code !== 0));
    if (!response.ok || refused) {
      throw new SmsSendError(`SMS gateway refused the message: HTTP ${response.status}`);
    }
  }
}

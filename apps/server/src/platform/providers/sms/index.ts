import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { ConsoleSmsProvider } from './console-sms.ts';
import { HttpSmsEnv, HttpSmsProvider } from './http-sms.ts';
import type { SmsProvider } from './sms-provider.ts';

export { ConsoleSmsProvider, type OutboxEntry } from './console-sms.ts';
export { HttpSmsProvider } from './http-sms.ts';
export { type SmsMessage, type SmsProvider, SmsSendError } from './sms-provider.ts';

/** The SMS provider of the configuration: SMS_PROVIDER=console (default) or http (SMS_HTTP_*). */
export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  const kind = config.env.SMS_PROVIDER ?? 'console';
  if (kind === 'http') {
    const parsed = HttpSmsEnv.safeParse(config.env);
    if (!parsed.success) throw new Error(`Invalid SMS configuration: ${parsed.error.issues[0].message}`);
    return new HttpSmsProvider(parsed.data);
  }
  if (kind !== 'console') throw new Error(`SMS_PROVIDER: unknown provider '${kind}' (console or http)`);
  if (config.isProduction) {
    log.warn('SMS_PROVIDER is console in production: verification codes reach nobody; configure SMS_PROVIDER=http');
  }
  return new ConsoleSmsProvider(log, { keepOutbox: !config.isProduction });
}

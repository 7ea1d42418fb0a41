import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { ConsoleSmsProvider } from './console-sms.ts';
import { HttpSmsEnv, HttpSmsProvider, smsProblems } from './http-sms.ts';
import type { SmsProvider } from './sms-provider.ts';

export { ConsoleSmsProvider, type OutboxEntry } from './console-sms.ts';
export { HttpSmsProvider } from './http-sms.ts';
export { type SmsMessage, type SmsProvider, SmsSendError } from './sms-provider.ts';

/** The SMS provider of the configuration: SMS_PROVIDER=console (default) or http (SMS_HTTP_*). */
export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  const problems = smsProblems(config.env);
  if (problems.length) throw new Error(`Invalid SMS configuration:\n${problems.join('\n')}`);
  if ((config.env.SMS_PROVIDER ?? 'console') === 'http') return new HttpSmsProvider(HttpSmsEnv.parse(config.env));
  if (config.isProduction) {
    log.warn('SMS_PROVIDER is console in production: verification codes reach nobody; configure SMS_PROVIDER=http');
  }
  return new ConsoleSmsProvider(log, {
    keepOutbox: !config.isProduction,
    delayMs: Math.max(0, Number(config.env.SMS_DELAY_MS ?? 0) || 0),
  });
}

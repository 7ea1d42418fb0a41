import { maskPhone } from '@author-centre/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsProvider } from './sms-provider.ts';

export interface OutboxEntry {
  phone: string;
  code: string;
  type: string;
  text: string;
  sent_at: number;
}

/** How many messages the development outbox keeps per phone. */
const OUTBOX_PER_PHONE = 20;

/**
 * The embedded default: logs that a code was sent (masked phone and flow only, never the code or
 * the full phone) and, outside production, keeps the message in an in-memory outbox that
 * `GET /api/dev/sms-outbox?phone=…` reads. In production nothing is kept: a real provider is needed.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  readonly #log: FastifyBaseLogger;
  readonly #outbox: Map<string, OutboxEntry[]> | null;

  readonly #delayMs: number;

  /** `delayMs` (SMS_DELAY_MS) holds every send that long: a slow gateway, for the fault suite. */
  constructor(log: FastifyBaseLogger, options: { keepOutbox: boolean; delayMs?: number }) {
    this.#log = log;
    this.#outbox = options.keepOutbox ? new Map() : null;
    this.#delayMs = options.delayMs ?? 0;
  }

  get hasOutbox(): boolean {
    return this.#outbox !== null;
  }

  async send(message: SmsMessage): Promise<void> {
    if (this.#delayMs > 0) await new Promise((r) => setTimeout(r, this.#delayMs));
    this.#log.info(
      { sms: { provider: this.name, to: maskPhone(message.phone), type: message.type } },
      this.#outbox ? 'sms code sent (console provider; read it at GET /api/dev/sms-outbox?phone=…)' : 'sms code sent',
    );
    if (!this.#outbox) return;
    const list = this.#outbox.get(message.phone) ?? [];
    list.unshift({
      phone: message.phone,
      code: message.code,
      type: message.type,
      text: `【${message.brandName}】您的验证码是${message.code}，${message.ttlMinutes}分钟内有效。请勿告诉他人。`,
      sent_at: Date.now(),
    });
    list.length = Math.min(list.length, OUTBOX_PER_PHONE);
    this.#outbox.set(message.phone, list);
  }

  /** Messages sent to a phone, newest first (development only). */
  outbox(phone: string): OutboxEntry[] {
    return this.#outbox?.get(phone) ?? [];
  }
}

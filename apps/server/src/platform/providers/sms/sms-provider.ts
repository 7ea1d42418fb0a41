/**
 * Sending a verification code by SMS. The embedded default is the console provider (nothing leaves
 * the machine; outside production the code is readable at the development outbox); a real HTTP
 * SMS gateway is chosen by configuration (SMS_PROVIDER=http).
 */
export interface SmsMessage {
  /** Full phone number; providers must never log it. */
  phone: string;
  code: string;
  /** SMS_CODE_TYPE of the flow, so a gateway can pick its template. */
  type: string;
  /** The brand the author signs in to (the sender name of the text). */
  brandName: string;
  /** Minutes the code stays valid, for the text. */
  ttlMinutes: number;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves when the gateway accepted the message; throws SmsSendError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {}

/** The text of a verification SMS (gateways that take free text receive this). */
export function smsText(message: SmsMessage): string {
  return `【${message.brandName}】您的验证码是${message.code}，${message.ttlMinutes}分钟内有效。请勿告诉他人。`;
}

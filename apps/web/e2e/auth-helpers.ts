import type { Page } from 'playwright-core';
import { appUrl } from './browser.ts';
import { serverDb } from './home-session.ts';

/**
 * Sign-in helpers for browser tests. TEST-ONLY reads of the server's database: the captcha's answer
 * (which the browser never receives) and the resend gap (instead of waiting 60 s).
 */
let serial = 0;
/** A phone no one has: 135 + 8 digits from the clock and a counter. */
export function newPhone(): string {
  serial += 1;
  return `135${String((Date.now() % 1_000_000) * 100 + serial)
    .padStart(8, '0')
    .slice(-8)}`;
}

/** A valid ID number (GB 11643 check character). */
export function idNumber(birth: string, seq: string): string {
  const first17 = `110105${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * weights[i];
  return first17 + '10X98765432'[sum % 11];
}

/** Drags the slider as a hand does, to where the server's answer says the gap is (TEST-ONLY read). */
export async function solveCaptcha(p: Page, attempt = 1): Promise<void> {
  const dialog = p.getByTestId('captcha-dialog');
  const piece = dialog.getByTestId('captcha-piece');
  await piece.waitFor();
  const top = Number.parseFloat((await piece.getAttribute('style'))?.match(/top:\s*([\d.]+)px/)?.[1] ?? 'NaN');
  const { db } = serverDb();
  const challenge = await db
    .selectFrom('captcha_challenges')
    .select('target_x')
    .where('state', '=', 'new')
    .where('target_y', '=', top)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const handle = dialog.getByTestId('captcha-handle');
  const box = (await handle.boundingBox())!;
  const sx = box.x + box.width / 2;
  const sy = box.y + box.height / 2;
  await p.mouse.move(sx, sy);
  await p.mouse.down();
  const steps = 14;
  for (let i = 1; i <= steps; i++) {
    const eased = 1 - (1 - i / steps) ** 3;
    await p.mouse.move(sx + challenge.target_x * eased, sy + ((i % 3) - 1));
    await p.waitForTimeout(12 + ((i * 7) % 23));
  }
  await p.mouse.up();
  try {
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
  } catch {
    const message = await dialog.getByTestId('captcha-message').innerText();
    if (attempt >= 2) throw new Error(`captcha not passed: ${message}`);
    await p.waitForTimeout(1200);
    await solveCaptcha(p, attempt + 1);
  }
}

/** The newest code the console provider "sent" (GET /api/dev/sms-outbox, development only). */
export async function outboxCode(phone: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(appUrl(`/api/dev/sms-outbox?phone=${phone}`));
    const code = ((await res.json()) as any).data?.messages?.[0]?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${phone}`);
}

/** TEST-ONLY: lets the next code go out without waiting out the 60 s between sends. */
export async function skipResendGap(): Promise<void> {
  await serverDb().db.updateTable('sms_send_state').set({ last_sent_at: 0 }).execute();
}

export async function getCode(p: Page, phone: string): Promise<string> {
  const before = await fetch(appUrl(`/api/dev/sms-outbox?phone=${phone}`)).then((r) => r.json() as Promise<any>);
  const known = before.data?.messages?.length ?? 0;
  await p.getByTestId('verify-code-button').click();
  await solveCaptcha(p);
  await p.getByText('验证码发送成功').waitFor();
  for (let i = 0; i < 30; i++) {
    const now = await fetch(appUrl(`/api/dev/sms-outbox?phone=${phone}`)).then((r) => r.json() as Promise<any>);
    if ((now.data?.messages?.length ?? 0) > known) return now.data.messages[0].code;
    await p.waitForTimeout(100);
  }
  return outboxCode(phone);
}

import { decryptRules, shanghaiDate } from '@author-centre/shared';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../test/test-app.ts';
import { idNumber } from '../auth/auth.test-helpers.ts';
import { upload } from '../works/works.fixtures.ts';

export { idNumber };

/** Test helpers of personal information and online signing. */

/** The birth date of someone who turns 18 tomorrow (Shanghai calendar): still 17 today. */
export function seventeenToday(now = Date.now()): string {
  const tomorrow = shanghaiDate(now + 24 * 3600_000);
  return `${Number(tomorrow.slice(0, 4)) - 18}${tomorrow.slice(4)}`;
}

/** A reply's data with its encrypted fields (rules) opened, as the web client does. */
export async function opened(client: TestClient, body: any) {
  const data = structuredClone(body.data);
  if (body.rules?.length) await decryptRules(client.secret as string, data, body.rules);
  return data;
}

export async function verifyIdentity(client: TestClient, realName = '张三', id = idNumber()) {
  const res = await client.post('/api/pc/v3/author/save-identity-card-info', {
    id_type: 'id_card',
    real_name: realName,
    id_card: id,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return id;
}

export const CARD = {
  bank_num: '6222021234567890123',
  account_name: '张三',
  bank_name: '中国工商银行',
  bank_branch: '北京东城支行',
  bank_phone: '13812345678',
};

export async function bindCard(client: TestClient, over: Partial<typeof CARD> = {}) {
  const res = await client.post('/api/pc/v1/bank-card/create', { ...CARD, ...over });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function addAddress(client: TestClient) {
  const res = await client.post('/api/pc/v3/author/delivery-address-update', {
    name: '张三',
    phone: '13812345678',
    province: '11',
    city: '110101',
    address: '东华门街道1号',
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const list = (await opened(client, res.body)).list as Array<{ id: number }>;
  return list[0].id;
}

/** A drawn signature as the browser's canvas exports it: a stroke on a transparent PNG. */
export async function drawnSignature(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><path d="M20 90 C 80 20, 140 150, 380 50" stroke="black" stroke-width="6" fill="none"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Gives a book of the author's published words as if its chapters were published (the condition counts published words). */
export async function setPublishedWords(t: TestApp, bookId: number, words: number) {
  await t.app.ctx.db.updateTable('books').set({ published_words: words }).where('id', '=', bookId).execute();
}

/**
 * An author's whole side of online signing for a book that meets the condition: identity, card and address,
 * the four steps (share 50 %, 24 months) and the drawn signature. Returns the contract's id, under review.
 */
export async function submitContract(client: TestClient, bookId: number): Promise<number> {
  await verifyIdentity(client, '张三', idNumber());
  await bindCard(client);
  const addressId = await addAddress(client);
  const applied = await client.post('/api/author-book/apply-direct-sign', { book_id: bookId });
  const contractId: number = applied.body.data.contract.id;
  for (const [step, body] of [
    ['author-id-info', {}],
    ['author-bank-info', {}],
    ['confirm-key-info', { share_permille: 500, term_months: 24, confirmed: true }],
    ['author-supply-info', { delivery_address_id: addressId }],
  ] as const) {
    await client.post(`/api/online-sign/${step}`, { contract_id: contractId, ...body });
  }
  await upload(
    client,
    '/api/online-sign/pre-confirm',
    { contract_id: contractId },
    await drawnSignature(),
    'image/png',
  );
  return contractId;
}

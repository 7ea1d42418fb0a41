import { ErrorCode, shanghaiDate } from '@author-centre/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authorClient, download, upload } from '../works/works.fixtures.ts';
import { addAddress, bindCard, CARD, idNumber, opened, seventeenToday, verifyIdentity } from './contracts.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('provinces and cities', () => {
  it('lists every mainland province with its cities, offline', async () => {
    const res = await t.client('localhost').get('/api/online-sign/get-district');
    expect(res.body.code).toBe(200);
    const provinces = res.body.data.provinces as Array<{ code: string; name: string; cities: Array<{ name: string }> }>;
    expect(provinces).toHaveLength(31);
    expect(provinces.find((p) => p.name === '广东省')?.cities.map((c) => c.name)).toContain('深圳市');
    expect(provinces.find((p) => p.name === '北京市')?.cities.map((c) => c.name)).toContain('海淀区');
  });
});

describe('basic data', () => {
  it('saves contact data sealed at rest and shows it only to its owner, rules-encrypted', async () => {
    const { client, author } = await authorClient(t);
    const before = await opened(client, (await client.get('/api/pc/v1/author/basic-data')).body);
    expect(before.contact.qq).toBe('');
    const res = await client.post('/api/pc/v3/author/save-basic-data', {
      qq: '123456789',
      email: 'writer@example.com',
      wx_no: 'snow_night',
      province: '44',
      city: '4403',
      address: '南山区科技园1号',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rules).toEqual(['contact']);
    expect(JSON.stringify(res.body)).not.toContain('123456789');
    const data = await opened(client, res.body);
    expect(data).toMatchObject({
      contact: { qq: '123456789', email: 'writer@example.com', address: '南山区科技园1号' },
      province_name: '广东省',
      city_name: '深圳市',
      pen_name: author.penName,
    });
    expect(data.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    // The page's read (cached between writes) shows the save at once.
    const after = await opened(client, (await client.get('/api/pc/v1/author/basic-data')).body);
    expect(after.contact.qq).toBe('123456789');
    const row = await t.app.ctx.db
      .selectFrom('author_profiles')
      .selectAll()
      .where('user_id', '=', author.userId)
      .executeTakeFirstOrThrow();
    expect(row.qq_enc).not.toContain('123456789');
    expect(row.address_enc).not.toContain('科技园');
  });

  it('refuses bad contact fields with their messages and changes nothing', async () => {
    const { client, author } = await authorClient(t);
    for (const [body, field, message] of [
      [{ qq: '0123' }, 'qq', '请输入正确的QQ号'],
      [{ email: 'not-an-email' }, 'email', '请输入正确的邮箱地址'],
      [{ wx_no: '1a' }, 'wx_no', '请输入正确的微信号'],
      [{ province: '44', city: '110101' }, 'city', '请选择所在省份和城市'],
    ] as const) {
      const res = await client.post('/api/pc/v3/author/save-basic-data', body);
      expect(res.body.code).toBe(ErrorCode.invalidInput);
      expect(res.body.errors).toMatchObject({ field, title: message });
    }
    client.headers['x-lang'] = 'en-US';
    const english = await client.post('/api/pc/v3/author/save-basic-data', { qq: 'x' });
    expect(english.body.errors.title).toBe('Please enter a correct QQ number');
    delete client.headers['x-lang'];
    const row = await t.app.ctx.db
      .selectFrom('author_profiles')
      .selectAll()
      .where('user_id', '=', author.userId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps an emergency contact with the relationship (update-relationship)', async () => {
    const { client } = await authorClient(t);
    const bad = await client.post('/api/pc/v3/author/update-relationship', {
      emergency_name: '李四',
      relationship: '父母',
      relationship_phone: '1234',
    });
    expect(bad.body.errors).toMatchObject({ field: 'relationship_phone', title: '请输入正确的手机号码' });
    const res = await client.post('/api/pc/v3/author/update-relationship', {
      emergency_name: '李四',
      relationship: '父母',
      relationship_phone: '13900001111',
    });
    const data = await opened(client, res.body);
    expect(data).toMatchObject({
      contact: { emergency_name: '李四', relationship_phone: '13900001111' },
      relationship: '父母',
      relationship_phone_mask: '139****1111',
    });
  });
});

describe('identity (§5)', () => {
  it('verifies a real name and national ID, shows them masked, and keeps the number sealed', async () => {
    const { client, author } = await authorClient(t);
    const id = idNumber('1990-03-07');
    const res = await client.post('/api/pc/v3/author/save-identity-card-info', {
      id_type: 'id_card',
      real_name: '王小明',
      id_card: id,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.id_number_mask).toBe(`110***********${id.slice(-4)}`);
    expect(res.body.data.real_name_mask).toBe('王**');
    expect(res.body.data.id_number).not.toBe(id);
    const data = await opened(client, res.body);
    expect(data).toMatchObject({ verified: true, real_name: '王小明', id_number: id, adult: true });
    const user = await t.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', author.userId)
      .executeTakeFirstOrThrow();
    expect(user.id_card_enc).not.toContain(id);
    expect(t.app.ctx.personalData.open(user.id_card_enc!)).toBe(id);
  });

  it('refuses a wrong check digit, an impossible birth date and a name that is not Chinese', async () => {
    const { client, author } = await authorClient(t);
    const good = idNumber();
    const wrongCheck = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
    const badDate = `11010119901332${good.slice(14)}`;
    for (const [body, field, message] of [
      [{ real_name: '王小明', id_card: wrongCheck }, 'id_card', '请输入正确的身份证号码'],
      [{ real_name: '王小明', id_card: badDate }, 'id_card', '请输入正确的身份证号码'],
      [{ real_name: 'Wang', id_card: good }, 'real_name', '请输入正确的真实姓名'],
    ] as const) {
      const res = await client.post('/api/pc/v3/author/save-identity-card-info', { id_type: 'id_card', ...body });
      expect(res.body.errors).toMatchObject({ field, title: message });
    }
    const user = await t.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', author.userId)
      .executeTakeFirstOrThrow();
    expect(user.id_card_enc).toBeNull();
  });

  it('refuses an applicant under 18 by the ID birth date, with a clear message', async () => {
    const { client } = await authorClient(t);
    const res = await client.post('/api/pc/v3/author/save-identity-card-info', {
      id_type: 'id_card',
      real_name: '王小明',
      id_card: idNumber(seventeenToday()),
    });
    expect(res.body.code).toBe(ErrorCode.underage);
    expect(res.body.errors.title).toContain('未满18周岁');
    const passport = await client.post('/api/pc/v3/author/save-identity-card-info', {
      id_type: 'passport',
      real_name: '王小明',
      passport: 'E12345678',
      birth_date: seventeenToday(),
    });
    expect(passport.body.code).toBe(ErrorCode.underage);
  });

  it('lets one ID verify one person per brand, and the same person in another brand', async () => {
    const id = idNumber();
    const first = await authorClient(t);
    await verifyIdentity(first.client, '张三', id);
    const second = await authorClient(t);
    const res = await second.client.post('/api/pc/v3/author/save-identity-card-info', {
      id_type: 'id_card',
      real_name: '张三',
      id_card: id,
    });
    expect(res.body.code).toBe(ErrorCode.idCardTaken);
    expect(res.body.errors.field).toBe('id_card');
    const otherBrand = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    await verifyIdentity(otherBrand.client, '张三', id);
  });

  it('keeps one person per ID per brand when two save the same ID at once, and the database holds the rule', async () => {
    for (let round = 0; round < 4; round++) {
      const id = idNumber();
      const a = await authorClient(t);
      const b = await authorClient(t);
      const save = (client: typeof a.client) =>
        client.post('/api/pc/v3/author/save-identity-card-info', {
          id_type: 'id_card',
          real_name: '张三',
          id_card: id,
        });
      const replies = await Promise.all([save(a.client), save(b.client)]);
      expect(replies.map((r) => r.body.code).sort()).toEqual([200, ErrorCode.idCardTaken].sort());
      const refused = replies.find((r) => r.body.code !== 200)!;
      expect(refused.body.errors.field).toBe('id_card');
      expect(refused.body.errors.title).toContain('同一证件只能认证一位作者');
      const holders = await t.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', 2)
        .where('id_card_hash', '=', t.app.ctx.personalData.index('id_card', id))
        .execute();
      expect(holders).toHaveLength(1);
    }
    // Written around the code, the database itself refuses a second holder in the brand (nulls are not affected).
    const id = idNumber();
    const first = await authorClient(t);
    await verifyIdentity(first.client, '张三', id);
    const second = await authorClient(t);
    await expect(
      t.app.ctx.db
        .updateTable('users')
        .set({ id_card_hash: t.app.ctx.personalData.index('id_card', id) })
        .where('id', '=', second.author.userId)
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('accepts a Hong Kong/Macao/Taiwan permit or a passport with a birth date', async () => {
    const { client } = await authorClient(t);
    const bad = await client.post('/api/pc/v3/author/save-identity-card-info', {
      id_type: 'hmt_card',
      real_name: '陈大文',
      hmt_card: 'X123',
      birth_date: '1985-01-01',
    });
    expect(bad.body.errors).toMatchObject({ field: 'hmt_card', title: '请输入正确的港澳台居民来往内地通行证号码' });
    const res = await client.post('/api/pc/v3/author/save-identity-card-info', {
      id_type: 'hmt_card',
      real_name: '陈大文',
      hmt_card: 'H12345678',
      birth_date: '1985-01-01',
    });
    const data = await opened(client, res.body);
    expect(data).toMatchObject({
      id_type: 'hmt_card',
      verified: true,
      id_number: 'H12345678',
      id_number_mask: 'H******78',
    });
  });

  it('stamps a watermark on an ID photo, re-encodes it and stores it sealed; only its owner reads it', async () => {
    const { client, author } = await authorClient(t);
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#e0e0e0' } })
      .png()
      .toBuffer();
    const res = await upload(client, '/api/online-sign/upload-water-image', { side: 'front' }, photo, 'image/png');
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('author_profiles')
      .selectAll()
      .where('user_id', '=', author.userId)
      .executeTakeFirstOrThrow();
    // The column holds a sealed reference; the stored bytes are not a JPEG.
    const ref = JSON.parse(t.app.ctx.personalData.open(row.id_photo_front!));
    const stored = await t.app.ctx.storage.get(ref.key);
    expect(stored!.length).toBeGreaterThan(1000);
    expect(stored!.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    const mine = await download(client, '/api/pc/v1/author/id-photo', { side: 'front' });
    expect(mine.headers['content-type']).toBe('image/jpeg');
    const theirs = await download((await authorClient(t)).client, '/api/pc/v1/author/id-photo', { side: 'front' });
    expect(theirs.statusCode).toBe(404);
    // The watermark changed the plain grey picture.
    const { data } = await sharp(mine.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(new Set(data).size).toBeGreaterThan(5);
    const notImage = await upload(
      client,
      '/api/online-sign/upload-water-image',
      { side: 'back' },
      Buffer.from('not an image'),
    );
    expect(notImage.body.errors.field).toBe('file');
  });
});

describe('bank card (§5)', () => {
  it('binds a card of the verified person, shows bank_num_mask, and the full number only rules-encrypted', async () => {
    const { client, author } = await authorClient(t);
    const unverified = await client.post('/api/pc/v1/bank-card/create', CARD);
    expect(unverified.body.code).toBe(ErrorCode.signConditionNotMet);
    await verifyIdentity(client);
    const body = await bindCard(client);
    expect(body.data.card.bank_num_mask).toBe('6222***********0123');
    expect(body.data.card.bank_num).not.toContain('6222021234567890123');
    const data = await opened(client, body);
    expect(data.card).toMatchObject({
      bank_num: '6222021234567890123',
      account_name: '张*',
      bank_phone: '138****5678',
    });
    const row = await t.app.ctx.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('user_id', '=', author.userId)
      .executeTakeFirstOrThrow();
    expect(row.bank_num_enc).not.toContain('6222021234567890123');
    const again = await client.post('/api/pc/v1/bank-card/create', CARD);
    expect(again.body.code).toBe(ErrorCode.conflict);
  });

  it('refuses a card number out of §5 and an account name not the real name', async () => {
    const { client } = await authorClient(t);
    await verifyIdentity(client);
    for (const [over, field] of [
      [{ bank_num: '0222021234567890' }, 'bank_num'],
      [{ bank_num: '622202123456789' }, 'bank_num'],
      [{ bank_num: '62220212345678901234' }, 'bank_num'],
      [{ account_name: '李四' }, 'account_name'],
      [{ bank_phone: '123' }, 'bank_phone'],
      [{ bank_branch: '' }, 'bank_branch'],
    ] as const) {
      const res = await client.post('/api/pc/v1/bank-card/create', { ...CARD, ...over });
      expect(res.body.errors?.field, JSON.stringify(over)).toBe(field);
    }
    const wrong = await client.post('/api/pc/v1/bank-card/create', { ...CARD, bank_num: '0222021234567890' });
    expect(wrong.body.errors.title).toBe('请输入正确的银行卡号');
    const none = await client.get('/api/pc/v1/bank-card/get');
    expect(none.body.data).toMatchObject({ bound: false, card: null });
    const status = await client.get('/api/v2/author/account-check-status');
    expect(status.body.data).toEqual({
      real_name_verified: true,
      adult: true,
      bank_bound: false,
      bank_change_status: null,
    });
  });

  it('changes a bound card only through author-change-card, reviewed by an editor, every version in the log', async () => {
    const { client, author } = await authorClient(t);
    await verifyIdentity(client);
    await bindCard(client);
    const noReason = await client.post('/api/author-change-card/save-info', {
      ...CARD,
      bank_num: '6228481234567890',
      reason: '',
    });
    expect(noReason.body.errors.field).toBe('reason');
    const saved = await client.post('/api/author-change-card/save-info', {
      ...CARD,
      bank_num: '6228481234567890',
      reason: '原卡丢失',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.change).toMatchObject({ status: 'draft', bank_num_mask: '6228********7890' });
    const committed = await client.post('/api/author-change-card/commit', {});
    expect(committed.body.data.change.status).toBe('pending');
    expect(committed.body.data.card.bank_num_mask).toBe('6222***********0123');

    const editor = await signedInClient(t, await createAuthor(t, { clientId: 2, role: 'editor' }));
    const queue = await editor.get('/api/admin/bank-card-changes', { status: 'pending' });
    const item = queue.body.data.list.find((r: any) => r.user_id === author.userId);
    expect(item).toMatchObject({
      bank_num_mask: '6228********7890',
      old_bank_num_mask: '6222***********0123',
      reason: '原卡丢失',
    });
    const approve = await editor.post('/api/admin/bank-card-changes/review', {
      id: item.id,
      decision: 'approve',
      reason: '',
    });
    expect(approve.body.code, JSON.stringify(approve.body)).toBe(200);

    const now = await client.get('/api/pc/v1/bank-card/get');
    expect(now.body.data.card.bank_num_mask).toBe('6228********7890');
    expect(now.body.data.change).toBeNull();
    // The legacy receipt-data call answers where royalties are received: the new card, masked.
    const receipt = await client.get('/api/author/receipt-data');
    expect(receipt.body.data.card.bank_num_mask).toBe('6228********7890');
    expect(JSON.stringify(receipt.body)).not.toContain('6228481234567890');
    const log = await client.get('/api/pc/v1/bank-card/log');
    expect(log.body.data.list.map((c: any) => [c.status, c.bank_num_mask])).toEqual([
      ['active', '6228********7890'],
      ['superseded', '6222***********0123'],
    ]);
    expect(JSON.stringify(log.body)).not.toContain('6228481234567890');
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'bank_card.approve')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('6228481234567890');
  });
});

describe('a refused card change', () => {
  it("shows the author the editor's reason on the bank tab, keeps it in the card log, and lets the author try again", async () => {
    const { client, author } = await authorClient(t);
    await verifyIdentity(client);
    await bindCard(client);
    await client.post('/api/author-change-card/save-info', {
      ...CARD,
      bank_num: '6228481234567890',
      reason: '原卡丢失',
    });
    await client.post('/api/author-change-card/commit', {});
    const editor = await signedInClient(t, await createAuthor(t, { clientId: 2, role: 'editor' }));
    const queue = await editor.get('/api/admin/bank-card-changes', { status: 'pending' });
    const item = queue.body.data.list.find((r: any) => r.user_id === author.userId);

    const noReason = await editor.post('/api/admin/bank-card-changes/review', {
      id: item.id,
      decision: 'refuse',
      reason: '  ',
    });
    expect(noReason.body.errors.field).toBe('reason');
    const refused = await editor.post('/api/admin/bank-card-changes/review', {
      id: item.id,
      decision: 'refuse',
      reason: '新卡开户行与支行不一致，请核对',
    });
    expect(refused.body.data).toEqual({ id: item.id, status: 'refused' });
    const twice = await editor.post('/api/admin/bank-card-changes/review', { id: item.id, decision: 'approve' });
    expect(twice.body.code).toBe(ErrorCode.conflict);

    // The bank tab: the bound card unchanged, and the refusal with the editor's reason.
    const tab = await client.get('/api/pc/v1/bank-card/get');
    expect(tab.body.data.card.bank_num_mask).toBe('6222***********0123');
    expect(tab.body.data.change).toBeNull();
    expect(tab.body.data.refused_change).toMatchObject({
      status: 'refused',
      bank_num_mask: '6228********7890',
      reason: '原卡丢失',
      review_reason: '新卡开户行与支行不一致，请核对',
    });
    expect(tab.body.data.refused_change.bank_num).toBeUndefined();
    const log = await client.get('/api/pc/v1/bank-card/log');
    expect(log.body.data.list.map((c: any) => [c.status, c.bank_num_mask, c.review_reason])).toEqual([
      ['refused', '6228********7890', '新卡开户行与支行不一致，请核对'],
      ['active', '6222***********0123', ''],
    ]);
    const row = await t.app.ctx.db
      .selectFrom('bank_cards')
      .select(['status', 'review_reason'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'refused', review_reason: '新卡开户行与支行不一致，请核对' });
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'bank_card')
      .where('target_id', '=', String(item.id))
      .execute();
    expect(audit).toEqual([{ action: 'bank_card.refuse', reason: '新卡开户行与支行不一致，请核对' }]);

    // A new change replaces the refusal on the tab; the log keeps it.
    const again = await client.post('/api/author-change-card/save-info', {
      ...CARD,
      bank_num: '6228481234567891',
      reason: '原卡丢失',
    });
    expect(again.body.data.change.status).toBe('draft');
    expect(again.body.data.refused_change).toBeNull();
    const later = await client.get('/api/pc/v1/bank-card/log');
    expect(later.body.data.list.map((c: any) => c.status)).toEqual(['draft', 'refused', 'active']);
  });
});

describe('console: bank card changes by role', () => {
  it('lets only editors and admins of the brand list and review card changes', async () => {
    const { client, author } = await authorClient(t);
    await verifyIdentity(client);
    await bindCard(client);
    const submitChange = async (bankNum: string) => {
      await client.post('/api/author-change-card/save-info', { ...CARD, bank_num: bankNum, reason: '原卡丢失' });
      const res = await client.post('/api/author-change-card/commit', {});
      expect(res.body.data.change.status).toBe('pending');
      return res.body.data.change.id as number;
    };
    const statusOf = async (id: number) =>
      (await t.app.ctx.db.selectFrom('bank_cards').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    const first = await submitChange('6228481234567890');
    const callers = await consoleCallers(t);
    const list = '/api/admin/bank-card-changes';
    const review = '/api/admin/bank-card-changes/review';

    expect((await callers.visitor.get(list)).status).toBe(401);
    expect((await callers.visitor.post(review, { id: first, decision: 'approve' })).status).toBe(401);
    expect((await callers.author.get(list)).status).toBe(403);
    expect((await callers.author.post(review, { id: first, decision: 'approve' })).status).toBe(403);
    // The change's own author cannot approve it either.
    expect((await client.post(review, { id: first, decision: 'approve' })).status).toBe(403);
    const foreignList = await callers.otherBrandAdmin.get(list, { status: 'pending' });
    expect(foreignList.body.code).toBe(200);
    expect(foreignList.body.data.list.some((r: any) => r.id === first)).toBe(false);
    const foreign = await callers.otherBrandAdmin.post(review, { id: first, decision: 'approve' });
    expect(foreign.body.code).toBe(ErrorCode.notFound);
    expect(await statusOf(first)).toBe('pending');

    const editorList = await callers.editor.get(list, { status: 'pending' });
    expect(editorList.body.data.list.find((r: any) => r.id === first)).toMatchObject({
      user_id: author.userId,
      bank_num_mask: '6228********7890',
    });
    const refused = await callers.editor.post(review, { id: first, decision: 'refuse', reason: '请核对开户支行' });
    expect(refused.body.data).toEqual({ id: first, status: 'refused' });
    expect(await statusOf(first)).toBe('refused');
    const refusedList = await callers.admin.get(list, { status: 'refused' });
    expect(refusedList.body.data.list.find((r: any) => r.id === first)).toMatchObject({
      review_reason: '请核对开户支行',
    });

    const second = await submitChange('6228481234567891');
    const approved = await callers.admin.post(review, { id: second, decision: 'approve' });
    expect(approved.body.data).toEqual({ id: second, status: 'active' });
    const mine = await client.get('/api/pc/v1/bank-card/get');
    expect(mine.body.data.card.bank_num_mask).toBe('6228********7891');
    expect(mine.body.data.refused_change).toBeNull();
  });
});

describe('delivery addresses', () => {
  it('adds, edits, makes default and deletes; the first is the default', async () => {
    const { client } = await authorClient(t);
    const first = await addAddress(client);
    const res = await client.post('/api/pc/v3/author/delivery-address-update', {
      name: '李四',
      phone: '13900001111',
      province: '31',
      city: '310104',
      address: '漕河泾1号',
      is_default: true,
    });
    let list = (await opened(client, res.body)).list;
    expect(list.map((a: any) => [a.name, a.is_default, a.province_name])).toEqual([
      ['李四', true, '上海市'],
      ['张三', false, '北京市'],
    ]);
    const bad = await client.post('/api/pc/v3/author/delivery-address-update', {
      id: first,
      name: '张三',
      phone: '1',
      province: '11',
      city: '110101',
      address: 'x',
    });
    expect(bad.body.errors.field).toBe('phone');
    const del = await client.post('/api/pc/v1/author/delete-delivery-address', { id: list[0].id });
    list = (await opened(client, del.body)).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first, is_default: true });
    const other = await authorClient(t);
    const foreign = await other.client.post('/api/pc/v1/author/delete-delivery-address', { id: first });
    expect(foreign.body.code).toBe(ErrorCode.notFound);
  });
});

describe('pen name and avatar', () => {
  it('changes the pen name by §5, unique in the brand, once per 90 days, and keeps the history', async () => {
    const { client, author } = await authorClient(t);
    const other = await createAuthor(t, { clientId: 2 });
    for (const [pen_name, field, title] of [
      ['a', 'pen_name', '笔名需为2~12个字'],
      ['雪夜 行人', 'pen_name', '仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点'],
      [other.penName, 'pen_name', '该笔名已被使用，请换一个'],
    ] as const) {
      const res = await client.post('/api/pc/v1/author/change-pen-name', { pen_name });
      expect(res.body.errors).toMatchObject({ field, title });
    }
    const fresh = `雪夜${Date.now().toString(36).slice(-6)}`;
    const res = await client.post('/api/pc/v1/author/change-pen-name', { pen_name: fresh });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pen_name).toBe(fresh);
    expect(res.body.data.pen_name_next_change_at).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    const again = await client.post('/api/pc/v1/author/change-pen-name', { pen_name: `${fresh}二` });
    expect(again.body.code).toBe(ErrorCode.conflict);
    expect(again.body.errors.title).toContain('笔名每90天只能修改一次');
    const history = await t.app.ctx.db
      .selectFrom('pen_name_changes')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .execute();
    expect(history.map((h) => [h.old_pen_name, h.new_pen_name])).toEqual([[author.penName, fresh]]);
    // The same name in another brand is someone else's business.
    const elsewhere = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    const there = await elsewhere.client.post('/api/pc/v1/author/change-pen-name', { pen_name: fresh });
    expect(there.body.code).toBe(200);
  });

  it("follows the brand's own rule, set by its admin in the brand settings, in the refusal and the help article", async () => {
    const articleOf = async (host: string) => {
      const found = await t.client(host).get('/api/help/detail', { ids: '2-9' });
      expect(found.body.code, JSON.stringify(found.body)).toBe(200);
      return found.body.data.body as string;
    };
    expect(await articleOf('brain-hole.localhost')).toContain('笔名每90天可以修改一次。');
    const admin = await signedInClient(t, await createAuthor(t, { clientId: 4, role: 'admin' }));
    const read = await admin.get('/api/admin/brand/settings');
    expect(read.body.data.settings.penNameChangeDays).toBe(90);
    const saved = await admin.post('/api/admin/brand/settings', {
      revision: read.body.data.revision,
      settings: { ...read.body.data.settings, penNameChangeDays: 30 },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.changed).toEqual(['penNameChangeDays']);

    const { client } = await authorClient(t, { clientId: 4, host: 'brain-hole.localhost' });
    expect((await client.get('/api/pc/v1/global/config')).body.data.penNameChangeDays).toBe(30);
    const fresh = `脑洞${Date.now().toString(36).slice(-6)}`;
    const res = await client.post('/api/pc/v1/author/change-pen-name', { pen_name: fresh });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const next = res.body.data.pen_name_next_change_at as number;
    expect(next).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
    const again = await client.post('/api/pc/v1/author/change-pen-name', { pen_name: `${fresh}二` });
    expect(again.body.code).toBe(ErrorCode.conflict);
    expect(again.body.errors.title).toBe(`笔名每30天只能修改一次，${shanghaiDate(next)}后可再次修改`);

    // The help article states each brand's number, restated when the setting changes.
    expect(await articleOf('brain-hole.localhost')).toContain('笔名每30天可以修改一次。');
    expect(await articleOf('brain-hole.localhost')).not.toContain('90天');
    expect(await articleOf('third.localhost')).toContain('笔名每90天可以修改一次。');
  });

  it('re-encodes an avatar to a 256×256 JPEG', async () => {
    const { client, author } = await authorClient(t);
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const res = await upload(client, '/api/pc/v1/author/upload-avatar', {}, png, 'image/png');
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const account = await t.app.ctx.db
      .selectFrom('accounts')
      .select('avatar')
      .where('id', '=', author.accountId)
      .executeTakeFirstOrThrow();
    expect(account.avatar).toBe(res.body.data.avatar);
    const key = account.avatar!.replace(/^.*?\/uploads\//, '');
    const stored = await t.app.ctx.storage.get(key);
    const meta = await sharp(stored!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    const bad = await upload(client, '/api/pc/v1/author/upload-avatar', {}, Buffer.from('<svg'), 'image/png');
    expect(bad.body.errors.field).toBe('file');
  });

  it('takes only JPEG, PNG or WebP (by content) up to 5 MB for an avatar and an ID photo, and says so', async () => {
    const { client, author } = await authorClient(t);
    const image = (format: 'jpeg' | 'png' | 'webp' | 'gif') =>
      sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
        .toFormat(format)
        .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#36c"/></svg>',
    );
    const gif = await image('gif');
    const routes = [
      ['/api/pc/v1/author/upload-avatar', {}],
      ['/api/online-sign/upload-water-image', { side: 'front' }],
    ] as const;
    for (const [path, query] of routes) {
      // Refused by content, whatever the request says it is.
      for (const [data, type] of [
        [svg, 'image/svg+xml'],
        [svg, 'image/png'],
        [gif, 'image/gif'],
        [gif, 'image/jpeg'],
      ] as const) {
        const res = await upload(client, path, query, data, type);
        expect(res.body.code, `${path} ${type}`).toBe(ErrorCode.invalidInput);
        expect(res.body.errors).toMatchObject({ field: 'file' });
        expect(res.body.errors.title).toBe('仅支持 JPG、PNG 或 WebP 格式的图片，请重新上传');
      }
      // Over 5 MB: refused with the limit, whatever its content.
      const big = Buffer.concat([await image('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(client, path, query, big, 'image/jpeg');
      expect(tooBig.body.errors).toMatchObject({ field: 'file', title: '图片需小于5MB' });
    }
    const account = await t.app.ctx.db
      .selectFrom('accounts')
      .select('avatar')
      .where('id', '=', author.accountId)
      .executeTakeFirstOrThrow();
    expect(account.avatar).toBeNull();
    const profile = await t.app.ctx.db
      .selectFrom('author_profiles')
      .select('id_photo_front')
      .where('user_id', '=', author.userId)
      .executeTakeFirst();
    expect(profile?.id_photo_front ?? null).toBeNull();

    // The three formats are taken.
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const data = await image(format);
      for (const [path, query] of routes) {
        const res = await upload(client, path, query, data, `image/${format}`);
        expect(res.body.code, `${path} ${format}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    }
  });
});

import { CONTRACT_STATUSES, ID_DOC_TYPES, SIGN_STEPS, type SignStep } from '@author-centre/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { containsText } from '../../platform/db/like.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok, okWithRules } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { ReadCache, sendBytes } from '../../platform/http/read-cache.ts';
import { routeAliases, uploadRoute } from '../../platform/http/routes.ts';
import './contracts.tables.ts';
import { BookApplicationsService } from './book-applications.service.ts';
import { type Person, PersonalInfoService } from './personal-info.service.ts';
import { platformCertificate } from './platform-certificate.ts';
import { SignService } from './sign.service.ts';

/**
 * Personal information (basic data, identity, bank card, delivery addresses), online signing
 * (§7 online-sign and sign-contract calls), my-contract, the public /sign-detail verification,
 * and the editors' review in the console.
 */
export async function contractsRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const people = new PersonalInfoService(ctx);
  const signing = new SignService(ctx, people);
  const applications = new BookApplicationsService(ctx);
  const author = { config: { auth: 'author' as const } };
  const editor = { config: { auth: 'editor' as const } };

  // The signing certificate: made at first start in development (so the first approval does not wait
  // for a key), said missing at start in production (where approving refuses until it is configured).
  if (ctx.config.NODE_ENV === 'development') {
    app.addHook('onReady', async () => {
      await platformCertificate(ctx);
    });
  } else if (ctx.config.isProduction && !ctx.config.CONTRACT_SIGNING_P12) {
    ctx.log.warn('CONTRACT_SIGNING_P12 is not set in production: contracts cannot be approved and stamped until it is');
  }

  // Photos, drawn signatures and PDFs to verify arrive as raw bytes (§7 'upload' body type), signed in the query.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    { parseAs: 'buffer', bodyLimit: 12 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  // Any other image/* type is read too (an SVG, a GIF): the upload decides by content and names the formats it takes.
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: 'buffer', bodyLimit: 12 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const bytesOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

  const personOf = (request: FastifyRequest): Person => {
    const auth = authOf(request);
    return { clientId: auth.clientId, userId: auth.userId, accountId: auth.accountId };
  };
  const id = z.coerce.number().int().positive();
  const str = (max: number) => z.string().max(max).default('');

  const sendPdf = (reply: FastifyReply, file: { data: Buffer; filename: string }) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('cache-control', 'no-store')
      .send(file.data);

  // ---------------------------------------------------------------------------------------------
  // Provinces and cities

  routeAliases(
    app,
    'GET',
    ['/api/online-sign/get-district', '/api/pc/v1/address/province-city'],
    { config: { auth: 'optional' } },
    async () => ok({ provinces: people.provinces() }),
  );

  // ---------------------------------------------------------------------------------------------
  // Basic data

  const BASIC_RULES = ['contact'];

  /**
   * The personal-information page's read, per pen name and signing key (its contact group is
   * encrypted with that key): trusted while this process has written nothing since, for at most
   * 2 s, so seven sealed values are not opened and encrypted again on every visit.
   */
  const basicReplies = new ReadCache();
  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/author/basic-data', '/api/author/basic-data'],
    author,
    async (request, reply) => {
      const person = personOf(request);
      const key = `${person.clientId}:${person.accountId}:${request.requestKey?.id}`;
      // Kept serialized: the envelope is not turned into JSON again for every visit.
      return sendBytes(
        reply,
        basicReplies.through(key, async () =>
          Buffer.from(JSON.stringify(await okWithRules(request, await people.basicData(person), BASIC_RULES))),
        ),
      );
    },
  );

  const BasicData = z.object({
    qq: str(20),
    email: str(254),
    wx_no: str(40),
    province: str(12),
    city: str(12),
    address: str(400),
  });
  routeAliases(
    app,
    'POST',
    ['/api/pc/v3/author/save-basic-data', '/api/author/save-basic-data'],
    author,
    async (request) => {
      const body = parseInput(BasicData, request.body, request);
      return okWithRules(request, await people.saveBasicData(personOf(request), body), BASIC_RULES);
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/author/change-pen-name', '/api/author/change-pen-name'],
    author,
    async (request) => {
      const body = parseInput(z.object({ pen_name: str(40) }), request.body, request);
      return okWithRules(request, await people.changePenName(personOf(request), body.pen_name), BASIC_RULES);
    },
  );
  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/author/upload-avatar'],
    uploadRoute(author, 'an avatar image'),
    async (request) => ok(await people.uploadAvatar(personOf(request), bytesOf(request))),
  );

  const Relationship = z.object({ emergency_name: str(40), relationship: str(10), relationship_phone: str(20) });
  routeAliases(app, 'POST', ['/api/pc/v3/author/update-relationship'], author, async (request) => {
    const body = parseInput(Relationship, request.body, request);
    return okWithRules(request, await people.updateRelationship(personOf(request), body), BASIC_RULES);
  });

  // ---------------------------------------------------------------------------------------------
  // Identity

  const IDENTITY_RULES = ['real_name', 'id_number'];
  routeAliases(app, 'GET', ['/api/pc/v3/author/identity-card-info'], author, async (request) =>
    okWithRules(request, await people.identity(personOf(request)), IDENTITY_RULES),
  );

  const Identity = z.object({
    id_type: z.enum(ID_DOC_TYPES).default('id_card'),
    real_name: str(40),
    id_card: str(30),
    hmt_card: str(30),
    passport: str(30),
    birth_date: str(10),
  });
  routeAliases(app, 'POST', ['/api/pc/v3/author/save-identity-card-info'], author, async (request) => {
    const body = parseInput(Identity, request.body, request);
    const person = personOf(request);
    await people.saveIdentity(person, body);
    return okWithRules(request, await people.identity(person), IDENTITY_RULES);
  });

  const Side = z.object({ side: z.enum(['front', 'back']) });
  routeAliases(
    app,
    'POST',
    ['/api/online-sign/upload-water-image'],
    uploadRoute(author, 'a photo of an identity document'),
    async (request) => {
      const q = parseInput(Side, request.query, request);
      return ok(await people.uploadIdPhoto(personOf(request), q.side, bytesOf(request), request.brand.clientName));
    },
  );

  routeAliases(app, 'GET', ['/api/pc/v1/author/id-photo'], author, async (request, reply) => {
    const q = parseInput(Side, request.query, request);
    const data = await people.idPhoto(personOf(request), q.side);
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(data);
  });

  // ---------------------------------------------------------------------------------------------
  // Bank card

  const BANK_RULES = ['card.bank_num', 'change.bank_num'];
  const bankView = async (request: FastifyRequest, data: Awaited<ReturnType<typeof people.bankCard>>) =>
    okWithRules(
      request,
      data,
      BANK_RULES.filter((r) => (r.startsWith('card') ? data.card : data.change)),
    );

  routeAliases(
    app,
    'GET',
    [
      '/api/pc/v1/bank-card/get',
      '/api/v2/author/bank-card-info',
      '/api/author-change-card/get-info',
      '/api/author/associate-bank',
      // §7 author receipt-data: where the author's royalties are received, i.e. the bound card.
      '/api/author/receipt-data',
    ],
    author,
    async (request) => bankView(request, await people.bankCard(personOf(request))),
  );

  const BankCard = z.object({
    bank_num: str(30),
    account_name: str(40),
    bank_name: str(80),
    bank_branch: str(80),
    bank_phone: str(20),
  });
  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/bank-card/create', '/api/v2/author/update-bank-card-info'],
    author,
    async (request) => {
      const body = parseInput(BankCard, request.body, request);
      return bankView(request, await people.bindCard(personOf(request), body));
    },
  );

  routeAliases(app, 'GET', ['/api/v2/author/account-check-status'], author, async (request) => {
    const person = personOf(request);
    const [identity, bank] = await Promise.all([people.identity(person), people.bankCard(person)]);
    return ok({
      real_name_verified: identity.verified,
      adult: identity.adult,
      bank_bound: bank.bound,
      bank_change_status: bank.change?.status ?? null,
    });
  });

  routeAliases(app, 'GET', ['/api/pc/v1/bank-card/log'], author, async (request) =>
    ok({ list: await people.bankCardLog(personOf(request)) }),
  );

  const CardChange = BankCard.extend({ reason: str(400) });
  routeAliases(
    app,
    'POST',
    ['/api/author-change-card/save-info', '/api/pc/v1/bank-card/update', '/api/v2/author/change-bank-card-info'],
    author,
    async (request) => {
      const body = parseInput(CardChange, request.body, request);
      return bankView(request, await people.saveCardChange(personOf(request), body));
    },
  );
  routeAliases(app, 'POST', ['/api/author-change-card/commit'], author, async (request) =>
    bankView(request, await people.commitCardChange(personOf(request))),
  );

  // ---------------------------------------------------------------------------------------------
  // Delivery addresses

  const ADDRESS_RULES = ['list'];
  routeAliases(
    app,
    'GET',
    ['/api/pc/v3/author/delivery-address-list', '/api/author/delivery-address'],
    author,
    async (request) => okWithRules(request, { list: await people.addresses(personOf(request)) }, ADDRESS_RULES),
  );
  const Address = z.object({
    id: id.optional(),
    name: str(40),
    phone: str(20),
    province: str(12),
    city: str(12),
    address: str(400),
    is_default: z.boolean().optional(),
  });
  routeAliases(
    app,
    'POST',
    ['/api/pc/v3/author/delivery-address-update', '/api/author/update-delivery-address'],
    author,
    async (request) => {
      const body = parseInput(Address, request.body, request);
      return okWithRules(request, { list: await people.saveAddress(personOf(request), body) }, ADDRESS_RULES);
    },
  );
  routeAliases(app, 'POST', ['/api/pc/v1/author/delete-delivery-address'], author, async (request) => {
    const body = parseInput(z.object({ id }), request.body, request);
    return okWithRules(request, { list: await people.deleteAddress(personOf(request), body.id) }, ADDRESS_RULES);
  });

  // ---------------------------------------------------------------------------------------------
  // Online signing

  const BookQuery = z.object({ book_id: id });
  routeAliases(app, 'GET', ['/api/online-sign/get-step'], author, async (request) => {
    const q = parseInput(BookQuery, request.query, request);
    return ok(await signing.getStep(personOf(request), q.book_id, request.brand));
  });

  routeAliases(
    app,
    'POST',
    ['/api/author-book/apply-direct-sign', '/api/pc/v1/sign-contracts/apply'],
    author,
    async (request) => {
      const body = parseInput(BookQuery, request.body, request);
      return ok(await signing.apply(personOf(request), body.book_id, request.brand));
    },
  );

  const StepBody = z.looseObject({ contract_id: id });
  for (const step of SIGN_STEPS.filter((s) => s !== 'pre-confirm')) {
    routeAliases(app, 'POST', [`/api/online-sign/${step}`], author, async (request) => {
      const body = parseInput(StepBody, request.body, request);
      return ok(await signing.saveStep(personOf(request), body.contract_id, step as SignStep, body, request.brand));
    });
  }

  const ContractQuery = z.object({ contract_id: id });
  routeAliases(app, 'POST', ['/api/online-sign/pre-confirm'], author, async (request) => {
    const q = parseInput(ContractQuery, request.query, request);
    return ok(await signing.submit(request, personOf(request), q.contract_id, bytesOf(request), request.brand));
  });

  routeAliases(app, 'POST', ['/api/online-sign/reapply'], author, async (request) => {
    const body = parseInput(ContractQuery, request.body, request);
    return ok(await signing.reapply(request, personOf(request), body.contract_id, request.brand));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/sign-contracts/list', '/api/author/contract-data'], author, async (request) =>
    ok(await signing.myContracts(personOf(request), request.brand)),
  );

  routeAliases(app, 'GET', ['/api/pc/v1/sign-contracts/download'], author, async (request, reply) => {
    const q = parseInput(z.object({ id }), request.query, request);
    return sendPdf(reply, await signing.download(personOf(request), q.id));
  });

  // ---------------------------------------------------------------------------------------------
  // apply-sale and guarantee applications

  routeAliases(app, 'GET', ['/api/pc/v1/book/applications'], author, async (request) => {
    const q = parseInput(BookQuery, request.query, request);
    return ok(await applications.list(personOf(request), q.book_id));
  });
  const SaleBody = z.object({ book_id: id, note: str(2000) });
  routeAliases(app, 'POST', ['/api/pc/v1/book/apply-sale'], author, async (request) => {
    const body = parseInput(SaleBody, request.body, request);
    return ok(await applications.apply(personOf(request), 'sale', body, request.brand));
  });
  const GuaranteeBody = SaleBody.extend({ amount_yuan: z.coerce.number().optional() });
  routeAliases(app, 'POST', ['/api/pc/v1/book/guarantee'], author, async (request) => {
    const body = parseInput(GuaranteeBody, request.body, request);
    return ok(await applications.apply(personOf(request), 'guarantee', body, request.brand));
  });

  const ApplicationList = listQuery(['id', 'created_at'], {
    kind: z.enum(['sale', 'guarantee']).optional(),
    status: z.enum(['pending', 'approved', 'refused']).optional(),
  });
  routeAliases(app, 'GET', ['/api/admin/book-applications'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(ApplicationList, request.query, request);
    let query = ctx.db
      .selectFrom('book_applications as a')
      .innerJoin('accounts', 'accounts.id', 'a.account_id')
      .innerJoin('books', 'books.id', 'a.book_id')
      .select([
        'a.id',
        'a.kind',
        'a.status',
        'a.note',
        'a.amount_fen',
        'a.review_reason',
        'a.created_at',
        'a.reviewed_at',
        'a.book_id',
        'books.title as book_title',
        'books.published_words',
        'accounts.pen_name',
      ])
      .where('a.client_id', '=', staff.clientId);
    if (q.kind) query = query.where('a.kind', '=', q.kind);
    if (q.status) query = query.where('a.status', '=', q.status);
    return ok(
      await pageOf(query, q, {
        sorts: { id: 'a.id', created_at: 'a.created_at' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'a.id',
      }),
    );
  });
  routeAliases(app, 'POST', ['/api/admin/book-applications/review'], editor, async (request) => {
    const body = parseInput(
      z.object({ id, decision: z.enum(['approve', 'refuse']), reason: z.string().max(2000).default('') }),
      request.body,
      request,
    );
    return ok(await applications.review(request, body.id, body.decision, body.reason));
  });

  // ---------------------------------------------------------------------------------------------
  // /sign-detail: public verification by code, optionally of a PDF file

  const Code = z.object({ code: z.string().trim().min(1).max(40) });
  routeAliases(app, 'GET', ['/api/pc/v1/sign-contracts/verify'], { config: { auth: 'optional' } }, async (request) => {
    const q = parseInput(Code, request.query, request);
    return ok(await signing.verify(request.brand.clientId, q.code));
  });
  routeAliases(app, 'POST', ['/api/pc/v1/sign-contracts/verify'], { config: { auth: 'optional' } }, async (request) => {
    const q = parseInput(Code, request.query, request);
    return ok(await signing.verify(request.brand.clientId, q.code, bytesOf(request)));
  });

  // ---------------------------------------------------------------------------------------------
  // Console: bank card changes (author-change-card)

  const CardChanges = listQuery(['id', 'updated_at'], {
    status: z.enum(['pending', 'active', 'refused', 'superseded']).optional(),
  });
  routeAliases(app, 'GET', ['/api/admin/bank-card-changes'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(CardChanges, request.query, request);
    let query = ctx.db
      .selectFrom('bank_cards as c')
      .innerJoin('accounts', (join) =>
        join.onRef('accounts.user_id', '=', 'c.user_id').on('accounts.role', '=', 'author'),
      )
      .leftJoin('bank_cards as old', (join) =>
        join.onRef('old.user_id', '=', 'c.user_id').on('old.status', '=', 'active').onRef('old.id', '!=', 'c.id'),
      )
      .select([
        'c.id',
        'c.user_id',
        'c.status',
        'c.bank_num_mask',
        'c.bank_name',
        'c.bank_branch',
        'c.reason',
        'c.review_reason',
        'c.updated_at',
        'old.bank_num_mask as old_bank_num_mask',
        (eb) => eb.fn.min('accounts.pen_name').as('pen_name'),
      ])
      .where('c.client_id', '=', staff.clientId)
      .where('c.reason', 'is not', null)
      .where('c.status', '!=', 'draft')
      .groupBy([
        'c.id',
        'c.user_id',
        'c.status',
        'c.bank_num_mask',
        'c.bank_name',
        'c.bank_branch',
        'c.reason',
        'c.review_reason',
        'c.updated_at',
        'old.bank_num_mask',
      ]);
    if (q.status) query = query.where('c.status', '=', q.status);
    return ok(
      await pageOf(query, q, {
        sorts: { id: 'c.id', updated_at: 'c.updated_at' },
        defaultSort: 'updated_at',
        defaultOrder: 'descend',
        tiebreak: 'c.id',
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/bank-card-changes/review'], editor, async (request) => {
    const body = parseInput(
      z.object({ id, decision: z.enum(['approve', 'refuse']), reason: z.string().max(2000).default('') }),
      request.body,
      request,
    );
    return ok(await people.reviewCardChange(request, body.id, body.decision, body.reason));
  });

  // ---------------------------------------------------------------------------------------------
  // Console: the review queue

  const ReviewList = listQuery(['id', 'submitted_at', 'reviewed_at'], {
    status: z.enum(CONTRACT_STATUSES).optional(),
    keyword: z.string().trim().max(60).optional(),
  });
  routeAliases(app, 'GET', ['/api/admin/contracts'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(ReviewList, request.query, request);
    let query = ctx.db
      .selectFrom('contracts as c')
      .innerJoin('accounts', 'accounts.id', 'c.account_id')
      .innerJoin('books', 'books.id', 'c.book_id')
      .select([
        'c.id',
        'c.status',
        'c.book_id',
        'c.share_permille',
        'c.guarantee_fen_per_month',
        'c.term_months',
        'c.submitted_at',
        'c.reviewed_at',
        'c.signed_at',
        'c.refuse_reason',
        'c.created_at',
        'accounts.pen_name',
        'books.title as book_title',
      ])
      .where('c.client_id', '=', staff.clientId);
    if (q.status) query = query.where('c.status', '=', q.status);
    if (q.keyword) {
      const keyword = q.keyword;
      query = query.where((eb) =>
        eb.or([containsText('books.title', keyword), containsText('accounts.pen_name', keyword)]),
      );
    }
    return ok(
      await pageOf(query, q, {
        sorts: { id: 'c.id', submitted_at: 'c.submitted_at', reviewed_at: 'c.reviewed_at' },
        defaultSort: 'submitted_at',
        defaultOrder: q.status === 'reviewing' ? 'ascend' : 'descend',
        tiebreak: 'c.id',
      }),
    );
  });

  routeAliases(app, 'GET', ['/api/admin/contracts/detail'], editor, async (request) => {
    const q = parseInput(z.object({ id }), request.query, request);
    return ok(await signing.reviewDetail(staffOf(request).clientId, q.id));
  });

  routeAliases(app, 'GET', ['/api/admin/contracts/pdf'], editor, async (request, reply) => {
    const q = parseInput(z.object({ id }), request.query, request);
    return sendPdf(reply, await signing.staffPdf(staffOf(request).clientId, q.id));
  });

  routeAliases(app, 'POST', ['/api/admin/contracts/approve'], editor, async (request) => {
    const body = parseInput(z.object({ id, reason: z.string().max(500).default('') }), request.body, request);
    return ok(await signing.approve(request, body.id, body.reason));
  });

  routeAliases(app, 'POST', ['/api/admin/contracts/refuse'], editor, async (request) => {
    const body = parseInput(z.object({ id, reason: z.string().max(2000).default('') }), request.body, request);
    return ok(await signing.refuse(request, body.id, body.reason));
  });

  routeAliases(app, 'POST', ['/api/admin/contracts/express'], editor, async (request) => {
    const body = parseInput(
      z.object({ id, express_company: z.coerce.number().int(), express_no: z.string().max(60).default('') }),
      request.body,
      request,
    );
    return ok(await signing.express(request, body.id, body.express_company, body.express_no));
  });
}

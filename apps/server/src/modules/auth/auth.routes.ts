import { ErrorCode, isMobile, type Locale, PHONE_MESSAGE, validationSchemas } from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError, badInput, notLoggedIn } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { languageOf } from '../../platform/http/language.ts';
import { READ_CACHE_TTL_MS, ReadCache } from '../../platform/http/read-cache.ts';
import { cachedReplyRoute, routeAliases } from '../../platform/http/routes.ts';
import { ConsoleSmsProvider, createSmsProvider } from '../../platform/providers/sms/index.ts';
import { AccountsService } from './accounts.service.ts';
import { AuthService, checkNewPassword } from './auth.service.ts';
import { Captcha } from './captcha.service.ts';
import { registerAuthServices } from './services.ts';
import { SmsCodes } from './sms-codes.service.ts';

/** Field messages in the user's language (the §5 wording). */
const SCHEMAS: Record<Locale, ReturnType<typeof schemasFor>> = {
  'zh-CN': schemasFor('zh-CN'),
  'en-US': schemasFor('en-US'),
};

function schemasFor(locale: Locale) {
  const v = validationSchemas(locale);
  const required = (zh: string, en: string) => ({ error: locale === 'zh-CN' ? zh : en });
  const password = z
    .string(required('请输入密码', 'Please enter a password'))
    .min(1, required('请输入密码', 'Please enter a password'));
  return {
    sendCode: z.object({
      phone: v.zPhone,
      rid: z.string().max(200).optional(),
      type: v.zSmsCodeType,
    }),
    codeLogin: z.object({ phone: v.zPhone, code: v.zSmsCode }),
    // "login needs name, phone, password" (§5): the name field takes a pen name or a phone.
    passwordLogin: z.preprocess(
      (body) =>
        body && typeof body === 'object' && !('name' in body) && 'phone' in body ? { ...body, name: body.phone } : body,
      z.object({
        name: z
          .string(required('请输入笔名或手机号', 'Please enter your pen name or phone number'))
          .trim()
          .min(1, required('请输入笔名或手机号', 'Please enter your pen name or phone number'))
          .max(64),
        password: password.max(256),
      }),
    ),
    register: z.object({
      phone: v.zMobile,
      real_name: z.string(required('请输入真实姓名', 'Please enter your real name')).trim().pipe(v.zRealName),
      id_card: z.string(required('请输入身份证号', 'Please enter your ID number')).trim().pipe(v.zIdCard),
      code: v.zSmsCode,
    }),
    resetPassword: z.object({
      phone: v.zMobile,
      code: v.zSmsCode,
      password,
      confirm_password: z
        .string(required('请再次输入密码', 'Please enter the password again'))
        .min(1, required('请再次输入密码', 'Please enter the password again')),
    }),
    changePassword: z.object({
      password,
      new_password: z
        .string(required('请输入新密码', 'Please enter the new password'))
        .min(1, required('请输入新密码', 'Please enter the new password')),
      confirm_password: z
        .string(required('请再次输入密码', 'Please enter the password again'))
        .min(1, required('请再次输入密码', 'Please enter the password again')),
    }),
    choose: z.object({ ticket: z.string().min(1).max(200), account_id: z.coerce.number().int().positive() }),
    captchaVerify: z.object({
      id: z.string().min(1).max(100),
      x: z.number(),
      trace: z.array(z.tuple([z.number(), z.number(), z.number()])).max(3000),
    }),
    guide: z.union([
      z.object({ types: z.array(z.coerce.number().int().positive()).min(1).max(50) }),
      z.object({ type: z.coerce.number().int().positive() }),
    ]),
    submitNewPhone: z.object({
      phone: z.string().default(''),
      code: z.string().default(''),
      real_name: z.string(required('请输入真实姓名', 'Please enter your real name')),
    }),
    penNameInfo: z.object({
      accounts: z.union([z.string().max(20_000), z.array(z.unknown()).max(50)]),
      real_name: z.string().max(60).optional(),
    }),
    penNameRows: z
      .array(
        z.object({
          account_id: z.coerce.number().int().positive(),
          phone: z.coerce.string().default(''),
          code: z.coerce.string().default(''),
        }),
      )
      .min(1)
      .max(50),
    taskId: z.object({ task_id: z.coerce.number().int().positive() }),
  };
}

/** A phone in the query (what it is checked for is the route's own business). */
const PhoneQuery = z.object({ phone: z.string().max(32).default('') });

/** Phone and code problems answer 40002005 / 40002006 on their fields (§5, §8); the rest 10000001. */
function parseForm<S extends z.ZodType>(schema: S, input: unknown, request: FastifyRequest): z.output<S> {
  try {
    return parseInput(schema, input, request);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.invalidInput) {
      if (error.field === 'phone') throw new AppError(ErrorCode.phoneInvalid, error.title, { field: 'phone' });
      if (error.field === 'code') throw new AppError(ErrorCode.codeInvalid, error.title, { field: 'code' });
    }
    throw error;
  }
}

/** Sign-in, sessions and author accounts (issue 3). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const provider = createSmsProvider(ctx.config, ctx.log);
  const codes = new SmsCodes(ctx, provider);
  const captcha = new Captcha(ctx);
  const auth = new AuthService(ctx, codes, captcha);
  const accounts = new AccountsService(ctx, codes);
  registerAuthServices(ctx, { codes, accounts });
  const forms = (request: FastifyRequest) => SCHEMAS[languageOf(request)];

  if (ctx.config.RUN_JOBS) {
    const timer = setInterval(() => {
      Promise.all([codes.purgeExpired(), captcha.purgeExpired(), auth.purgeExpired()]).catch((err) =>
        ctx.log.warn({ err }, 'auth purge failed'),
      );
    }, 10 * 60_000);
    timer.unref();
    ctx.onClose(() => clearInterval(timer));
  }

  // ---- captcha and codes ------------------------------------------------------------------
  routeAliases(app, 'GET', ['/api/pc/v1/captcha/puzzle'], {}, async (request) =>
    ok(await captcha.puzzle(request.brand.clientId, request.ip)),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/captcha/verify'], {}, async (request) => {
    const input = parseInput(forms(request).captchaVerify, request.body, request);
    return ok(await captcha.verify(request.brand.clientId, input));
  });

  routeAliases(
    app,
    'POST',
    ['/api/pc/v3/author/send-message-code', '/api/pc/v1/author/send-message-code', '/api/author/send-message-code'],
    {},
    async (request) => {
      const input = parseForm(forms(request).sendCode, request.body, request);
      if (!isMobile(input.phone)) {
        throw new AppError(ErrorCode.phoneInvalid, PHONE_MESSAGE, { field: 'phone' });
      }
      await auth.sendCode(request, input);
      return ok({ sent: 1, resend_after: 60 });
    },
  );

  if (provider instanceof ConsoleSmsProvider && provider.hasOutbox && !ctx.config.isProduction) {
    // Development only: read the codes the console provider "sent". Absent in production.
    app.get('/api/dev/sms-outbox', { config: { signed: false } }, async (request) => {
      const { phone } = parseInput(PhoneQuery, request.query, request);
      return ok({ phone, messages: provider.outbox(phone) });
    });
  }

  // ---- sign-in ----------------------------------------------------------------------------
  routeAliases(
    app,
    'POST',
    ['/api/pc/v3/user/code-login', '/api/pc/v3/author/check-phone-code-login', '/api/author/code-login'],
    {},
    async (request, reply) => {
      const input = parseForm(forms(request).codeLogin, request.body, request);
      return ok(await auth.codeLogin(request, reply, input));
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v3/user/login', '/api/pc/v3/author/check-name-password', '/api/author/login'],
    {},
    async (request, reply) => {
      const input = parseForm(forms(request).passwordLogin, request.body, request);
      return ok(await auth.passwordLogin(request, reply, input));
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v3/user/quick-register', '/api/pc/v1/author/register', '/api/author/quick-register'],
    {},
    async (request, reply) => {
      const input = parseForm(forms(request).register, request.body, request);
      return ok(await auth.register(request, reply, input));
    },
  );

  routeAliases(app, 'POST', ['/api/pc/v3/author/find-password', '/api/author/find-password'], {}, async (request) => {
    const input = parseForm(forms(request).resetPassword, request.body, request);
    checkNewPassword(input.password, input.confirm_password, [input.phone]);
    await auth.resetPassword({ clientId: request.brand.clientId, ...input });
    return ok({ reset: 1 });
  });

  routeAliases(
    app,
    'POST',
    ['/api/pc/v3/author/change-pwd', '/api/author/change-pwd'],
    { config: { auth: 'author' } },
    async (request, reply) => {
      const input = parseForm(forms(request).changePassword, request.body, request);
      await auth.changePassword(request, reply, input);
      return ok({ changed: 1 });
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/author/choose-login-account', '/api/pc/v1/author/choose-login-account'],
    {},
    async (request, reply) => {
      const input = parseInput(forms(request).choose, request.body, request);
      return ok(await auth.chooseAccount(request, reply, input));
    },
  );

  routeAliases(app, 'POST', ['/api/author/logout', '/api/pc/v1/author/logout'], {}, async (request, reply) => {
    await auth.logout(request, reply);
    return ok({ logged_out: 1 });
  });

  // The built-in forum shares the author session (decisions.md: forum adapter); its logout is ours.
  routeAliases(app, 'GET', ['/api/logout'], {}, async (request, reply) => {
    await auth.logout(request, reply);
    return ok({ logged_out: 1 });
  });

  // ---- the signed-in author ---------------------------------------------------------------
  // The most frequent call of all (every page): the composed profile comes from a write-aware
  // cache of the serialized reply; the session behind it is cached by the platform's Sessions.
  const profileCache = new ReadCache(READ_CACHE_TTL_MS, 20_000);
  cachedReplyRoute(
    app,
    ['/api/author/profile', '/api/pc/v3/user/info'],
    'author',
    profileCache,
    (request) => `${request.auth?.clientId}:${request.auth?.accountId}`,
    async (request) => {
      const profile = await accounts.profile(authOf(request), request.brand);
      if (!profile) throw notLoggedIn();
      return profile;
    },
  );

  routeAliases(app, 'GET', ['/api/author/global-data'], { config: { auth: 'author' } }, async (request) =>
    ok(await accounts.globalData(authOf(request))),
  );

  routeAliases(
    app,
    'POST',
    ['/api/author/save-guide-config', '/api/pc/v1/author/save-guide-config'],
    { config: { auth: 'author' } },
    async (request) => {
      const input = parseInput(forms(request).guide, request.body, request);
      const types = 'types' in input ? input.types : [input.type];
      return ok({ guide_conf: await accounts.saveGuides(authOf(request), types) });
    },
  );

  routeAliases(app, 'GET', ['/api/pc/v1/author/account-list'], { config: { auth: 'author' } }, async (request) => {
    const me = authOf(request);
    const rows = await ctx.db
      .selectFrom('accounts')
      .select(['id', 'pen_name', 'avatar', 'level'])
      .where('client_id', '=', me.clientId)
      .where('user_id', '=', me.userId)
      .orderBy('id')
      .execute();
    return ok({
      list: rows.map((r) => ({
        account_id: r.id,
        pen_name: r.pen_name,
        avatar: r.avatar ?? '',
        level: r.level,
        current: r.id === me.accountId ? 1 : 0,
      })),
    });
  });

  // ---- completing info, phone binding -----------------------------------------------------
  routeAliases(
    app,
    'GET',
    ['/api/pc/v3/author/check-bind-phone', '/api/author/check-bind-phone'],
    { config: { auth: 'author' } },
    async (request) => {
      const { phone } = parseInput(PhoneQuery, request.query, request);
      return ok(await accounts.checkBindPhone(authOf(request), phone.trim()));
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v3/author/submit-new-phone', '/api/author/submit-new-phone'],
    { config: { auth: 'author' } },
    async (request) => {
      const input = parseInput(forms(request).submitNewPhone, request.body, request);
      return ok(await accounts.submitNewPhone(authOf(request), input));
    },
  );

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/author/pen-name-task/status', '/api/author/pen-name-task-status'],
    { config: { auth: 'author' } },
    async (request) => ok(await accounts.penNameTaskStatus(authOf(request), languageOf(request))),
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/author/pen-name-task/info', '/api/author/pen-name-task-info'],
    { config: { auth: 'author' } },
    async (request) => {
      const f = forms(request);
      const { accounts: raw, real_name } = parseInput(f.penNameInfo, request.body, request);
      let list: unknown = raw;
      if (typeof raw === 'string') {
        try {
          list = JSON.parse(raw);
        } catch {
          throw badInput('accounts', { 'zh-CN': '笔名信息格式不正确', 'en-US': 'The pen-name rows are malformed' });
        }
      }
      const rows = parseInput(f.penNameRows, list, request);
      return ok(await accounts.penNameTaskInfo(authOf(request), languageOf(request), rows, real_name));
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/author/pen-name-task/submit', '/api/author/pen-name-task-submit'],
    { config: { auth: 'author' } },
    async (request) => {
      const { task_id } = parseInput(forms(request).taskId, request.body, request);
      return ok(await accounts.submitPenNameTask(authOf(request), languageOf(request), task_id));
    },
  );
}

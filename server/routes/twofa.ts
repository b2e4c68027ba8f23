import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { errorCodes } from '../../src/domain/api/envelope';
import { signInResponseSchema } from '../../src/domain/api/session';
import {
  RECOVERY_CODE_INVALID,
  deactivateTwoFaSchema,
  enableTwofaResponseSchema,
  enableTwofaSchema,
  generateSetupResponseSchema,
  generateSetupSchema,
  passwordOnlySchema,
  recoveryCodesResponseSchema,
  securityInfoSchema,
  twofaLoginStateSchema,
} from '../../src/domain/api/two-factor';
import { validatePasscodeWithTrustSchema } from '../../src/domain/api/trusted-browsers';
import { textResponseSchema } from '../../src/domain/api/reseller-account';
import { formatMessage } from '../../src/domain/messages';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { setSessionCookies } from '../plugins/cookies';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import type { AuditAction } from '../../src/domain/api/activity-actions';
import { pastDueAction } from '../services/billing/pending-charges';
import { nowIso } from '../services/clock';
import { encryptField } from '../services/crypto';
import { verifyPassword } from '../services/passwords';
import { findAccountUser } from '../services/reseller-account/account';
import { resellerLanding } from '../services/reseller-account/landing';
import { createSmsSender } from '../services/sms';
import { TWOFA_COOKIE, clearChallengeCookie } from '../services/twofa/login';
import { newTotpSecret, totpUri } from '../services/twofa/totp';
import { trustBrowser } from '../services/twofa/trusted-browsers';
import {
  acceptTotp,
  consumePhoneCode,
  consumeRecoveryCode,
  ensureTwofa,
  failChallenge,
  issuePhoneCode,
  liveChallenge,
  maskPhone,
  newRecoveryCodes,
  otpError,
  turnOffTwofa,
  twofaOf,
  useChallenge,
} from '../services/twofa/twofa';

export function registerTwofaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;
  const sms = createSmsSender(config);
  const otpLimits = limitAll(app, [
    { max: 30, timeWindow: '15 minutes', key: (r) => `twofa-ip:${r.ip}` },
  ]);

  // The pending sign-in is checked before the input, so a call without one is 401 whatever it sends.

  const smsText = (code: string) =>
    `${code} is your ${config.productName} verification code. It expires in 10 minutes.`;

  async function challengeOf(request: FastifyRequest) {
    const challenge = await liveChallenge(ctx.db, request.cookies[TWOFA_COOKIE]);
    const row = await twofaOf(ctx.db, challenge.user_id);
    if (!row || row.is_enabled !== 1) {
      throw new AppError(errorCodes.NOT_AUTHORIZED, 'Your sign-in has expired. Sign in again.');
    }
    return { challenge, row };
  }

  /** The second factor passed: the session starts exactly as after a password-only sign-in. */
  async function finishSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    challengeId: string,
    userId: string,
    action: AuditAction,
    isTrusting = false,
  ) {
    if (!(await useChallenge(ctx.db, challengeId))) {
      throw new AppError(errorCodes.NOT_AUTHORIZED, 'Your sign-in has expired. Sign in again.');
    }
    const user = await findAccountUser(ctx.db, userId);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'Sign in again.');
    const dueAction = await pastDueAction(ctx.db, user.id);
    const pair = await ctx.sessions.start('reseller', user.id, requestContext(request));
    await recordAudit(ctx.db, {
      subjectKind: 'reseller',
      subjectId: user.id,
      accountId: user.account_id,
      action,
      ...requestContext(request),
    });
    clearChallengeCookie(reply, config);
    setSessionCookies(reply, config, 'reseller', pair);
    if (isTrusting) {
      await trustBrowser(ctx.db, ctx.secrets, config, reply, user.id, requestContext(request));
    }
    return ok({
      productType: 'reseller' as const,
      next: dueAction === 'pay' ? '/account/billingInfo' : await resellerLanding(ctx.db, user.id),
    });
  }

  // --- Second step of the sign-in (the pending sign-in's cookie, no session yet) ---

  api.get(
    '/rpc-api/reseller/twofa/login/state',
    {
      config: policy.twofaChallenge,
      schema: { tags: ['two-factor'], response: { 200: okSchema(twofaLoginStateSchema) } },
    },
    async (request) => {
      const { row } = await challengeOf(request);
      return ok({ method: row.method === 'phone' ? 'phone' : 'totp', phone: maskPhone(row.phone) });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/login/generatePasscode',
    {
      config: policy.twofaChallenge,
      schema: { tags: ['two-factor'], response: { 200: okSchema(textResponseSchema) } },
      preHandler: otpLimits,
    },
    async (request) => {
      const { row } = await challengeOf(request);
      if (row.method !== 'phone') throw otpError('otp.incorrect');
      const code = await issuePhoneCode(ctx.db, row.user_id, 'login');
      await sms.send({ to: row.phone, text: smsText(code) });
      return ok({ text: `A verification code has been sent to ${maskPhone(row.phone)}` });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/login/validatePasscode',
    {
      config: policy.twofaChallenge,
      schema: {
        tags: ['two-factor'],
        body: validatePasscodeWithTrustSchema,
        response: { 200: okSchema(signInResponseSchema) },
      },
      preHandler: otpLimits,
    },
    async (request, reply) => {
      const { challenge, row } = await challengeOf(request);
      const code = request.body.otp;
      if (row.method === 'phone') {
        if (!(await consumePhoneCode(ctx.db, row.user_id, 'login', code))) {
          await failChallenge(ctx.db, challenge.id);
          throw otpError('otp.expired.or.incorrect');
        }
      } else {
        const outcome = await acceptTotp(
          ctx.db,
          ctx.secrets.fieldKey,
          row.user_id,
          row.totp_secret_sealed,
          code,
        );
        if (outcome !== 'ok') {
          await failChallenge(ctx.db, challenge.id);
          throw otpError(outcome === 'wrong' ? 'otp.incorrect' : 'otp.expired.or.incorrect');
        }
      }
      // Ticked on the step: this browser skips the second factor for 30 days.
      const trust = request.body.trustBrowser;
      return finishSignIn(request, reply, challenge.id, row.user_id, 'signin.twofa', trust);
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/login/deactivateTwoFA',
    {
      config: policy.twofaChallenge,
      schema: {
        tags: ['two-factor'],
        body: deactivateTwoFaSchema,
        response: { 200: okSchema(signInResponseSchema) },
      },
      preHandler: otpLimits,
    },
    async (request, reply) => {
      const { challenge, row } = await challengeOf(request);
      if (!(await consumeRecoveryCode(ctx.db, row, request.body.recoveryCode))) {
        await failChallenge(ctx.db, challenge.id);
        throw new AppError('INVALID_RECOVERY_CODE', RECOVERY_CODE_INVALID, {
          status: 400,
          field: 'recoveryCode',
        });
      }
      // A recovery code turns two-factor authentication off; the user can set it up again.
      await turnOffTwofa(ctx.db, row.user_id);
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: row.user_id,
        accountId: (await findAccountUser(ctx.db, row.user_id))?.account_id ?? null,
        action: 'twofa.disabled',
        target: 'recovery code',
        ...requestContext(request),
      });
      return finishSignIn(request, reply, challenge.id, row.user_id, 'signin');
    },
  );

  // --- Settings (signed in) ---

  async function caller(request: FastifyRequest) {
    const user = await findAccountUser(ctx.db, principalOf(request).sub);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
    return user;
  }

  async function checkPassword(hash: string, password: string) {
    if (!(await verifyPassword(hash, password))) {
      throw new AppError(errorCodes.INVALID_PASSWORD, formatMessage('password.incorrect'), {
        status: 400,
        field: 'password',
      });
    }
  }

  const passwordLimits = limitAll(app, [
    {
      max: 10,
      timeWindow: '15 minutes',
      key: (r) => `twofa-settings:${r.principal?.sub ?? ''}:${r.ip}`,
    },
  ]);

  api.get(
    '/rpc-api/reseller/twofa/user/securityinfo',
    {
      config: policy.reseller('profile.own'),
      schema: { tags: ['two-factor'], response: { 200: okSchema(securityInfoSchema) } },
    },
    async (request) => {
      const user = await caller(request);
      const row = await twofaOf(ctx.db, user.id);
      const enabled = row?.is_enabled === 1;
      return ok({
        enabled,
        method: enabled && (row.method === 'totp' || row.method === 'phone') ? row.method : '',
        phone: enabled ? maskPhone(row.phone) : '',
        recoveryCodesLeft: enabled ? (JSON.parse(row.recovery_hashes) as string[]).length : 0,
      });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/user/generatePasscode',
    {
      config: policy.reseller('profile.own'),
      schema: {
        tags: ['two-factor'],
        body: generateSetupSchema,
        response: { 200: okSchema(generateSetupResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await caller(request);
      await ensureTwofa(ctx.db, user.id);
      const body = request.body;
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action: 'twofa.setup.started',
        target: body.method === 'totp' ? 'authenticator app' : maskPhone(body.phone),
        ...requestContext(request),
      });
      if (body.method === 'totp') {
        const secret = newTotpSecret();
        await ctx.db
          .updateTable('twofa_settings')
          .set({
            pending_method: 'totp',
            pending_secret_sealed: encryptField(ctx.secrets.fieldKey, secret),
            updated_at: nowIso(),
          })
          .where('user_id', '=', user.id)
          .execute();
        const uri = totpUri(secret, user.email, config.productName);
        const qr = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
        return ok({ method: 'totp' as const, secret, uri, qr, phone: '' });
      }
      await ctx.db
        .updateTable('twofa_settings')
        .set({ pending_method: 'phone', pending_phone: body.phone, updated_at: nowIso() })
        .where('user_id', '=', user.id)
        .execute();
      const code = await issuePhoneCode(ctx.db, user.id, 'setup');
      await sms.send({ to: body.phone, text: smsText(code) });
      return ok({
        method: 'phone' as const,
        secret: '',
        uri: '',
        qr: '',
        phone: maskPhone(body.phone),
      });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/user/enable',
    {
      config: policy.reseller('profile.own'),
      schema: {
        tags: ['two-factor'],
        body: enableTwofaSchema,
        response: { 200: okSchema(enableTwofaResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await caller(request);
      await checkPassword(user.password_hash, request.body.password);
      const row = await ensureTwofa(ctx.db, user.id);
      const code = request.body.otp;
      if (row.pending_method === 'totp' && row.pending_secret_sealed) {
        const outcome = await acceptTotp(
          ctx.db,
          ctx.secrets.fieldKey,
          user.id,
          row.pending_secret_sealed,
          code,
        );
        if (outcome !== 'ok') throw otpError('otp.incorrect');
      } else if (row.pending_method === 'phone' && row.pending_phone) {
        if (!(await consumePhoneCode(ctx.db, user.id, 'setup', code))) {
          throw otpError('otp.expired.or.incorrect');
        }
      } else {
        throw new AppError('TWOFA_NOT_STARTED', formatMessage('twofa.enable.failed'), {
          status: 400,
        });
      }
      const recovery = newRecoveryCodes();
      await ctx.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('twofa_settings')
          .set({
            is_enabled: 1,
            method: row.pending_method,
            totp_secret_sealed: row.pending_method === 'totp' ? row.pending_secret_sealed : '',
            phone: row.pending_method === 'phone' ? row.pending_phone : '',
            pending_method: '',
            pending_secret_sealed: '',
            pending_phone: '',
            recovery_hashes: recovery.hashes,
            blocked_until: null,
            updated_at: nowIso(),
          })
          .where('user_id', '=', user.id)
          .execute();
        await recordAudit(tx, {
          subjectKind: 'reseller',
          subjectId: user.id,
          accountId: user.account_id,
          action: 'twofa.enabled',
          target: row.pending_method === 'totp' ? 'authenticator app' : 'phone',
          ...requestContext(request),
        });
      });
      return ok({ text: formatMessage('twofa.enabled'), recoveryCodes: recovery.codes });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/user/disable',
    {
      config: policy.reseller('profile.own'),
      schema: {
        tags: ['two-factor'],
        body: passwordOnlySchema,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await caller(request);
      await checkPassword(user.password_hash, request.body.password);
      const row = await twofaOf(ctx.db, user.id);
      if (row?.is_enabled !== 1) {
        throw new AppError('TWOFA_NOT_ENABLED', formatMessage('twofa.disable.failed'), {
          status: 400,
        });
      }
      await ctx.db.transaction().execute(async (tx) => {
        await turnOffTwofa(tx, user.id);
        await recordAudit(tx, {
          subjectKind: 'reseller',
          subjectId: user.id,
          accountId: user.account_id,
          action: 'twofa.disabled',
          target: row.method === 'totp' ? 'authenticator app' : 'phone',
          ...requestContext(request),
        });
      });
      return ok({ text: formatMessage('twofa.disabled') });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/user/recoveryCode',
    {
      config: policy.reseller('profile.own'),
      schema: {
        tags: ['two-factor'],
        body: passwordOnlySchema,
        response: { 200: okSchema(recoveryCodesResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await caller(request);
      await checkPassword(user.password_hash, request.body.password);
      const row = await twofaOf(ctx.db, user.id);
      if (row?.is_enabled !== 1) {
        throw new AppError('TWOFA_NOT_ENABLED', formatMessage('twofa.disable.failed'), {
          status: 400,
        });
      }
      const recovery = newRecoveryCodes();
      await ctx.db
        .updateTable('twofa_settings')
        .set({ recovery_hashes: recovery.hashes, updated_at: nowIso() })
        .where('user_id', '=', user.id)
        .execute();
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action: 'twofa.recovery.regenerated',
        ...requestContext(request),
      });
      return ok({ recoveryCodes: recovery.codes });
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditAction } from '../../src/domain/api/activity-actions';
import { errorCodes } from '../../src/domain/api/envelope';
import { textResponseSchema } from '../../src/domain/api/reseller-account';
import { policy } from '../../src/domain/api/route-policy';
import {
  enableTwofaResponseSchema,
  enableTwofaSchema,
  generateSetupResponseSchema,
  generateSetupSchema,
  passwordOnlySchema,
  recoveryCodesResponseSchema,
  securityInfoSchema,
} from '../../src/domain/api/two-factor';
import { formatMessage } from '../../src/domain/messages';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { principalOf, requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { verifyPassword } from '../services/passwords';
import { findAccountUser } from '../services/reseller-account/account';
import { createSmsSender } from '../services/sms';
import {
  enabledTwofaOf,
  enablePending,
  methodName,
  replaceRecoveryCodes,
  startSetup,
} from '../services/twofa/setup';
import { maskPhone, turnOffTwofa, twofaOf } from '../services/twofa/twofa';
import { registerTwofaLoginRoutes } from './twofa-login';
import { operation } from '../plugins/openapi';

/**
 * Two-factor authentication: the sign-in's second step (./twofa-login.ts) and the signed-in
 * user's settings (set a method up, turn it on or off, new recovery codes).
 */
export function registerTwofaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;
  const sms = createSmsSender(config);
  const sendCode = (to: string, code: string) =>
    sms.send({
      to,
      text: `${code} is your ${config.productName} verification code. It expires in 10 minutes.`,
    });

  registerTwofaLoginRoutes(app, ctx, sendCode);

  // --- Settings (signed in) ---

  async function caller(request: FastifyRequest) {
    const user = await findAccountUser(ctx.db, principalOf(request).sub);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
    return user;
  }

  /** The caller, once the password they typed is theirs. */
  async function passwordChecked(request: FastifyRequest & { body: { password: string } }) {
    const user = await caller(request);
    if (!(await verifyPassword(user.password_hash, request.body.password))) {
      throw new AppError(errorCodes.INVALID_PASSWORD, formatMessage('password.incorrect'), {
        status: 400,
        field: 'password',
      });
    }
    return user;
  }

  /** The caller's audit line: written with `db`, the transaction when there is one. */
  const audit =
    (request: FastifyRequest, user: { id: string; account_id: string }) =>
    (db: Executor, action: AuditAction, target?: string) =>
      recordAudit(db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action,
        ...(target === undefined ? {} : { target }),
        ...requestContext(request),
      });

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
      schema: {
        ...operation('getTwoFactorSettings', "Read the signed-in user's two-factor settings"),
        tags: ['two-factor'],
        response: { 200: okSchema(securityInfoSchema) },
      },
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
        ...operation(
          'startTwoFactorSetup',
          'Send a setup code, or show the authenticator QR code',
          { description: 'The password is checked again.' },
        ),
        tags: ['two-factor'],
        body: generateSetupSchema,
        response: { 200: okSchema(generateSetupResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await caller(request);
      const body = request.body;
      const target = body.method === 'totp' ? 'authenticator app' : maskPhone(body.phone);
      await audit(request, user)(ctx.db, 'twofa.setup.started', target);
      return ok(
        await startSetup(ctx.db, ctx.secrets.fieldKey, user, body, config.productName, sendCode),
      );
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/user/enable',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('enableTwoFactor', 'Turn on two-factor sign-in with the code just received', {
          description:
            'Answers the recovery code to keep; a wrong code answers 400 INVALID_OTP, too many 403 OTP_BLOCKED.',
        }),
        tags: ['two-factor'],
        body: enableTwofaSchema,
        response: { 200: okSchema(enableTwofaResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await passwordChecked(request);
      const recoveryCodes = await enablePending(
        ctx.db,
        ctx.secrets.fieldKey,
        user.id,
        request.body.otp,
        (tx, method) => audit(request, user)(tx, 'twofa.enabled', method),
      );
      return ok({ text: formatMessage('twofa.enabled'), recoveryCodes });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/user/disable',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('disableTwoFactor', 'Turn off two-factor sign-in', {
          description: 'The password is checked again; trusted browsers are forgotten.',
        }),
        tags: ['two-factor'],
        body: passwordOnlySchema,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await passwordChecked(request);
      const row = await enabledTwofaOf(ctx.db, user.id);
      await ctx.db.transaction().execute(async (tx) => {
        await turnOffTwofa(tx, user.id);
        await audit(request, user)(tx, 'twofa.disabled', methodName(row.method));
      });
      return ok({ text: formatMessage('twofa.disabled') });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/user/recoveryCode',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('regenerateRecoveryCode', 'Replace the two-factor recovery code', {
          description: 'The password is checked again; the old code stops working.',
        }),
        tags: ['two-factor'],
        body: passwordOnlySchema,
        response: { 200: okSchema(recoveryCodesResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await passwordChecked(request);
      await enabledTwofaOf(ctx.db, user.id);
      const recoveryCodes = await replaceRecoveryCodes(ctx.db, user.id);
      await audit(request, user)(ctx.db, 'twofa.recovery.regenerated');
      return ok({ recoveryCodes });
    },
  );
}

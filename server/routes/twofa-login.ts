import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditAction } from '../../src/domain/api/activity-actions';
import { errorCodes } from '../../src/domain/api/envelope';
import { policy } from '../../src/domain/api/route-policy';
import { signInResponseSchema } from '../../src/domain/api/session';
import { textResponseSchema } from '../../src/domain/api/reseller-account';
import { validatePasscodeWithTrustSchema } from '../../src/domain/api/trusted-browsers';
import {
  RECOVERY_CODE_INVALID,
  deactivateTwoFaSchema,
  twofaLoginStateSchema,
} from '../../src/domain/api/two-factor';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { pastDueAction } from '../services/billing/pending-charges';
import { findAccountUser } from '../services/reseller-account/account';
import { resellerLanding } from '../services/reseller-account/landing';
import { TWOFA_COOKIE, clearChallengeCookie } from '../services/twofa/login';
import { trustBrowser } from '../services/twofa/trusted-browsers';
import {
  acceptTotp,
  consumePhoneCode,
  consumeRecoveryCode,
  failChallenge,
  issuePhoneCode,
  liveChallenge,
  maskPhone,
  otpError,
  turnOffTwofa,
  twofaOf,
  useChallenge,
} from '../services/twofa/twofa';
import { operation } from '../plugins/openapi';
import { openResellerSession } from '../services/open-reseller-session';

/** A pending second step, as its cookie found it. */
type Challenge = Awaited<ReturnType<typeof liveChallenge>>;

/**
 * The second step of a reseller's sign-in: the pending sign-in's cookie, no session yet. A code
 * (app or SMS) or a recovery code passes it, and the session starts as after a sign-in without
 * one.
 */
export function registerTwofaLoginRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sendCode: (to: string, code: string) => Promise<void>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;
  const otpLimits = limitAll(app, [
    { max: 30, timeWindow: '15 minutes', key: (r) => `twofa-ip:${r.ip}` },
  ]);

  // The pending sign-in is checked before the input, so a call without one is 401 whatever it sends.

  async function challengeOf(request: FastifyRequest) {
    const challenge = await liveChallenge(ctx.db, request.cookies[TWOFA_COOKIE]);
    const row = await twofaOf(ctx.db, challenge.user_id);
    if (!row || row.is_enabled !== 1) {
      throw new AppError(errorCodes.NOT_AUTHORIZED, 'Your sign-in has expired. Sign in again.');
    }
    return { challenge, row };
  }

  /**
   * The second factor passed: the session starts exactly as after a sign-in without one, and
   * records how the first step signed in (a password, or the account's IdP).
   */
  async function finishSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    challenge: Pick<Challenge, 'id' | 'user_id' | 'sign_in_method' | 'sso_logout_sealed'>,
    action: AuditAction,
    isTrusting = false,
  ) {
    if (!(await useChallenge(ctx.db, challenge.id))) {
      throw new AppError(errorCodes.NOT_AUTHORIZED, 'Your sign-in has expired. Sign in again.');
    }
    const user = await findAccountUser(ctx.db, challenge.user_id);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'Sign in again.');
    const dueAction = await pastDueAction(ctx.db, user.id);
    await openResellerSession(ctx, request, reply, {
      userId: user.id,
      accountId: user.account_id,
      action,
      method: challenge.sign_in_method,
      ssoLogoutSealed: challenge.sso_logout_sealed,
    });
    clearChallengeCookie(reply, config);
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
      schema: {
        ...operation(
          'getTwoFactorLoginState',
          'Read the pending sign-in: which second factor it asks for',
        ),
        tags: ['two-factor'],
        response: { 200: okSchema(twofaLoginStateSchema) },
      },
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
      schema: {
        ...operation('sendTwoFactorLoginCode', 'Send the sign-in code by email or SMS'),
        tags: ['two-factor'],
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: otpLimits,
    },
    async (request) => {
      const { row } = await challengeOf(request);
      if (row.method !== 'phone') throw otpError('otp.incorrect');
      const code = await issuePhoneCode(ctx.db, row.user_id, 'login');
      await sendCode(row.phone, code);
      return ok({ text: `A verification code has been sent to ${maskPhone(row.phone)}` });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/login/validatePasscode',
    {
      config: policy.twofaChallenge,
      schema: {
        ...operation('verifyTwoFactorLoginCode', 'Finish signing in with the second-factor code', {
          description:
            'Starts the session (cookies and a new CSRF token), and can trust this browser for 30 days. A wrong code answers 400 INVALID_OTP; too many 403 OTP_BLOCKED.',
        }),
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
      return finishSignIn(request, reply, challenge, 'signin.twofa', trust);
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/login/deactivateTwoFA',
    {
      config: policy.twofaChallenge,
      schema: {
        ...operation(
          'signInWithRecoveryCode',
          'Sign in with the recovery code, turning two-factor off',
          { description: 'A wrong recovery code answers 400 INVALID_RECOVERY_CODE.' },
        ),
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
      return finishSignIn(request, reply, challenge, 'signin');
    },
  );
}

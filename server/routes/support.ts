import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '../../src/domain/api/envelope';
import { signInResponseSchema } from '../../src/domain/api/session';
import { supportDisabledUrls, supportOtpSignInSchema } from '../../src/domain/api/support';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { limitAll, loginOf } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { redeemSupportOtp } from '../services/support-otp';
import { formatMessage } from '../../src/domain/messages';
import { operation } from '../plugins/openapi';
import { openResellerSession } from '../services/open-reseller-session';

/** Support-OTP sign-in: an operator issues a code (`npm run support -- otp <email>`). */
export function registerSupportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/rpc-api/reseller/support/otp_signin',
    {
      config: policy.public,
      schema: {
        ...operation(
          'signInWithSupportOtp',
          'Sign in to an account with a support one-time password',
          {
            description:
              'Support staff sign in with a one-time password the account holder generated; the session cannot make the calls listed by listSupportDisabledUrls.',
            errors: [401],
          },
        ),
        tags: ['session'],
        body: supportOtpSignInSchema,
        response: { 200: okSchema(signInResponseSchema) },
      },
      preHandler: limitAll(app, [
        { max: ctx.config.signInLimitPerIp, timeWindow: '1 minute', key: (r) => `otp-ip:${r.ip}` },
        { max: 5, timeWindow: '15 minutes', key: (r) => `otp-account:${r.ip}:${loginOf(r)}` },
      ]),
    },
    async (request, reply) => {
      const redeemed = await redeemSupportOtp(ctx.db, request.body.username, request.body.otp);
      if (!redeemed)
        throw new AppError(
          errorCodes.INVALID_CREDENTIALS,
          formatMessage('otp.expired.or.incorrect'),
        );
      await openResellerSession(ctx, request, reply, {
        userId: redeemed.userId,
        accountId: redeemed.accountId,
        action: 'support.otp.signin',
        method: 'password',
        isSupport: true,
      });
      return ok({ productType: 'reseller' as const, next: '/home' });
    },
  );

  api.get(
    '/rpc-api/api/private/support/otp/disabledUrls',
    {
      config: policy.reseller('signed-in'),
      schema: {
        ...operation('listSupportDisabledUrls', 'List the calls a support session may not make'),
        tags: ['session'],
        response: { 200: okSchema(z.array(z.string())) },
      },
    },
    () => ok([...supportDisabledUrls]),
  );
}

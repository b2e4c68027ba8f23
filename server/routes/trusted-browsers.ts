import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, errorEnvelopeSchema } from '../../src/domain/api/envelope';
import { policy } from '../../src/domain/api/route-policy';
import {
  revokeTrustedBrowserSchema,
  trustedBrowsersSchema,
} from '../../src/domain/api/trusted-browsers';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { findAccountUser } from '../services/reseller-account/account';
import {
  listTrustedBrowsers,
  revokeTrustedBrowser,
  TRUSTED_BROWSER_COOKIE,
  trustedBrowserIdOf,
} from '../services/twofa/trusted-browsers';

/** The browsers the signed-in user trusted at the two-factor step, listed in the 2FA settings. */
export function registerTrustedBrowserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['two-factor'];
  const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

  api.get(
    '/rpc-api/reseller/twofa/user/trustedBrowsers',
    {
      config: policy.reseller('profile.own'),
      schema: {
        tags,
        operationId: 'listTrustedBrowsers',
        summary: 'The browsers that skip the two-factor step for the signed-in user',
        response: { 200: okSchema(trustedBrowsersSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const current = trustedBrowserIdOf(request.cookies[TRUSTED_BROWSER_COOKIE]);
      return ok({ items: await listTrustedBrowsers(ctx.db, principalOf(request).sub, current) });
    },
  );

  api.post(
    '/rpc-api/reseller/twofa/user/trustedBrowsers/revoke',
    {
      config: policy.reseller('profile.own'),
      schema: {
        tags,
        operationId: 'revokeTrustedBrowser',
        summary: 'Revoke one trusted browser: its next sign-in asks for the second factor',
        body: revokeTrustedBrowserSchema,
        response: { 200: okSchema(z.object({ ok: z.literal(true) })), ...errors },
      },
    },
    async (request) => {
      const user = await findAccountUser(ctx.db, principalOf(request).sub);
      if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
      const revoked = await revokeTrustedBrowser(ctx.db, user.id, request.body.id);
      if (!revoked) {
        throw new AppError(errorCodes.NOT_FOUND, 'The requested resource was not found.');
      }
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action: 'twofa.trusted.browser.revoked',
        target: revoked.label,
        ...requestContext(request),
      });
      return ok({ ok: true as const });
    },
  );
}

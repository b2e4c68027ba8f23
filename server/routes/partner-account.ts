import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countryListSchema,
  partnerAccountMessages,
  partnerSignupSchema,
  partnerSignupStartSchema,
  stateListSchema,
  w9FormSchema,
  w9PreviewSchema,
} from '../../src/domain/api/partner-account';
import { signInResponseSchema } from '../../src/domain/api/session';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { setSessionCookies } from '../plugins/cookies';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { partnerLandingPath } from '../services/partners';
import { allCountries, statesOf } from '../services/partners/geo';
import { checkSignupStart, createPartner } from '../services/partners/signup';
import { previewW9, saveW9 } from '../services/partners/w9';
import { operation } from '../plugins/openapi';

/** Partner signup (REGULAR_SIGNUP) and the W-9 form. */
export function registerPartnerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['partner'];
  const domainNames = [new URL(ctx.config.publicOrigin).hostname];
  const signupLimit = limitAll(app, [
    { max: 30, timeWindow: '1 hour', key: (r) => `partner-signup:${r.ip}` },
  ]);

  api.get(
    '/rpc-api/partner/countries',
    {
      config: policy.public,
      schema: {
        ...operation('listPartnerCountries', 'List the countries the partner signup offers'),
        tags,
        response: { 200: okSchema(countryListSchema) },
      },
    },
    () => ok(allCountries()),
  );
  api.get(
    '/rpc-api/partner/states',
    {
      config: policy.public,
      schema: {
        ...operation('listPartnerStates', "List a country's states for the partner signup"),
        tags,
        querystring: z.object({ country: z.string().trim().max(100).prefault('') }),
        response: { 200: okSchema(stateListSchema) },
      },
    },
    (request) => ok(statesOf(request.query.country)),
  );

  api.post(
    '/rpc-api/partner/partnerSignup',
    {
      config: policy.public,
      schema: {
        ...operation('signUpPartner', 'Start a partner signup', { errors: [409, 422] }),
        tags,
        body: partnerSignupStartSchema,
        response: { 200: okSchema(z.object({ ok: z.literal(true) })) },
      },
      preHandler: signupLimit,
    },
    async (request) => {
      await checkSignupStart(ctx.db, request.body, domainNames);
      return ok({ ok: true as const });
    },
  );

  api.post(
    '/rpc-api/partner/continuePartenrSignup',
    {
      config: policy.public,
      schema: {
        ...operation('continuePartnerSignup', 'Finish a partner signup from its emailed link', {
          description: 'An unknown or expired link answers 400 with `expired_link`.',
          errors: [409, 422],
        }),
        tags,
        body: partnerSignupSchema,
        response: { 200: okSchema(signInResponseSchema) },
      },
      preHandler: signupLimit,
    },
    async (request, reply) => {
      const id = await createPartner(ctx.db, request.body, domainNames);
      await recordAudit(ctx.db, {
        subjectKind: 'partner',
        subjectId: id,
        action: 'partner.signup',
        ...requestContext(request),
      });
      const pair = await ctx.sessions.start('partner', id, requestContext(request));
      setSessionCookies(reply, ctx.config, 'partner', pair);
      return ok({ productType: 'partner' as const, next: partnerLandingPath('W9_PENDING') });
    },
  );

  api.post(
    '/rpc-api/partner/confirmPartnerW9Form',
    {
      config: policy.partner,
      schema: {
        ...operation('previewPartnerW9Form', 'Check a W-9 form and show it for confirmation', {
          errors: [422],
        }),
        tags,
        body: w9FormSchema,
        response: { 200: okSchema(w9PreviewSchema) },
      },
    },
    (request) => ok(previewW9(request.body)),
  );
  api.post(
    '/rpc-api/partner/partnerW9FormConfirm',
    {
      config: policy.partner,
      schema: {
        ...operation('confirmPartnerW9Form', 'Submit the confirmed W-9 form', { errors: [422] }),
        tags,
        body: w9FormSchema,
        response: { 200: okSchema(z.object({ next: z.string(), message: z.string() })) },
      },
    },
    async (request) => {
      const partnerId = principalOf(request).sub;
      const status = await saveW9(ctx.db, ctx.secrets.fieldKey, partnerId, request.body);
      await recordAudit(ctx.db, {
        subjectKind: 'partner',
        subjectId: partnerId,
        action: 'partner.w9.saved',
        ...requestContext(request),
      });
      return ok({ next: partnerLandingPath(status), message: partnerAccountMessages.w9Saved });
    },
  );
}

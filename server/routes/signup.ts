import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chromebookResponseQuerySchema,
  chromebookResponseSchema,
  chromebookVerifySchema,
  paidSignupRequestSchema,
  registrationProcessSchema,
  signupMessages,
  signupOptionsSchema,
  signupResponseSchema,
  TRIAL_DAYS,
  trialSignupRequestSchema,
} from '../../src/domain/api/signup';
import type { AppContext } from '../context';
import { requestContext } from '../plugins/auth';
import { setSessionCookies } from '../plugins/cookies';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { planOut } from '../services/billing/account-view';
import { listActivePlans } from '../services/billing/repository';
import { createCaptcha } from '../services/captcha';
import { passChromebookCaptcha, isChromebookCaptchaPassed } from '../services/chromebook-captcha';
import {
  processRegistration,
  signUpForTrial,
  signUpPaid,
  type NewReseller,
} from '../services/reseller-account/signup';
import { REFERRAL_COOKIE } from '../services/partners/referrals';
import { countryOptions, usStateOptions } from '../services/tax/tax';
import { operation } from '../plugins/openapi';

/**
 * Reseller self-service signup (spec section 7, "Registration and signup") behind the ALTCHA
 * proof-of-work captcha, the signup's e-mail verification, and the Chromebook captcha check.
 * All public: there is no account yet. The captcha, the per-address limits and the CSRF token
 * stand between a script and a flood of accounts.
 */
export function registerSignupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;
  const tags = ['signup'];
  const captcha = createCaptcha(config, ctx.secrets);
  const domainNames = [new URL(config.publicOrigin).hostname];

  const challengeLimit = limitAll(app, [
    { max: 60, timeWindow: '1 minute', key: (r) => `captcha:${r.ip}` },
  ]);
  const signupLimit = limitAll(app, [
    { max: 10, timeWindow: '1 hour', key: (r) => `signup:${r.ip}` },
  ]);

  // The widget reads the challenge itself, so this answer is the bare challenge, not the envelope.
  api.get(
    '/rpc-api/captcha/challenge',
    {
      config: policy.public,
      schema: {
        ...operation('getCaptchaChallenge', 'Get a captcha challenge', {
          description:
            'The self-hosted captcha widget reads this answer itself: it is the bare challenge, not the envelope.',
        }),
        tags,
      },
      preHandler: challengeLimit,
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  api.get(
    '/rpc-api/reseller/signup',
    {
      config: policy.public,
      schema: {
        ...operation('getSignupOptions', 'Read the plans and trial length the signup form offers'),
        tags,
        response: { 200: okSchema(signupOptionsSchema) },
      },
    },
    async () =>
      ok({
        trialDays: TRIAL_DAYS,
        plans: (await listActivePlans(ctx.db)).map(planOut),
        countries: countryOptions(),
        usStates: usStateOptions(),
      }),
  );

  const source = (request: FastifyRequest) => ({
    ...requestContext(request),
    referralCookie: request.cookies[REFERRAL_COOKIE],
  });

  async function welcome(created: NewReseller, paid: boolean) {
    const link = `${config.publicOrigin}/rpc-app/reseller/registration/verify?token=${encodeURIComponent(created.verificationToken)}`;
    await ctx.mailer.send({
      to: created.email,
      subject: `Welcome to ${config.productName}: verify your e-mail address`,
      text: [
        `Hello ${created.firstName},`,
        '',
        paid
          ? `Your ${config.productName} Bulk Reseller account is ready and your first term is paid; the invoice is under Billing.`
          : `Your ${config.productName} Bulk Reseller free trial has started: it lasts ${String(TRIAL_DAYS)} days.`,
        '',
        'Open this link within 7 days to verify your e-mail address (it works once):',
        '',
        link,
        '',
        'If you did not sign up, ignore this e-mail.',
      ].join('\n'),
    });
  }

  async function startSession(request: FastifyRequest, reply: FastifyReply, created: NewReseller) {
    const pair = await ctx.sessions.start('reseller', created.userId, requestContext(request));
    setSessionCookies(reply, config, 'reseller', pair);
    return ok({
      productType: 'reseller' as const,
      next: '/home',
      text: signupMessages.verificationSent(created.email),
    });
  }

  api.post(
    '/rpc-api/reseller/freeRBSTrialSignup',
    {
      config: policy.public,
      schema: {
        ...operation('signUpFreeTrial', 'Start a free-trial reseller account', {
          errors: [409, 422],
        }),
        tags,
        body: trialSignupRequestSchema,
        response: { 200: okSchema(signupResponseSchema) },
      },
      onRequest: signupLimit,
    },
    async (request, reply) => {
      await captcha.verify(ctx.db, request.body.altcha);
      const created = await signUpForTrial(ctx.db, request.body, domainNames, source(request));
      await welcome(created, false);
      return startSession(request, reply, created);
    },
  );

  api.post(
    '/rpc-api/reseller/paidRBSSignup',
    {
      config: policy.public,
      schema: {
        ...operation('signUpPaid', 'Sign up for a paid reseller account', {
          errors: [402, 409, 422],
        }),
        tags,
        body: paidSignupRequestSchema,
        response: { 200: okSchema(signupResponseSchema) },
      },
      onRequest: signupLimit,
    },
    async (request, reply) => {
      await captcha.verify(ctx.db, request.body.altcha);
      const created = await signUpPaid(ctx.db, request.body, domainNames, source(request));
      await welcome(created, true);
      return startSession(request, reply, created);
    },
  );

  // Public: the link may open in a browser that is not signed in. The token is the proof.
  api.post(
    '/rpc-api/reseller/registration/process',
    {
      config: policy.public,
      schema: {
        ...operation(
          'processRegistration',
          'Finish a signup from the link in its confirmation email',
          { description: 'An unknown or expired link answers 400 with `expired_link`.' },
        ),
        tags,
        body: registrationProcessSchema,
        response: { 200: okSchema(z.object({ text: z.string() })) },
      },
      preHandler: limitAll(app, [
        { max: 20, timeWindow: '15 minutes', key: (r) => `registration:${r.ip}` },
      ]),
    },
    async (request) =>
      ok(await processRegistration(ctx.db, request.body.token, requestContext(request))),
  );

  api.post(
    '/rpc-api/chromebook/captcha/verify',
    {
      config: policy.public,
      schema: {
        ...operation(
          'verifyChromebookCaptcha',
          "Pass the captcha for a Chromebook app's sign-in session",
          { errors: [422] },
        ),
        tags,
        body: chromebookVerifySchema,
        response: { 200: okSchema(chromebookResponseSchema) },
      },
      preHandler: challengeLimit,
    },
    async (request) => {
      await captcha.verify(ctx.db, request.body.altcha);
      await passChromebookCaptcha(ctx.db, request.body.session);
      return ok({ verified: true });
    },
  );

  api.get(
    '/rpc-api/chromebook/captcha/verify/response',
    {
      config: policy.public,
      schema: {
        ...operation(
          'getChromebookCaptchaResult',
          "Ask whether a Chromebook sign-in session's captcha was passed",
        ),
        tags,
        querystring: chromebookResponseQuerySchema,
        response: { 200: okSchema(chromebookResponseSchema) },
      },
      preHandler: challengeLimit,
    },
    async (request) =>
      ok({ verified: await isChromebookCaptchaPassed(ctx.db, request.query.session) }),
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  askToConfirmSchema,
  bountyReportQuerySchema,
  dashboardSummarySchema,
  partnerReportMessages,
  reportRangeQuerySchema,
  transactionsReportSchema,
  unconfirmedUsersSchema,
  userReportSchema,
  type PartnerProgram,
} from '../../src/domain/api/partner-reports';
import type { AppContext } from '../context';
import { principalOf } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { nowIso } from '../services/clock';
import {
  assertApprovedPartner,
  dashboardSummary,
  rangeOrThrow,
  transactionsReport,
  userReport,
} from '../services/partners/reports';
import {
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_DAYS,
  askToConfirm,
  isTrackingProgram,
  recordClick,
  unconfirmedUsers,
} from '../services/partners/referrals';

/**
 * Partner reports (spec section 7, "Reports", "Commission", "Unconfirmed users"), the dashboard
 * figures, and the public tracking links `/ref/<program>/<partnerId>`. Every report is the
 * caller's own data; a partner who is not approved is refused.
 */
export function registerPartnerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The route policy signs the partner in; reports are for approved partners only.
  const approved = async (request: FastifyRequest) => {
    await assertApprovedPartner(ctx.db, principalOf(request).sub);
  };
  const tags = ['partner'];
  // Authentication runs before validation, so an anonymous caller learns nothing from a 400.

  api.get(
    '/rpc-api/partner/getBountyPartnerUserReport',
    {
      config: policy.partner,
      schema: {
        tags,
        querystring: bountyReportQuerySchema,
        response: { 200: okSchema(userReportSchema) },
      },
      preValidation: approved,
    },
    async (request) => {
      const range = rangeOrThrow(request.query, nowIso());
      return ok(
        await userReport(ctx.db, principalOf(request).sub, request.query.program, 'bounty', range),
      );
    },
  );

  const referralReports: [string, PartnerProgram][] = [
    ['/rpc-api/partner/getPartnerUserReport', 'rpc'],
    ['/rpc-api/partner/getHelpdeskPartnerUserReport', 'hd'],
  ];
  for (const [url, program] of referralReports) {
    api.get(
      url,
      {
        config: policy.partner,
        schema: {
          tags,
          querystring: reportRangeQuerySchema,
          response: { 200: okSchema(userReportSchema) },
        },
        preValidation: approved,
      },
      async (request) => {
        const range = rangeOrThrow(request.query, nowIso());
        return ok(await userReport(ctx.db, principalOf(request).sub, program, 'referral', range));
      },
    );
  }

  const transactionReports: [string, PartnerProgram][] = [
    ['/rpc-api/partner/commission/getTrasactions', 'rpc'],
    ['/rpc-api/partner/hd/commission/getTrasactions.json', 'hd'],
  ];
  for (const [url, program] of transactionReports) {
    api.get(
      url,
      {
        config: policy.partner,
        schema: {
          tags,
          querystring: reportRangeQuerySchema,
          response: { 200: okSchema(transactionsReportSchema) },
        },
        preValidation: approved,
      },
      async (request) => {
        const range = rangeOrThrow(request.query, nowIso());
        return ok(await transactionsReport(ctx.db, principalOf(request).sub, program, range));
      },
    );
  }

  api.get(
    '/rpc-api/partner/dashboard/summary',
    {
      config: policy.partner,
      schema: { tags, response: { 200: okSchema(dashboardSummarySchema) } },
      preValidation: approved,
    },
    async (request) => ok(await dashboardSummary(ctx.db, principalOf(request).sub, nowIso())),
  );

  const unconfirmed: [string, string, PartnerProgram][] = [
    ['/rpc-api/partner/getPartnerUnconfirmedUsers', '/rpc-api/partner/askToConfirmUser', 'rpc'],
    ['/rpc-api/partner/getHdPartnerUnconfirmedUsers', '/rpc-api/partner/askToConfirmhdUser', 'hd'],
  ];
  const askLimit = limitAll(app, [
    { max: 60, timeWindow: '1 hour', key: (r) => `ask-confirm:${r.ip}` },
  ]);
  for (const [listUrl, askUrl, program] of unconfirmed) {
    api.get(
      listUrl,
      {
        config: policy.partner,
        schema: { tags, response: { 200: okSchema(unconfirmedUsersSchema) } },
        preValidation: approved,
      },
      async (request) =>
        ok(await unconfirmedUsers(ctx.db, principalOf(request).sub, program, nowIso())),
    );
    api.post(
      askUrl,
      {
        config: policy.partner,
        schema: {
          tags,
          body: askToConfirmSchema,
          response: { 200: okSchema(z.object({ sent: z.literal(true), message: z.string() })) },
        },
        preValidation: approved,
        preHandler: askLimit,
      },
      async (request) => {
        await askToConfirm(ctx.db, ctx.mailer, {
          partnerId: principalOf(request).sub,
          program,
          referralId: request.body.id,
          now: nowIso(),
          productName: ctx.config.productName,
          publicOrigin: ctx.config.publicOrigin,
        });
        return ok({ sent: true as const, message: partnerReportMessages.reminderSent });
      },
    );
  }

  // A tracking link: count the click, remember the partner in a first-party cookie, go to signup.
  api.get(
    '/ref/:program/:partnerId',
    {
      schema: {
        hide: true,
        params: z.object({ program: z.string().max(20), partnerId: z.string().max(50) }),
      },
      preHandler: limitAll(app, [{ max: 120, timeWindow: '1 minute', key: (r) => `ref:${r.ip}` }]),
    },
    async (request, reply) => {
      const { program, partnerId } = request.params;
      if (isTrackingProgram(program)) {
        const cookie = await recordClick(ctx.db, program, partnerId, request.ip, nowIso());
        if (cookie) {
          reply.setCookie(REFERRAL_COOKIE, cookie, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: ctx.config.isHttps,
            maxAge: REFERRAL_COOKIE_DAYS * 86_400,
          });
        }
      }
      reply.header('cache-control', 'no-store');
      return reply.redirect('/rpcnew/signup');
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  approvalRefusal,
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
import { operation } from '../plugins/openapi';

/**
 * Partner reports (spec section 7, "Reports", "Commission", "Unconfirmed users"), the dashboard
 * figures, and the public tracking links `/ref/<program>/<partnerId>`. Every report is the
 * caller's own data; a partner who is not approved is refused.
 */
export function registerPartnerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The route policy signs the partner in; reports are for approved partners only.
  const approved = (
    request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: Error) => void,
  ) => {
    done(approvalRefusal(request));
  };
  const tags = ['partner'];
  // The document's summaries name the Helpdesk programme; the main one goes without a name.
  const programLabel = { rpc: '', hd: 'Helpdesk ' } as const;
  // Authentication runs before validation, so an anonymous caller learns nothing from a 400.

  api.get(
    '/rpc-api/partner/getBountyPartnerUserReport',
    {
      config: policy.partner,
      schema: {
        ...operation(
          'getPartnerBountyReport',
          "Report the partner's bounty signups over a date range",
          { errors: [403, 422] },
        ),
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

  const referralReports: [string, PartnerProgram, string][] = [
    ['/rpc-api/partner/getPartnerUserReport', 'rpc', 'getPartnerReferralReport'],
    ['/rpc-api/partner/getHelpdeskPartnerUserReport', 'hd', 'getHelpdeskPartnerReferralReport'],
  ];
  for (const [url, program, operationId] of referralReports) {
    api.get(
      url,
      {
        config: policy.partner,
        schema: {
          ...operation(
            operationId,
            `Report the partner's ${programLabel[program]}referrals over a date range`,
            {
              errors: [403, 422],
            },
          ),
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

  const transactionReports: [string, PartnerProgram, string][] = [
    ['/rpc-api/partner/commission/getTrasactions', 'rpc', 'listPartnerCommissions'],
    ['/rpc-api/partner/hd/commission/getTrasactions.json', 'hd', 'listHelpdeskPartnerCommissions'],
  ];
  for (const [url, program, operationId] of transactionReports) {
    api.get(
      url,
      {
        config: policy.partner,
        schema: {
          ...operation(
            operationId,
            `List the partner's ${programLabel[program]}commissions over a date range`,
            {
              errors: [403, 422],
            },
          ),
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
      schema: {
        ...operation(
          'getPartnerDashboardSummary',
          "Summarise the partner's signups and commissions",
          { errors: [403] },
        ),
        tags,
        response: { 200: okSchema(dashboardSummarySchema) },
      },
      preValidation: approved,
    },
    async (request) => ok(await dashboardSummary(ctx.db, principalOf(request).sub, nowIso())),
  );

  const unconfirmed: [string, string, PartnerProgram][] = [
    ['/rpc-api/partner/getPartnerUnconfirmedUsers', '/rpc-api/partner/askToConfirmUser', 'rpc'],
    ['/rpc-api/partner/getHdPartnerUnconfirmedUsers', '/rpc-api/partner/askToConfirmhdUser', 'hd'],
  ];
  const programName = { rpc: '', hd: 'Helpdesk' } as const;
  const askLimit = limitAll(app, [
    { max: 60, timeWindow: '1 hour', key: (r) => `ask-confirm:${r.ip}` },
  ]);
  for (const [listUrl, askUrl, program] of unconfirmed) {
    api.get(
      listUrl,
      {
        config: policy.partner,
        schema: {
          ...operation(
            `list${programName[program]}PartnerUnconfirmedUsers`,
            `List the partner's ${programLabel[program]}referrals who have not confirmed their email`,
            { errors: [403] },
          ),
          tags,
          response: { 200: okSchema(unconfirmedUsersSchema) },
        },
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
          ...operation(
            `remind${programName[program]}PartnerUnconfirmedUser`,
            `Remind a ${programLabel[program]}referral to confirm their email`,
            {
              description:
                "One reminder per referral within the waiting period: another answers 429 RATE_LIMITED; a referral that is not the partner's answers 404.",
              errors: [404, 429],
            },
          ),
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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '../../src/domain/api/envelope';
import {
  cancelAccountRequestSchema,
  cancelAccountResponseSchema,
  emailChangeConfirmSchema,
  emailChangeMessages,
  emailChangeRequestSchema,
  textResponseSchema,
} from '../../src/domain/api/reseller-account';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { findAccountUser } from '../services/reseller-account/account';
import { cancelResellerAccount } from '../services/reseller-account/cancellation';
import {
  cancelEmailChange,
  confirmEmailChange,
  renewEmailChange,
  requestEmailChange,
} from '../services/reseller-account/email-change';
import { operation } from '../plugins/openapi';

const emptyBody = z.object({}).optional();

/** E-mail change and cancellation: the account's life-cycle calls (spec section 7). */
export function registerResellerAccountLifecycleRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;

  async function caller(request: FastifyRequest) {
    const user = await findAccountUser(ctx.db, principalOf(request).sub);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
    return user;
  }

  const confirmLink = (token: string) =>
    `${config.publicOrigin}/rpc-app/reseller/confirmEmail?token=${encodeURIComponent(token)}`;

  async function sendConfirmation(to: string, firstName: string, token: string) {
    await ctx.mailer.send({
      to,
      subject: `Confirm your new ${config.productName} e-mail address`,
      text: [
        `Hello ${firstName},`,
        '',
        `Open this link within 24 hours to make ${to} the e-mail address of your ${config.productName} account (it works once):`,
        '',
        confirmLink(token),
        '',
        'If you did not ask for this, ignore this e-mail: nothing changes.',
      ].join('\n'),
    });
  }

  // Password guesses and mail sending, per signed-in user.
  const changeLimits = limitAll(app, [
    { max: 10, timeWindow: '15 minutes', key: (r) => `email-change:${r.principal?.sub ?? r.ip}` },
  ]);
  const resendLimits = limitAll(app, [
    { max: 3, timeWindow: '1 hour', key: (r) => `email-resend:${r.principal?.sub ?? r.ip}` },
  ]);

  api.post(
    '/rpc-api/reseller/account/change/email',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('requestEmailChange', "Start changing the signed-in user's email address", {
          description: 'The new address takes effect once confirmed from the link mailed to it.',
          errors: [409],
        }),
        tags: ['reseller account'],
        body: emailChangeRequestSchema,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: changeLimits,
    },
    async (request) => {
      const user = await caller(request);
      const token = await requestEmailChange(ctx.db, user, request.body);
      const email = request.body.email.toLowerCase();
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action: 'email.change.requested',
        target: email,
        ...requestContext(request),
      });
      await sendConfirmation(email, user.first_name, token);
      // The current address hears of it too, so a stolen session cannot move the account quietly.
      await ctx.mailer.send({
        to: user.email,
        subject: `${config.productName}: a change of e-mail address was requested`,
        text: [
          `Hello ${user.first_name},`,
          '',
          `Someone signed in to your ${config.productName} account asked to change its e-mail address to ${email}. It changes only when the link sent to that address is opened.`,
          '',
          'If this was not you, sign in, cancel the change under Account > Profile and change your password.',
        ].join('\n'),
      });
      return ok({ text: emailChangeMessages.sent(email) });
    },
  );

  api.post(
    '/rpc-api/reseller/account/change/email/resend',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('resendEmailChange', 'Send the email-change confirmation again', {
          errors: [404],
        }),
        tags: ['reseller account'],
        body: emptyBody,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: resendLimits,
    },
    async (request) => {
      const user = await caller(request);
      const { token, email } = await renewEmailChange(ctx.db, user.id);
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action: 'email.change.resent',
        target: email,
        ...requestContext(request),
      });
      await sendConfirmation(email, user.first_name, token);
      return ok({ text: emailChangeMessages.resent(email) });
    },
  );

  api.post(
    '/rpc-api/reseller/account/change/email/cancel',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('cancelEmailChange', 'Cancel a pending email change', { errors: [404] }),
        tags: ['reseller account'],
        body: emptyBody,
        response: { 200: okSchema(textResponseSchema) },
      },
    },
    async (request) => {
      const user = await caller(request);
      const email = await cancelEmailChange(ctx.db, user.id);
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action: 'email.change.cancelled',
        target: email,
        ...requestContext(request),
      });
      return ok({ text: emailChangeMessages.cancelled });
    },
  );

  // Public: the link may be opened in a browser that is not signed in. The token is the proof.
  api.post(
    '/rpc-api/reseller/account/change/email/confirm',
    {
      config: policy.public,
      schema: {
        ...operation('confirmEmailChange', 'Confirm a new email address from its link', {
          description: 'An unknown or expired link answers 400 with `expired_link`.',
          errors: [404, 409],
        }),
        tags: ['reseller account'],
        body: emailChangeConfirmSchema,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: limitAll(app, [
        { max: 20, timeWindow: '15 minutes', key: (r) => `email-confirm:${r.ip}` },
      ]),
    },
    async (request) => {
      const changed = await ctx.db.transaction().execute(async (tx) => {
        const row = await confirmEmailChange(tx, request.body.token);
        await recordAudit(tx, {
          subjectKind: 'reseller',
          subjectId: row.user_id,
          accountId: row.account_id,
          action: 'email.changed',
          target: row.new_email,
          details: { from: row.old_email },
          ...requestContext(request),
        });
        return row;
      });
      await ctx.mailer.send({
        to: changed.old_email,
        subject: `${config.productName}: your e-mail address was changed`,
        text: `The e-mail address of your ${config.productName} account is now ${changed.new_email}. If you did not make this change, contact support at ${config.supportEmail}.`,
      });
      return ok({ text: emailChangeMessages.confirmed(changed.new_email) });
    },
  );

  api.post(
    '/rpc-api/reseller/ecom/cancelAccount',
    {
      config: policy.reseller('account.cancel'),
      schema: {
        ...operation('cancelAccount', 'Cancel the reseller account', {
          description: 'Administrators only; the password is checked again.',
        }),
        tags: ['billing'],
        body: cancelAccountRequestSchema,
        response: { 200: okSchema(cancelAccountResponseSchema) },
      },
      preHandler: limitAll(app, [
        { max: 10, timeWindow: '15 minutes', key: (r) => `cancel:${r.principal?.sub ?? r.ip}` },
      ]),
    },
    async (request) => {
      const result = await cancelResellerAccount(ctx.db, {
        userId: principalOf(request).sub,
        password: request.body.password,
        audit: requestContext(request),
      });
      const user = await caller(request).catch(() => undefined);
      if (user) {
        await ctx.mailer.send({
          to: user.email,
          subject: `Your ${config.productName} account has been cancelled`,
          text: [
            `Hello ${user.first_name},`,
            '',
            result.text,
            '',
            `Your users can no longer sign in. To come back, contact support at ${config.supportEmail}.`,
          ].join('\n'),
        });
      }
      return ok(result);
    },
  );
}

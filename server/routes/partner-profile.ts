import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelAccountSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  messageResultSchema,
  partnerEmailConfirmSchema,
  partnerProfileMessages,
  profileUpdateResultSchema,
  profileUpdateSchema,
  resetPasswordSchema,
} from '../../src/domain/api/partner-account';
import { formatMessage } from '../../src/domain/messages';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { clearSessionCookies } from '../plugins/cookies';
import { limitAll, loginOf } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import type { AuditAction } from '../../src/domain/api/activity-actions';
import {
  cancelAccount,
  changePassword,
  resetPassword,
  sendResetLink,
} from '../services/partners/account';
import { confirmPartnerEmailChange, updateProfile } from '../services/partners/profile';
import { mailProfileChanges } from '../services/partners/profile-mail';
import { operation } from '../plugins/openapi';

/** Partner profile, password (change, forgot, reset) and cancellation. */
export function registerPartnerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['partner'];
  const domainNames = [new URL(ctx.config.publicOrigin).hostname];
  // Per address, and per account for the signed-in calls (a shared office address is not locked out).
  const passwordLimit = limitAll(app, [
    {
      max: 20,
      timeWindow: '15 minutes',
      key: (r) => `partner-password:${r.ip}:${r.principal?.sub ?? ''}`,
    },
  ]);
  // Reset requests per address and login: a stranger's requests do not count against the
  // partner's own. The mails actually sent are capped per partner in sendResetLink.
  const forgotLimit = limitAll(app, [
    {
      max: 3,
      timeWindow: '1 hour',
      key: (r) => `partner-forgot:${r.ip}:${loginOf(r, 'emailId')}`,
    },
  ]);
  const audit = (request: Parameters<typeof requestContext>[0], action: AuditAction, id?: string) =>
    recordAudit(ctx.db, {
      subjectKind: 'partner',
      subjectId: id ?? null,
      action,
      ...requestContext(request),
    });

  api.post(
    '/rpc-api/partner/forgotPasswordLink',
    {
      config: policy.public,
      schema: {
        ...operation('sendPartnerPasswordLink', 'Email a partner a password-reset link', {
          description:
            'Answers the same whether or not the email belongs to a partner, so it reveals no accounts.',
        }),
        tags,
        body: forgotPasswordSchema,
        response: { 200: okSchema(messageResultSchema) },
      },
      preHandler: [passwordLimit, forgotLimit],
    },
    async (request) => {
      await sendResetLink(ctx.db, ctx.mailer, request.body.emailId, {
        publicOrigin: ctx.config.publicOrigin,
        productName: ctx.config.productName,
        onError: (error) => request.log.error({ err: error }, 'reset mail failed'),
      });
      return ok({ message: formatMessage('password.reset.link.sent') });
    },
  );

  api.post(
    '/rpc-api/partner/resetpartner_password',
    {
      config: policy.public,
      schema: {
        ...operation('resetPartnerPassword', "Set a partner's new password from a reset link", {
          description: 'An unknown or expired link answers 400 with `expired_link`.',
          errors: [422],
        }),
        tags,
        body: resetPasswordSchema,
        response: { 200: okSchema(messageResultSchema) },
      },
      preHandler: passwordLimit,
    },
    async (request) => {
      await resetPassword(ctx.db, request.body, domainNames);
      await audit(request, 'partner.password.reset');
      return ok({ message: formatMessage('password.reset.success') });
    },
  );

  api.post(
    '/rpc-api/partner/updatePartnerPassword',
    {
      config: policy.partner,
      schema: {
        ...operation('changePartnerPassword', "Change the signed-in partner's password", {
          errors: [422],
        }),
        tags,
        body: changePasswordSchema,
        response: { 200: okSchema(messageResultSchema) },
      },
      preHandler: passwordLimit,
    },
    async (request) => {
      const { sub: id, sid } = principalOf(request);
      await changePassword(ctx.db, id, request.body, domainNames, sid);
      await audit(request, 'partner.password.changed', id);
      return ok({ message: formatMessage('password.changed') });
    },
  );

  api.post(
    '/rpc-api/partner/updatePartnerEditProfile',
    {
      config: policy.partner,
      schema: {
        ...operation('updatePartnerProfile', "Update the signed-in partner's profile", {
          description:
            'A new email address takes effect once confirmed from the link mailed to it.',
          errors: [409, 422],
        }),
        tags,
        body: profileUpdateSchema,
        response: { 200: okSchema(profileUpdateResultSchema) },
      },
    },
    async (request) => {
      const id = principalOf(request).sub;
      const result = await ctx.db
        .transaction()
        .execute((tx) => updateProfile(tx, id, request.body));
      if (result.changed) await audit(request, 'partner.profile.updated', id);
      if (result.pendingEmail) await audit(request, 'partner.email.change.requested', id);
      await mailProfileChanges({ mailer: ctx.mailer, ...ctx.config }, result);
      const pendingEmail = result.pendingEmail?.address;
      const message = pendingEmail
        ? partnerProfileMessages.linkSent(pendingEmail)
        : formatMessage(result.changed ? 'profile.updated' : 'profile.unchanged');
      return ok({ changed: result.changed, message, ...(pendingEmail ? { pendingEmail } : {}) });
    },
  );

  // The link mailed to a partner's new address: its token is the proof, no session needed.
  api.post(
    '/rpc-api/partner/email/confirm',
    {
      config: policy.public,
      schema: {
        ...operation('confirmPartnerEmail', "Confirm a partner's new email address from its link", {
          errors: [409],
        }),
        tags,
        body: partnerEmailConfirmSchema,
        response: { 200: okSchema(messageResultSchema) },
      },
      preHandler: passwordLimit,
    },
    async (request) => {
      const row = await ctx.db
        .transaction()
        .execute((tx) => confirmPartnerEmailChange(tx, request.body.token));
      await audit(request, 'partner.email.changed', row.partner_id);
      await ctx.mailer.send({
        to: row.old_email,
        subject: `Your ${ctx.config.productName} partner email address has changed`,
        text: `Your partner sign-in address is now ${row.new_email}. If this was not you, contact support.`,
      });
      return ok({ message: partnerProfileMessages.confirmed(row.new_email) });
    },
  );

  api.post(
    '/rpc-api/partner/partnerCancelAccount',
    {
      config: policy.partner,
      schema: {
        ...operation('cancelPartnerAccount', "Cancel the signed-in partner's account"),
        tags,
        body: cancelAccountSchema,
        response: { 200: okSchema(messageResultSchema) },
      },
      preHandler: passwordLimit,
    },
    async (request, reply) => {
      const id = principalOf(request).sub;
      await cancelAccount(ctx.db, id, request.body.password);
      await audit(request, 'partner.cancelled', id);
      clearSessionCookies(reply, ctx.config, 'partner');
      return ok({ message: formatMessage('account.cancelled') });
    },
  );
}

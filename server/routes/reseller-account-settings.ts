import type { FastifyInstance, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes } from '../../src/domain/api/envelope';
import {
  accountProfileSchema,
  accountUpdateRequestSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetLinkQuerySchema,
  resetLinkResponseSchema,
  resetPasswordRequestSchema,
  textResponseSchema,
  validateExistingPasswordSchema,
} from '../../src/domain/api/reseller-account';
import { cleanName } from '../../src/domain/validation';
import { formatMessage } from '../../src/domain/messages';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { verifyPassword } from '../services/passwords';
import { findAccountUser } from '../services/reseller-account/account';
import { pendingEmailChange } from '../services/reseller-account/email-change';
import {
  consumeReset,
  findLiveReset,
  issueResetToken,
  usersByEmail,
  RESET_MAILS_PER_HOUR,
  resetsSentLastHour,
} from '../services/reseller-account/password-reset';
import {
  assertNewPassword,
  endSessions,
  forbiddenDomains,
  setPassword,
} from '../services/reseller-account/passwords';
import { operation } from '../plugins/openapi';

const linkExpired = () =>
  new AppError(errorCodes.EXPIRED_LINK, formatMessage('password.link.expired'), { status: 400 });

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

export function registerResellerAccountSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;

  async function caller(request: FastifyRequest) {
    const user = await findAccountUser(ctx.db, principalOf(request).sub);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
    return user;
  }

  // --- Forgot and reset password (public) ---

  api.post(
    '/rpc-api/forgot_password',
    {
      config: policy.public,
      schema: {
        ...operation('sendPasswordResetLink', 'Email a reseller user a password-reset link', {
          description:
            'Answers the same whether or not the email belongs to a user, so it reveals no accounts.',
        }),
        tags: ['password'],
        body: forgotPasswordRequestSchema,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: limitAll(app, [
        { max: 10, timeWindow: '15 minutes', key: (r) => `forgot-ip:${r.ip}` },
        // Per address and e-mail: a stranger's requests do not count against the owner's.
        { max: 3, timeWindow: '1 hour', key: (r) => `forgot-email:${r.ip}:${emailOf(r)}` },
      ]),
    },
    async (request) => {
      const users = await usersByEmail(ctx.db, request.body.email);
      const sent = await resetsSentLastHour(
        ctx.db,
        users.map((user) => user.id),
      );
      // The same answer, and the same work before it, whether or not the address is registered
      // (or has had its mails): one write, and the mail sent after the answer.
      if (users.length === 0 || sent >= RESET_MAILS_PER_HOUR) {
        await recordAudit(ctx.db, {
          subjectKind: 'reseller',
          action: 'password.reset.not.sent',
          ...requestContext(request),
        });
      } else {
        const links: string[] = [];
        for (const user of users) {
          const token = await issueResetToken(ctx.db, user.id);
          links.push(
            `${users.length > 1 ? `Username ${user.username}: ` : ''}${config.publicOrigin}/rpc-app/reseller/reset_password?token=${token}`,
          );
          await recordAudit(ctx.db, {
            subjectKind: 'reseller',
            subjectId: user.id,
            accountId: user.account_id,
            action: 'password.reset.requested',
            target: user.email,
            ...requestContext(request),
          });
        }
        ctx.mailer.sendLater(
          {
            to: request.body.email,
            subject: `Reset your ${config.productName} password`,
            text: [
              `Hello ${users[0]?.first_name ?? ''},`.replace(' ,', ','),
              '',
              `Someone asked to reset the password of your ${config.productName} account. Open this link within one hour to choose a new password (it works once):`,
              '',
              ...links,
              '',
              'If you did not ask for this, ignore this e-mail: your password stays the same.',
            ].join('\n'),
          },
          (error) => request.log.error({ err: error }, 'reset mail failed'),
        );
      }
      return ok({ text: formatMessage('password.reset.link.sent') });
    },
  );

  api.get(
    '/rpc-api/reset_password/check',
    {
      config: policy.public,
      schema: {
        ...operation('checkPasswordResetLink', 'Check a password-reset link before its form', {
          description: 'An unknown, used or expired link answers 400 with `expired_link`.',
        }),
        tags: ['password'],
        querystring: resetLinkQuerySchema,
        response: { 200: okSchema(resetLinkResponseSchema) },
      },
      preHandler: limitAll(app, [
        { max: 60, timeWindow: '15 minutes', key: (r) => `reset-check-ip:${r.ip}` },
      ]),
    },
    async (request) => {
      const reset = await findLiveReset(ctx.db, request.query.token);
      if (!reset) throw linkExpired();
      return ok({ email: reset.email });
    },
  );

  api.post(
    '/rpc-api/reset_password',
    {
      config: policy.public,
      schema: {
        ...operation('resetPassword', 'Set a new password from a reset link', {
          description:
            'An unknown, used or expired link answers 400 with `expired_link`; the new password must meet the password rules.',
        }),
        tags: ['password'],
        body: resetPasswordRequestSchema,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: limitAll(app, [
        { max: 20, timeWindow: '15 minutes', key: (r) => `reset-ip:${r.ip}` },
      ]),
    },
    async (request) => {
      const { token, newPassword, confirmPassword } = request.body;
      const reset = await findLiveReset(ctx.db, token);
      if (!reset) throw linkExpired();
      const user = { id: reset.user_id, email: reset.email, password_hash: reset.password_hash };
      await assertNewPassword(
        ctx.db,
        user,
        { newPassword, confirmPassword },
        forbiddenDomains(config.publicOrigin, user.email),
      );
      await ctx.db.transaction().execute(async (tx) => {
        if (!(await consumeReset(tx, reset.id))) throw linkExpired();
        await setPassword(tx, user, newPassword);
        await endSessions(tx, user.id);
        await recordAudit(tx, {
          subjectKind: 'reseller',
          subjectId: user.id,
          accountId: reset.account_id,
          action: 'password.reset',
          target: user.email,
          ...requestContext(request),
        });
      });
      return ok({ text: formatMessage('password.reset.success') });
    },
  );

  // --- Password change (signed in) ---

  const passwordLimits = limitAll(app, [
    {
      max: 10,
      timeWindow: '15 minutes',
      key: (r) => `password-check:${r.principal?.sub ?? ''}:${r.ip}`,
    },
  ]);

  api.post(
    '/rpc-api/reseller/account/validateExistingPassword',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('checkCurrentPassword', "Check the signed-in user's current password"),
        tags: ['password'],
        body: validateExistingPasswordSchema,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await caller(request);
      const current = request.body.currentPassword.trim();
      if (!current) {
        throw new AppError(
          errorCodes.VALIDATION_FAILED,
          formatMessage('current.password.required'),
          {
            field: 'currentPassword',
          },
        );
      }
      if (!(await verifyPassword(user.password_hash, current))) {
        throw new AppError(errorCodes.INVALID_PASSWORD, formatMessage('current.password.invalid'), {
          status: 400,
          field: 'currentPassword',
        });
      }
      return ok({ text: 'OK' });
    },
  );

  api.post(
    '/rpc-api/reseller/account/change/password',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('changePassword', "Change the signed-in user's password", {
          description: 'Other sessions of the user are signed out.',
        }),
        tags: ['password'],
        body: changePasswordRequestSchema,
        response: { 200: okSchema(textResponseSchema) },
      },
      preHandler: passwordLimits,
    },
    async (request) => {
      const user = await caller(request);
      await assertNewPassword(
        ctx.db,
        user,
        request.body,
        forbiddenDomains(config.publicOrigin, user.email),
      );
      await ctx.db.transaction().execute(async (tx) => {
        await setPassword(tx, user, request.body.newPassword);
        // Every other session of this user ends; the one making the change stays signed in.
        await endSessions(tx, user.id, principalOf(request).sid);
        await recordAudit(tx, {
          subjectKind: 'reseller',
          subjectId: user.id,
          accountId: user.account_id,
          action: 'password.changed',
          ...requestContext(request),
        });
      });
      return ok({ text: formatMessage('password.changed') });
    },
  );

  // --- Profile ---

  api.get(
    '/rpc-api/reseller/account/get',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('getAccountProfile', "Read the signed-in user's profile"),
        tags: ['reseller account'],
        response: { 200: okSchema(accountProfileSchema) },
      },
    },
    async (request) => {
      const user = await caller(request);
      const pending = await pendingEmailChange(ctx.db, user.id);
      return ok({
        pendingEmail: pending?.new_email ?? null,
        firstname: user.first_name,
        lastname: user.last_name,
        email: user.email,
        username: user.username,
        company_name: user.company_name,
        proxy: user.proxy_topic,
        role: user.role,
      });
    },
  );

  api.post(
    '/rpc-api/reseller/account/update',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('updateAccountProfile', "Update the signed-in user's profile", {
          description: 'An unchanged profile answers 400 with PROFILE_UNCHANGED.',
          errors: [409],
        }),
        tags: ['reseller account'],
        body: accountUpdateRequestSchema,
        response: { 200: okSchema(textResponseSchema) },
      },
    },
    async (request) => {
      const user = await caller(request);
      const next = {
        first_name: cleanName(request.body.firstname),
        last_name: cleanName(request.body.lastname),
        proxy_topic: request.body.proxy,
      };
      if (
        next.first_name === user.first_name &&
        next.last_name === user.last_name &&
        next.proxy_topic === user.proxy_topic
      ) {
        throw new AppError('PROFILE_UNCHANGED', formatMessage('profile.unchanged'), {
          status: 400,
        });
      }
      await ctx.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('users')
          .set({ ...next, updated_at: new Date().toISOString() })
          .where('id', '=', user.id)
          .execute();
        await recordAudit(tx, {
          subjectKind: 'reseller',
          subjectId: user.id,
          accountId: user.account_id,
          action: 'profile.updated',
          target: `${next.first_name} ${next.last_name}`.trim(),
          ...requestContext(request),
        });
      });
      return ok({ text: formatMessage('profile.updated') });
    },
  );
}

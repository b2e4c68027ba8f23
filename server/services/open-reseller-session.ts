import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../src/domain/api/activity-actions';
import type { AppContext } from '../context';
import { setSessionCookies } from '../plugins/cookies';
import { requestContext } from '../plugins/auth';
import { recordAudit } from './audit';
import type { SignedInBy } from './sessions';

export interface OpenedBy extends SignedInBy {
  userId: string;
  accountId: string;
  /** The activity entry that says how (signin, signin.sso, support.otp.signin, ...). */
  action: AuditAction;
  /** A support agent's one-time-code session (its pages are limited). */
  isSupport?: boolean;
  details?: Record<string, unknown>;
}

/**
 * The one way a reseller session opens once every check has passed (password, second factor,
 * SSO, support code): the session row, the activity entry and the cookies, always together, so
 * no sign-in path can forget one of them or do them differently.
 */
export async function openResellerSession(
  ctx: Pick<AppContext, 'db' | 'sessions' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  opened: OpenedBy,
): Promise<void> {
  const context = requestContext(request);
  const pair = await ctx.sessions.start(
    'reseller',
    opened.userId,
    context,
    opened.isSupport ?? false,
    // Said by every path: the sessions list shows it and single logout follows it (a support
    // code counts as 'password').
    { method: opened.method, ssoLogoutSealed: opened.ssoLogoutSealed ?? null },
  );
  await recordAudit(ctx.db, {
    subjectKind: 'reseller',
    subjectId: opened.userId,
    accountId: opened.accountId,
    action: opened.action,
    ...context,
    ...(opened.details && { details: opened.details }),
  });
  setSessionCookies(reply, ctx.config, 'reseller', pair);
}

import type { FieldKeys } from '../secrets';
import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { AppError } from '../../app-error';
import { errorCodes } from '../../../src/domain/api/envelope';
import { INVITATION_TTL_DAYS } from '../../../src/domain/api/reseller-users';
import { invitationLink } from '../../../src/domain/api/invite';
import { formatMessage } from '../../../src/domain/messages';
import { addDays, nowIso } from '../clock';
import { decryptField, encryptField, randomToken, sha256 } from '../crypto';

export interface NewInvitation {
  accountId: string;
  userId: string;
  email: string;
  adminName: string;
  allotedComputers: number;
  invitedBy: string | null;
}

export const expiredLink = () =>
  new AppError(errorCodes.EXPIRED_LINK, formatMessage('link.expired'), { status: 400 });

/**
 * Issues a fresh link for a user: any earlier open link of theirs stops working at once, so
 * only the newest e-mail (or copied link) can be used, and only once.
 */
export async function issueInvitation(
  db: Executor,
  fieldKey: FieldKeys,
  invitation: NewInvitation,
  now = nowIso(),
): Promise<{ token: string; expiresAt: string }> {
  await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('user_id', '=', invitation.userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  const token = randomToken(32);
  const expiresAt = addDays(now, INVITATION_TTL_DAYS);
  await db
    .insertInto('invitations')
    .values({
      id: crypto.randomUUID(),
      account_id: invitation.accountId,
      user_id: invitation.userId,
      email: invitation.email,
      token_hash: sha256(token),
      token_sealed: encryptField(fieldKey, token),
      admin_name: invitation.adminName,
      alloted_computers: invitation.allotedComputers,
      invited_by: invitation.invitedBy,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** The open invitation of a user, with its link, or undefined when there is none. */
export async function openInvitationLink(
  db: Executor,
  fieldKey: FieldKeys,
  origin: string,
  userId: string,
): Promise<{ link: string; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select(['token_sealed', 'email', 'admin_name', 'alloted_computers', 'expires_at'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  const link = invitationLink(origin, {
    adminName: row.admin_name,
    email: row.email,
    uniqueId: decryptField(fieldKey, row.token_sealed),
    allotedComputers: row.alloted_computers,
  });
  return { link, expiresAt: row.expires_at };
}

/** The usable invitation a link names, or the "link has expired" error. */
export async function findUsableInvitation(db: Executor, token: string, email: string) {
  const row = await db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.user_id')
    .innerJoin('reseller_accounts as a', 'a.id', 'invitations.account_id')
    .select([
      'invitations.id',
      'invitations.account_id',
      'invitations.user_id',
      'invitations.email',
      'invitations.admin_name',
      'invitations.alloted_computers',
      'invitations.expires_at',
      'invitations.used_at',
      'invitations.revoked_at',
      'users.status as user_status',
      'a.account_status',
    ])
    .where('invitations.token_hash', '=', sha256(token))
    .executeTakeFirst();
  const isUsable =
    row !== undefined &&
    row.used_at === null &&
    row.revoked_at === null &&
    row.expires_at > nowIso() &&
    row.user_status === 'invited' &&
    row.account_status !== 'ACCOUNT_CANCELLED_STATUS' &&
    row.email.toLowerCase() === email.trim().toLowerCase();
  if (!isUsable) throw expiredLink();
  return row;
}

export function inviteMail(
  ctx: AppContext,
  to: string,
  adminName: string,
  link: string,
): { to: string; subject: string; text: string } {
  const product = ctx.config.productName;
  return {
    to,
    subject: `${adminName} has invited you to create a ${product} account`,
    text: [
      `Hello,`,
      '',
      `${adminName} has invited you to create a ${product} account.`,
      '',
      `Create your account here (the link works once and expires in ${String(INVITATION_TTL_DAYS)} days):`,
      link,
      '',
      `If you were not expecting this invitation, you can ignore this message.`,
    ].join('\n'),
  };
}

/**
 * "Resend invitation" for one pending user, inside `tx`: a new link (the old one stops working)
 * and its e-mail, which the caller sends after the commit. The single and the bulk resend share
 * it, so both send the same mail.
 */
export async function reissueInvitation(
  tx: Executor,
  ctx: AppContext,
  sender: { accountId: string; userId: string; adminName: string },
  user: { id: string; email: string; alloted_computers: number },
): Promise<ReturnType<typeof inviteMail>> {
  const { token } = await issueInvitation(tx, ctx.secrets.fieldKey, {
    accountId: sender.accountId,
    userId: user.id,
    email: user.email,
    adminName: sender.adminName,
    allotedComputers: user.alloted_computers,
    invitedBy: sender.userId,
  });
  const link = invitationLink(ctx.config.publicOrigin, {
    adminName: sender.adminName,
    email: user.email,
    uniqueId: token,
    allotedComputers: user.alloted_computers,
  });
  return inviteMail(ctx, user.email, sender.adminName, link);
}

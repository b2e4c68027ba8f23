import { errorCodes } from '../../../src/domain/api/envelope';
import {
  canManageUser,
  roleNames,
  userMessages,
  type SubUser,
  type UserListStatus,
} from '../../../src/domain/api/reseller-users';
import { toCsv } from '../../../src/domain/csv';
import { AppError, ruleFailed } from '../../app-error';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { recordAudit } from '../audit';
import { assertCan, displayName, forbidden, type Actor } from './actor';
import { reissueInvitation } from './invitations';
import { listStatuses, type ListQuery } from './users';
import { byActor, type RequestInfo } from './users-common';
import { findUsersInAccount } from './users-repository';
import { listUsersPage } from './users-page';

/**
 * "Resend invitation" for many users at once: every id must be a pending invitation of the
 * caller's account that the caller may manage, or nothing is sent (an id of another account is
 * "not found", as everywhere). Each user gets a new link (the old one stops working) and an
 * e-mail, and one activity entry naming them.
 */
export async function resendInvitations(
  ctx: AppContext,
  actor: Actor,
  userIds: readonly string[],
  info: RequestInfo,
): Promise<number> {
  assertCan(actor, 'users.manage');
  const mails = await ctx.db.transaction().execute(async (tx) => {
    const rows = await findUsersInAccount(tx, actor.accountId, userIds);
    if (rows.length !== userIds.length) {
      throw new AppError(errorCodes.NOT_FOUND, userMessages.notFound);
    }
    for (const row of rows) {
      if (!canManageUser(actor.role, row.role)) throw forbidden();
      if (row.status !== 'invited') {
        throw ruleFailed(userMessages.notInvited, 'userIds');
      }
    }
    const sender = {
      accountId: actor.accountId,
      userId: actor.userId,
      adminName: displayName(actor),
    };
    const out = [];
    for (const row of rows) {
      out.push(await reissueInvitation(tx, ctx, sender, row));
      await recordAudit(tx, {
        ...byActor(actor, info),
        action: 'user.invite.resend',
        target: row.email,
        details: { target: row.id, email: row.email, bulk: true },
      });
    }
    return out;
  });
  for (const mail of mails) await ctx.mailer.send(mail);
  return mails.length;
}

const EXPORT_PAGE = 500;

const statusLabel = (user: SubUser): string => {
  if (user.status === 'invited') return user.isInvitationExpired ? 'Invitation expired' : 'Invited';
  return user.status === 'active' ? 'Active' : 'Cancelled';
};

/**
 * The users list as CSV, with the list's own search and filters (every page, not one): only the
 * caller's account, and only for a caller who may manage users. Times are ISO 8601 in UTC.
 */
export async function exportUsersCsv(
  db: Executor,
  actor: Actor,
  query: Omit<ListQuery, 'page' | 'pageSize'> & { status: UserListStatus },
): Promise<string> {
  assertCan(actor, 'users.manage');
  const options = {
    ...query,
    statuses: listStatuses(query.status),
    isExpiredOnly: query.status === 'expired',
    pageSize: EXPORT_PAGE,
  };
  const users: SubUser[] = [];
  for (let page = 1; ; page += 1) {
    const found = await listUsersPage(db, actor.accountId, { ...options, page });
    users.push(...found.users);
    if (found.users.length < EXPORT_PAGE) break;
  }
  return toCsv(
    users.map((user) => ({
      'First name': user.firstname,
      'Last name': user.lastname,
      Email: user.email,
      Role: roleNames[user.role],
      Status: statusLabel(user),
      'Computers allotted': user.allotedComputers,
      'Created (UTC)': user.createdAt,
      'Invitation expires (UTC)': user.invitationExpiresAt ?? '',
    })),
    {
      columns: [
        'First name',
        'Last name',
        'Email',
        'Role',
        'Status',
        'Computers allotted',
        'Created (UTC)',
        'Invitation expires (UTC)',
      ],
    },
  );
}

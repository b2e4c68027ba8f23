import { ruleFailed } from '../../app-error';
import type { AppContext } from '../../context';
import { userMessages, type SubUser } from '../../../src/domain/api/reseller-users';
import { recordAudit } from '../audit';
import { nowIso } from '../clock';
import { assertCan, displayName, type Actor } from './actor';
import { issueInvitation, openInvitationLink, reissueInvitation } from './invitations';
import { byActor, managedUser, notFound, subUser, type RequestInfo } from './users-common';

/** A new link (the old one stops working) and a new e-mail. */
export async function resendInvitation(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  info: RequestInfo,
): Promise<SubUser> {
  assertCan(actor, 'users.manage');
  const mail = await ctx.db.transaction().execute(async (tx) => {
    const row = await managedUser(tx, actor, userId);
    if (row.status !== 'invited') throw ruleFailed(userMessages.notInvited, 'userId');
    const mail = await reissueInvitation(
      tx,
      ctx,
      { accountId: actor.accountId, userId: actor.userId, adminName: displayName(actor) },
      row,
    );
    await recordAudit(tx, {
      ...byActor(actor, info),
      action: 'user.invite.resend',
      target: row.email,
      details: { target: userId, email: row.email },
    });
    return mail;
  });
  await ctx.mailer.send(mail);
  return subUser(ctx.db, actor.accountId, userId);
}

/** The current link of a pending invitation, for "copy link". An expired one is renewed. */
export async function copyInvitationLink(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  info: RequestInfo,
): Promise<{ link: string; expiresAt: string }> {
  assertCan(actor, 'users.manage');
  const row = await managedUser(ctx.db, actor, userId);
  if (row.status !== 'invited') throw ruleFailed(userMessages.notInvited, 'userId');
  // The link lets whoever holds it create the account: handing it out is on the record.
  await recordAudit(ctx.db, {
    ...byActor(actor, info),
    action: 'user.invite.link',
    target: row.email,
    details: { target: userId },
  });
  const open = await openInvitationLink(
    ctx.db,
    ctx.secrets.fieldKey,
    ctx.config.publicOrigin,
    userId,
  );
  if (open && open.expiresAt > nowIso()) return open;
  await issueInvitation(ctx.db, ctx.secrets.fieldKey, {
    accountId: actor.accountId,
    userId,
    email: row.email,
    adminName: displayName(actor),
    allotedComputers: row.alloted_computers,
    invitedBy: actor.userId,
  });
  const renewed = await openInvitationLink(
    ctx.db,
    ctx.secrets.fieldKey,
    ctx.config.publicOrigin,
    userId,
  );
  if (!renewed) throw notFound();
  return renewed;
}

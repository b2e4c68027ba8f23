import type { AppContext } from '../../context';
import type { Region } from '../../../src/domain/constants';
import { recordAudit } from '../audit';
import { nowIso } from '../clock';
import { hashPassword } from '../passwords';
import { cleanName } from '../../../src/domain/validation';
import { accountReadyEmailParam, accountReadyParam } from '../../../src/domain/account-ready';
import { expiredLink, findUsableInvitation } from './invitations';
import type { RequestInfo } from './users-common';

export interface InvitedSignupInput {
  uniqueId: string;
  firstName: string;
  lastName: string;
  invitedUserEmailId: string;
  password: string;
  dcFlag: Region;
  /** Asked for e-mails on product updates (never bundled with the terms). */
  marketingConsent?: boolean;
}

/** What the signup page shows before the form is filled in. */
export async function checkInvitation(ctx: AppContext, uniqueId: string, email: string) {
  const invitation = await findUsableInvitation(ctx.db, uniqueId, email);
  return {
    adminName: invitation.admin_name,
    email: invitation.email,
    allotedComputers: invitation.alloted_computers,
  };
}

/**
 * Turns the invited user into an active one. The invitation decides the e-mail, account and
 * computers; the link is marked used in the same transaction, guarded by `used_at is null`, so
 * two submits racing with one link create one account.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: InvitedSignupInput,
  info: RequestInfo,
): Promise<{ rpc_redirect_link: string }> {
  const invitation = await findUsableInvitation(ctx.db, input.uniqueId, input.invitedUserEmailId);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (tx) => {
    const now = nowIso();
    const claimed = await tx
      .updateTable('invitations')
      .set({ used_at: now })
      .where('id', '=', invitation.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw expiredLink();
    const updated = await tx
      .updateTable('users')
      .set({
        first_name: cleanName(input.firstName),
        last_name: cleanName(input.lastName),
        password_hash: passwordHash,
        status: 'active',
        dc_flag: input.dcFlag,
        alloted_computers: invitation.alloted_computers,
        marketing_consent: input.marketingConsent ? 1 : 0,
        marketing_consent_at: input.marketingConsent ? now : null,
        updated_at: now,
      })
      .where('id', '=', invitation.user_id)
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw expiredLink();
    await recordAudit(tx, {
      subjectKind: 'reseller',
      subjectId: invitation.user_id,
      accountId: invitation.account_id,
      action: 'user.invite.accepted',
      ...info,
      target: invitation.email,
      details: { dcFlag: input.dcFlag },
    });
  });
  // The sign-in page says the account is ready and has the e-mail filled in.
  const ready = new URLSearchParams({
    [accountReadyParam]: 'ready',
    [accountReadyEmailParam]: invitation.email,
  });
  return {
    rpc_redirect_link: `${ctx.config.publicOrigin}/rpc-app/reseller/login?${ready.toString()}`,
  };
}

import type { Executor } from '../../db/database';
import type { Mailer } from '../mail';
import { recordAudit } from '../audit';
import { nowIso } from '../clock';

export type ApprovalDecision = { action: 'approve' } | { action: 'reject'; reason: string };

/**
 * The operator's decision on a partner application (`npm run admin -- partner approve|reject`).
 * Only a partner whose W-9 is on file can be approved; the partner is e-mailed either way.
 * Returns a line for the operator.
 */
export async function decidePartner(
  db: Executor,
  mailer: Mailer,
  options: {
    partnerId: string;
    decision: ApprovalDecision;
    productName: string;
    publicOrigin: string;
  },
): Promise<string> {
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'partner_id', 'email', 'contact_person', 'account_status'])
    .where('partner_id', '=', options.partnerId.trim().toLowerCase())
    .executeTakeFirst();
  if (!partner) throw new Error(`No partner with the Partner ID "${options.partnerId}".`);
  if (partner.account_status === 'CANCELLED') {
    throw new Error(`Partner ${partner.partner_id} is cancelled.`);
  }
  const { decision } = options;
  if (decision.action === 'approve' && partner.account_status === 'W9_PENDING') {
    throw new Error(`Partner ${partner.partner_id} has not filed the W-9 form yet.`);
  }
  const signIn = `${options.publicOrigin}/partner/`;
  await db
    .updateTable('partners')
    .set({
      account_status: decision.action === 'approve' ? 'APPROVED' : 'REJECTED',
      rejection_reason: decision.action === 'reject' ? decision.reason : '',
      updated_at: nowIso(),
    })
    .where('id', '=', partner.id)
    .execute();
  await recordAudit(db, {
    subjectKind: 'system',
    subjectId: partner.id,
    action: decision.action === 'approve' ? 'partner.approved' : 'partner.rejected',
    details: decision.action === 'reject' ? { reason: decision.reason } : {},
  });
  const greeting = `Hello ${partner.contact_person || partner.partner_id},`;
  await mailer.send(
    decision.action === 'approve'
      ? {
          to: partner.email,
          subject: `Your ${options.productName} partner account is approved`,
          text: [
            greeting,
            '',
            `Your ${options.productName} partner application (Partner ID ${partner.partner_id}) has been approved.`,
            `Sign in at ${signIn} to find your tracking links, commission reports and promo banners.`,
          ].join('\n'),
        }
      : {
          to: partner.email,
          subject: `Your ${options.productName} partner application`,
          text: [
            greeting,
            '',
            `Your ${options.productName} partner application (Partner ID ${partner.partner_id}) was not approved.`,
            `Reason: ${decision.reason}`,
            `You can sign in at ${signIn} to see the status.`,
          ].join('\n'),
        },
  );
  return decision.action === 'approve'
    ? `Partner ${partner.partner_id} approved; ${partner.email} has been e-mailed.`
    : `Partner ${partner.partner_id} rejected; ${partner.email} has been e-mailed.`;
}

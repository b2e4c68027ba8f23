/*
 * The activity log's one table of actions: the code the server stores with each entry, and the
 * words the console, the server and the CSV export show for it. The server can only record an
 * action of this table (AuditAction), so a new action cannot reach the log without a label.
 */

export const activityActionLabels = {
  // Sign-in and sessions
  signin: 'Signed in',
  'signin.failed': 'Sign-in failed',
  'signin.twofa': 'Signed in with two-factor authentication',
  logout: 'Signed out',
  'session.refresh_token_reuse': 'Session ended: refresh token reused',
  'session.signout': 'Signed out a session',
  'session.signout.others': 'Signed out all other sessions',
  'support.otp.issued': 'Issued a support sign-in code',
  'support.otp.signin': 'Support agent signed in',
  'signin.sso': 'Signed in through SSO',
  'signin.sso.failed': 'SSO sign-in failed',
  // Single sign-on settings
  'sso.config.saved': 'Saved the single sign-on settings',
  'sso.tested': 'Tested the single sign-on',
  'sso.enabled': 'Turned single sign-on on',
  'sso.disabled': 'Turned single sign-on off',
  'sso.user.created': 'Created a user at their first SSO sign-in',
  // Two-factor authentication
  'twofa.setup.started': 'Started two-factor authentication setup',
  'twofa.enabled': 'Turned two-factor authentication on',
  'twofa.disabled': 'Turned two-factor authentication off',
  'twofa.recovery.regenerated': 'Generated new recovery codes',
  'twofa.trusted.browser.revoked': 'Revoked a trusted browser',
  // Password, e-mail, profile, API key
  'password.changed': 'Changed password',
  'password.reset.requested': 'Requested a password reset',
  'password.reset.not.sent': 'Password reset not sent',
  'password.reset': 'Reset password',
  'email.change.requested': 'Requested an e-mail address change',
  'email.change.resent': 'Resent the e-mail address confirmation',
  'email.change.cancelled': 'Cancelled the e-mail address change',
  'email.changed': 'Changed e-mail address',
  'profile.updated': 'Updated profile',
  'apikey.viewed': 'Viewed the API key',
  'apikey.changed': 'Changed the API key',
  'apikey.view.failed': 'API key view refused: incorrect password',
  'apikey.change.failed': 'API key change refused: incorrect password',
  // Account
  'account.signup.trial': 'Signed up for a free trial',
  'account.signup.paid': 'Signed up and paid',
  'account.email.verified': 'Verified e-mail address',
  'account.cancelled': 'Cancelled the account',
  'account.cancel.failed': 'Account cancellation refused: incorrect password',
  // Users and teams
  'user.add': 'Added user',
  'user.invite': 'Invited user',
  'user.invite.csv': 'Invited users from CSV',
  'user.invite.resend': 'Resent invitation',
  'user.invite.link': 'Copied invitation link',
  'user.invite.accepted': 'Accepted invitation',
  'user.update': 'Updated user',
  'user.delete': 'Deleted user',
  'user.restore': 'Restored user',
  'team.create': 'Created team',
  'team.rename': 'Renamed team',
  'team.delete': 'Deleted team',
  'team.members.add': 'Added users to team',
  'team.members.remove': 'Removed users from team',
  // Computers and groups
  'computer.add': 'Added computer',
  'computer.update': 'Updated computer',
  'computer.move': 'Moved computers to a group',
  'computer.allot': 'Allotted computers to a user',
  'computer.unallot': 'Took back allotted computers',
  'computer.delete': 'Deleted computers',
  'computer.comment': 'Commented on a computer',
  'computer.message': 'Sent a message to a computer',
  'group.create': 'Created group',
  'group.rename': 'Renamed group',
  'group.delete': 'Deleted group',
  // Billing and tax
  'billing.card.updated': 'Updated card',
  'billing.address.updated': 'Updated billing address',
  'billing.pending.paid': 'Paid pending charges',
  'billing.upgrade': 'Upgraded plan',
  'billing.autorenewal.on': 'Turned auto-renewal on',
  'billing.autorenewal.off': 'Turned auto-renewal off',
  'billing.renewal.term': 'Changed renewal term',
  'tax.vat.updated': 'Updated VAT number',
  'tax.gst.updated': 'Updated GSTIN',
  // Partners (their own trail; not shown in a reseller's log)
  'partner.signup': 'Signed up as a partner',
  'partner.w9.saved': 'Saved the W-9 form',
  'partner.approved': 'Partner approved',
  'partner.rejected': 'Partner rejected',
  'partner.password.reset': 'Reset password',
  'partner.password.changed': 'Changed password',
  'partner.profile.updated': 'Updated profile',
  'partner.email.change.requested': 'Requested an e-mail address change',
  'partner.email.changed': 'Changed e-mail address',
  'partner.cancelled': 'Cancelled the account',
} as const satisfies Record<string, string>;

/** An action the server may record: one with a label. */
export type AuditAction = keyof typeof activityActionLabels;

/**
 * Codes that stored entries carry from before this table (demo data, earlier releases): each
 * reads as the action it meant, so no entry loses its meaning.
 */
export const legacyActivityActions: Readonly<Record<string, string>> = {
  'user.invited': 'user.invite',
  'user.added': 'user.add',
  'user.updated': 'user.update',
  'user.deleted': 'user.delete',
  'computer.added': 'computer.add',
  'invoice.paid': 'Paid invoice',
} satisfies Record<string, AuditAction | 'Paid invoice'>;

const isAuditAction = (code: string): code is AuditAction =>
  Object.prototype.hasOwnProperty.call(activityActionLabels, code);

/** The words shown for a stored action code; a code no table knows reads as plain words. */
export function activityActionLabel(code: string): string {
  if (isAuditAction(code)) return activityActionLabels[code];
  const legacy = legacyActivityActions[code];
  if (legacy !== undefined) return isAuditAction(legacy) ? activityActionLabels[legacy] : legacy;
  const words = code.replace(/[._-]+/g, ' ').trim();
  return words === '' ? 'Other action' : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/**
 * The reseller roles and what each may do: the one role table of the console and the server
 * (route policies, the console's navigation, the user calls). Apart from the user calls'
 * schemas (reseller-users.ts, which re-exports it), so the signed-in frame, which reads it for
 * its navigation, does not build the user forms' rules at start-up.
 */
export const resellerRoles = ['admin', 'sub_admin', 'sub_user'] as const;
export type ResellerRole = (typeof resellerRoles)[number];

export const roleNames: Readonly<Record<ResellerRole, string>> = {
  admin: 'Administrator',
  sub_admin: 'Sub-administrator',
  sub_user: 'User',
};

/**
 * What each role may do. The spec shows the flags (is_admin, is_sub_admin, is_sub_user) but not
 * their meaning; we chose:
 * - admin: everything;
 * - sub-admin: users, teams and computers, but not billing, the API key or cancellation;
 * - sub-user: their own profile and the computers allotted to them.
 * Every reseller route names one of these in its policy (route-policy.ts); the server enforces
 * it in one hook (403 "You do not have permission to perform this action"), and the console uses
 * the same table to decide what it shows.
 */
export const permissions = {
  /** What every signed-in user does for themselves: the session, user info, look-ups. */
  'signed-in': ['admin', 'sub_admin', 'sub_user'],
  'users.manage': ['admin', 'sub_admin'],
  'teams.manage': ['admin', 'sub_admin'],
  'computers.manage': ['admin', 'sub_admin'],
  'computers.own': ['admin', 'sub_admin', 'sub_user'],
  /** Their own name, password, e-mail and two-factor sign-in. */
  'profile.own': ['admin', 'sub_admin', 'sub_user'],
  /** The activity log: managers see the account's, a sub-user only their own lines. */
  'activity.read': ['admin', 'sub_admin', 'sub_user'],
  billing: ['admin'],
  'api.key': ['admin'],
  'account.cancel': ['admin'],
  /** Single sign-on settings: the administrator only (they keep a password break-glass). */
  'sso.manage': ['admin'],
} as const satisfies Record<string, readonly ResellerRole[]>;
export type Permission = keyof typeof permissions;

export function can(role: ResellerRole, permission: Permission): boolean {
  return (permissions[permission] as readonly ResellerRole[]).includes(role);
}

/** The role behind user info's flags (`is_admin`, `is_sub_admin`). */
export const roleOfFlags = (flags: { is_admin: boolean; is_sub_admin: boolean }): ResellerRole =>
  flags.is_admin ? 'admin' : flags.is_sub_admin ? 'sub_admin' : 'sub_user';

/** A string that names a role (the account profile carries the role as text). */
export const isResellerRole = (role: string): role is ResellerRole =>
  (resellerRoles as readonly string[]).includes(role);

/**
 * Whom a manager may change: an administrator anyone but themselves (for delete), a sub-admin
 * only sub-users. Nobody changes the administrator through the user calls.
 */
export function canManageUser(actor: ResellerRole, target: ResellerRole): boolean {
  if (target === 'admin') return false;
  if (actor === 'admin') return true;
  return actor === 'sub_admin' && target === 'sub_user';
}

/** The roles a manager may give: a sub-admin cannot make another sub-admin. */
export function assignableRoles(actor: ResellerRole): readonly ResellerRole[] {
  if (actor === 'admin') return ['sub_admin', 'sub_user'];
  if (actor === 'sub_admin') return ['sub_user'];
  return [];
}

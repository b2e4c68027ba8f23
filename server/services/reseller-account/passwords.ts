import crypto from 'node:crypto';
import { errorCodes } from '../../../src/domain/api/envelope';
import { messages } from '../../../src/domain/messages';
import { passwordPolicyViolation } from '../../../src/domain/password-policy';
import { AppError } from '../../app-error';
import type { Executor } from '../../db/database';
import { nowIso } from '../clock';
import { hashPassword, verifyPassword } from '../passwords';
import { revokeAllTrustedBrowsers } from '../twofa/trusted-browsers';

/** How many earlier passwords a new one may not repeat. */
export const PASSWORD_HISTORY = 5;

interface PasswordOwner {
  id: string;
  email: string;
  password_hash: string;
}

/** Domain names a password may not be: the console's host and the user's e-mail domain. */
export function forbiddenDomains(publicOrigin: string, email: string): string[] {
  const names = [new URL(publicOrigin).hostname];
  const at = email.lastIndexOf('@');
  if (at >= 0) names.push(email.slice(at + 1));
  return names;
}

async function isRecentlyUsed(db: Executor, userId: string, password: string): Promise<boolean> {
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(PASSWORD_HISTORY)
    .execute();
  for (const row of rows) if (await verifyPassword(row.password_hash, password)) return true;
  return false;
}

/**
 * Checks a new password against every rule of spec sections 5 and 8 and throws the first
 * failure as 400 INVALID_PASSWORD on the form field it belongs to.
 */
export async function assertNewPassword(
  db: Executor,
  user: PasswordOwner,
  input: { currentPassword?: string; newPassword: string; confirmPassword: string },
  domainNames: string[],
): Promise<void> {
  const newPassword = input.newPassword.trim();
  const base = {
    newPassword,
    confirmPassword: input.confirmPassword,
    email: user.email,
    domainNames,
  };
  // Shape first, so a malformed password costs no hashing.
  const shape = passwordPolicyViolation(base);
  if (shape) throw policyError(shape.field, shape.message);
  const current = input.currentPassword?.trim();
  if (current !== undefined && current === '') {
    throw policyError('currentPassword', messages['current.password.required']);
  }
  const violation = passwordPolicyViolation({
    ...base,
    isCurrentPasswordValid:
      current === undefined ? undefined : await verifyPassword(user.password_hash, current),
    isSameAsCurrent: await verifyPassword(user.password_hash, newPassword),
    isRecentlyUsed: await isRecentlyUsed(db, user.id, newPassword),
  });
  if (violation) throw policyError(violation.field, violation.message);
}

const policyError = (field: string, message: string) =>
  new AppError(errorCodes.INVALID_PASSWORD, message, { status: 400, field });

/** Stores a new password; the old one joins the history ("used recently"). */
export async function setPassword(db: Executor, user: PasswordOwner, newPassword: string) {
  const now = nowIso();
  await db
    .insertInto('password_history')
    .values({
      id: crypto.randomUUID(),
      user_id: user.id,
      password_hash: user.password_hash,
      created_at: now,
    })
    .execute();
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(newPassword.trim()), updated_at: now })
    .where('id', '=', user.id)
    .execute();
  // A new password voids every reset link still out there: one mailed before the change (or
  // asked for by whoever stole the old password) must not set another password after it.
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .execute();
  // Nor may a browser trusted with the old password skip the second factor.
  await revokeAllTrustedBrowsers(db, user.id);
}

/** Ends the user's reseller sessions, except `keepSessionId` (the one making the change). */
export async function endSessions(db: Executor, userId: string, keepSessionId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('subject_kind', '=', 'reseller')
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

import crypto from 'node:crypto';
import type { Database, Executor } from '../../db/database';
import { errorCodes } from '../../../src/domain/api/envelope';
import { emailChangeMessages } from '../../../src/domain/api/reseller-account';
import { messages } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import { addSeconds, nowIso } from '../clock';
import { randomToken, sha256 } from '../crypto';
import { verifyPassword } from '../passwords';

/** A confirmation link works for 24 hours, once. */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

const taken = () => new AppError(errorCodes.CONFLICT, messages['email.exists'], { field: 'email' });
const nothingPending = () =>
  new AppError(errorCodes.NOT_FOUND, emailChangeMessages.nothingPending, { status: 404 });
export const emailLinkExpired = () =>
  new AppError(errorCodes.EXPIRED_LINK, emailChangeMessages.linkExpired, { status: 400 });

/**
 * An address names one sign-in: it may not already be the e-mail or username of a reseller user
 * who can sign in (a shared address would send both people to the username picker).
 */
async function isAddressTaken(db: Executor, email: string, exceptUserId: string) {
  const row = await db
    .selectFrom('users')
    .innerJoin('reseller_accounts as a', 'a.id', 'users.account_id')
    .select('users.id')
    .where((eb) => eb.or([eb('users.email', '=', email), eb('users.username', '=', email)]))
    .where('users.id', '!=', exceptUserId)
    .where('users.status', '!=', 'cancelled')
    .where('a.account_status', '!=', 'ACCOUNT_CANCELLED_STATUS')
    .executeTakeFirst();
  return row !== undefined;
}

async function closeLive(db: Executor, userId: string, now: string) {
  await db
    .updateTable('email_changes')
    .set({ closed_at: now })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .execute();
}

/** The user's live request (not closed, not expired), if any. */
export async function pendingEmailChange(db: Executor, userId: string) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * Starts a change to `email` after checking the password; any earlier request stops working.
 * Returns the link token, to be sent to the new address only.
 */
export async function requestEmailChange(
  db: Database,
  user: { id: string; email: string; password_hash: string },
  input: { email: string; password: string },
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError(errorCodes.INVALID_PASSWORD, messages['password.incorrect'], {
      status: 400,
      field: 'password',
    });
  }
  if (email === user.email.toLowerCase() || (await isAddressTaken(db, email, user.id))) {
    throw taken();
  }
  const token = randomToken(32);
  const now = nowIso();
  await db.transaction().execute(async (tx) => {
    await closeLive(tx, user.id, now);
    await tx
      .insertInto('email_changes')
      .values({
        id: crypto.randomUUID(),
        user_id: user.id,
        new_email: email,
        token_hash: sha256(token),
        created_at: now,
        expires_at: addSeconds(now, EMAIL_CHANGE_TTL_SECONDS),
        closed_at: null,
      })
      .execute();
  });
  return token;
}

/** A fresh link for the live request (the previous link stops working); its new address. */
export async function renewEmailChange(
  db: Executor,
  userId: string,
): Promise<{ token: string; email: string }> {
  const pending = await pendingEmailChange(db, userId);
  if (!pending) throw nothingPending();
  const token = randomToken(32);
  const now = nowIso();
  await db
    .updateTable('email_changes')
    .set({ token_hash: sha256(token), expires_at: addSeconds(now, EMAIL_CHANGE_TTL_SECONDS) })
    .where('id', '=', pending.id)
    .execute();
  return { token, email: pending.new_email };
}

/** Withdraws the live request; its link stops working. */
export async function cancelEmailChange(db: Executor, userId: string): Promise<string> {
  const pending = await pendingEmailChange(db, userId);
  if (!pending) throw nothingPending();
  await closeLive(db, userId, nowIso());
  return pending.new_email;
}

/**
 * Applies the change a link names, once, if the address is still free. Runs in the caller's
 * transaction so the new address and the closed request are written together.
 */
export async function confirmEmailChange(tx: Executor, token: string) {
  const now = nowIso();
  const row = await tx
    .selectFrom('email_changes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.new_email',
      'u.id as user_id',
      'u.email as old_email',
      'u.username',
      'u.account_id',
    ])
    .where('c.token_hash', '=', sha256(token))
    .where('c.closed_at', 'is', null)
    .where('c.expires_at', '>', now)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
  if (!row) throw emailLinkExpired();
  if (await isAddressTaken(tx, row.new_email, row.user_id)) throw taken();
  const closed = await tx
    .updateTable('email_changes')
    .set({ closed_at: now })
    .where('id', '=', row.id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (closed.numUpdatedRows === 0n) throw emailLinkExpired();
  // A username that was the old address follows it, so the old address stops signing in
  // (unless a cancelled user still holds that username: usernames are unique forever).
  const holder = await tx
    .selectFrom('users')
    .select('id')
    .where('username', '=', row.new_email)
    .executeTakeFirst();
  const username = row.username === row.old_email && !holder ? row.new_email : row.username;
  await tx
    .updateTable('users')
    .set({ email: row.new_email, username, updated_at: now })
    .where('id', '=', row.user_id)
    .execute();
  return row;
}

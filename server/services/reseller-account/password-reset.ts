import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import { addSeconds, nowIso } from '../clock';
import { randomToken, sha256 } from '../crypto';

/** A reset link works for one hour, once. */
export const RESET_LINK_TTL_SECONDS = 60 * 60;

/**
 * Reset mails one person receives in an hour, whoever asks and from wherever: counted from the
 * links actually sent (in the database, so every instance sees them), not from requests, so a
 * stranger's requests cannot use up the owner's own (those are limited per address). Past it
 * nothing more is sent, and the answer stays the same; the links already sent keep working.
 */
export const RESET_MAILS_PER_HOUR = 5;

/** Reset links issued to these users in the last hour. */
export async function resetsSentLastHour(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return 0;
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('user_id', 'in', [...userIds])
    .where('created_at', '>', addSeconds(nowIso(), -RESET_LINK_TTL_SECONDS))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Active users of non-cancelled accounts registered with this address. */
export async function usersByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('reseller_accounts as a', 'a.id', 'users.account_id')
    .select(['users.id', 'users.username', 'users.email', 'users.account_id', 'users.first_name'])
    .where('users.email', '=', email.trim().toLowerCase())
    .where('users.status', '=', 'active')
    .where('a.account_status', '!=', 'ACCOUNT_CANCELLED_STATUS')
    .execute();
}

/** Issues a single-use reset token for a user; only its hash is kept. */
export async function issueResetToken(db: Executor, userId: string): Promise<string> {
  const token = randomToken(32);
  const now = nowIso();
  await db
    .insertInto('password_resets')
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      token_hash: sha256(token),
      created_at: now,
      expires_at: addSeconds(now, RESET_LINK_TTL_SECONDS),
      used_at: null,
    })
    .execute();
  return token;
}

/** The live reset request a token names (unused, not expired), with its user. */
export async function findLiveReset(db: Executor, token: string) {
  if (!token) return undefined;
  return db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'u.id as user_id', 'u.email', 'u.password_hash', 'u.account_id'])
    .where('r.token_hash', '=', sha256(token))
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', nowIso())
    .where('u.status', '=', 'active')
    .executeTakeFirst();
}

/** Marks a reset as used; false when another request used it first. */
export async function consumeReset(db: Executor, resetId: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: nowIso() })
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

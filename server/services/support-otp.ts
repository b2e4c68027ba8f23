import crypto from 'node:crypto';
import type { Database } from '../db/database';
import { supportDisabledUrls } from '../../src/domain/api/support';
import { addSeconds, nowIso } from './clock';
import { sha256 } from './crypto';
import { recordAudit } from './audit';

const CODE_TTL_SECONDS = 15 * 60;

/** Issues a single-use 8-digit code for one reseller user; only its hash is stored. */
export async function issueSupportOtp(
  db: Database,
  login: string,
): Promise<{ code: string; expiresAt: string }> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'account_id', 'status'])
    .where((eb) =>
      eb.or([eb('email', '=', login.toLowerCase()), eb('username', '=', login.toLowerCase())]),
    )
    .execute();
  const user = users[0];
  if (users.length !== 1 || !user) {
    throw new Error(
      users.length === 0
        ? `No reseller user ${login}`
        : `Several users match ${login}: use the username`,
    );
  }
  if (user.status !== 'active') throw new Error(`User ${login} is ${user.status}`);
  const code = String(crypto.randomInt(0, 100_000_000)).padStart(8, '0');
  const now = nowIso();
  const expiresAt = addSeconds(now, CODE_TTL_SECONDS);
  await db
    .insertInto('support_otp_codes')
    .values({
      id: crypto.randomUUID(),
      user_id: user.id,
      code_hash: sha256(code),
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  await recordAudit(db, {
    subjectKind: 'system',
    subjectId: user.id,
    accountId: user.account_id,
    action: 'support.otp.issued',
  });
  return { code, expiresAt };
}

/** Spends a code: the user it was issued for, or undefined when it is wrong, used or expired. */
export async function redeemSupportOtp(db: Database, login: string, code: string) {
  const now = nowIso();
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('support_otp_codes as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select([
        'c.id',
        'c.expires_at',
        'c.used_at',
        'u.id as user_id',
        'u.account_id',
        'u.email',
        'u.username',
      ])
      .where('c.code_hash', '=', sha256(code))
      .executeTakeFirst();
    const login_ = login.toLowerCase();
    if (
      !row ||
      row.used_at !== null ||
      row.expires_at <= now ||
      (row.email !== login_ && row.username !== login_)
    ) {
      return undefined;
    }
    const spent = await tx
      .updateTable('support_otp_codes')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return spent.numUpdatedRows === 1n
      ? { userId: row.user_id, accountId: row.account_id }
      : undefined;
  });
}

/** True when a support-OTP session may not call this API path (`/rpc-api` prefix optional). */
export function isDisabledForSupport(path: string): boolean {
  const relative = path.split('?')[0]?.replace(/^\/rpc-api/, '') ?? '';
  return (supportDisabledUrls as readonly string[]).includes(relative);
}

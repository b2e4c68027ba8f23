import crypto from 'node:crypto';
import type { Executor } from '../database';
import { addDays } from '../../services/clock';
import { hashPassword } from '../../services/passwords';

/** The e-mail two demo accounts share (the sign-in asks which username). */
export const DEMO_SHARED_EMAIL = 'shared@example.com';
/** A demo user whose account signs in through SSO only (password sign-in is refused). */
export const DEMO_SSO_EMAIL = 'sso@example.com';

/**
 * Sign-in cases of spec section 8 that need their own users: one e-mail in two accounts
 * (usernames shared.brightside and shared.nordlicht, same password) and an SSO-enabled user.
 */
export async function seedSignInCases(tx: Executor, now: string, password: string) {
  const accountOf = async (email: string) =>
    (
      await tx
        .selectFrom('users')
        .select('account_id')
        .where('email', '=', email)
        .executeTakeFirst()
    )?.account_id;
  const brightside = await accountOf('trial@example.com');
  const nordlicht = await accountOf('eu@example.com');
  if (!brightside || !nordlicht) return;
  const user = async (
    accountId: string,
    username: string,
    email: string,
    names: [string, string],
    extra: { sso_flag?: number; user_sso_status?: number } = {},
  ) => ({
    id: crypto.randomUUID(),
    account_id: accountId,
    username,
    email,
    password_hash: await hashPassword(password),
    first_name: names[0],
    last_name: names[1],
    role: 'sub_user' as const,
    status: 'active' as const,
    proxy_topic: crypto.randomBytes(9).toString('hex'),
    preferences: '{}',
    created_at: addDays(now, -3),
    updated_at: addDays(now, -3),
    ...extra,
  });
  // One row per insert: SQLite cannot fill a column's default in a multi-row VALUES list.
  const rows = [
    await user(brightside, 'shared.brightside', DEMO_SHARED_EMAIL, ['Jordan', 'Ellis']),
    await user(nordlicht, 'shared.nordlicht', DEMO_SHARED_EMAIL, ['Jordan', 'Ellis']),
    await user(brightside, DEMO_SSO_EMAIL, DEMO_SSO_EMAIL, ['Robin', 'Sato'], {
      sso_flag: 1,
      user_sso_status: 1,
    }),
  ];
  for (const row of rows) await tx.insertInto('users').values(row).execute();
}

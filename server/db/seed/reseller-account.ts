import type { FieldKeys } from '../../services/secrets';
import crypto from 'node:crypto';
import type { Executor } from '../database';
import { addDays, addSeconds } from '../../services/clock';
import { encryptField } from '../../services/crypto';
import { hashPassword } from '../../services/passwords';
import { replaceApiKey } from '../../services/reseller-account/api-keys';
import { newRecoveryCodes } from '../../services/twofa/twofa';
import type { AuditAction } from '../../../src/domain/api/activity-actions';

/**
 * The TOTP secret of the demo user twofa@example.com (base32). Fixed so the start-up output and
 * the README can give it: add it to any authenticator app, or compute a code from it in a test.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const DEMO_TWOFA_EMAIL = 'twofa@example.com';

/** A second demo reseller with two-factor authentication (TOTP) turned on. */
async function seedTwofaReseller(
  tx: Executor,
  now: string,
  fieldKey: FieldKeys,
  password: string,
): Promise<void> {
  const accountId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  await tx
    .insertInto('reseller_accounts')
    .values({
      id: accountId,
      company_name: 'Summit Secure IT',
      plan_name: 'Bulk Reseller',
      subscription_type: 'PAID',
      account_status: 'A',
      payment_mode: 'CARD',
      start_date: addDays(now, -120),
      end_date: addDays(now, 245),
      yearly_fee_minor: 149_900,
      currency: 'USD',
      ecom_flag: 1,
      proxy_topic: crypto.randomBytes(9).toString('hex'),
      created_at: addDays(now, -120),
    })
    .execute();
  await tx
    .insertInto('users')
    .values({
      id: userId,
      account_id: accountId,
      username: DEMO_TWOFA_EMAIL,
      email: DEMO_TWOFA_EMAIL,
      password_hash: await hashPassword(password),
      first_name: 'Jordan',
      last_name: 'Reyes',
      role: 'admin',
      status: 'active',
      proxy_topic: crypto.randomBytes(9).toString('hex'),
      preferences: '{}',
      created_at: addDays(now, -120),
      updated_at: addDays(now, -120),
    })
    .execute();
  await tx
    .insertInto('twofa_settings')
    .values({
      user_id: userId,
      is_enabled: 1,
      method: 'totp',
      totp_secret_sealed: encryptField(fieldKey, DEMO_TOTP_SECRET),
      recovery_hashes: newRecoveryCodes().hashes,
      updated_at: addDays(now, -100),
    })
    .execute();
}

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
];
const IPS = ['203.0.113.24', '198.51.100.7', '192.0.2.55'];

/** A small deterministic generator, so the demo history is the same on every fresh database. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The reseller account area's demo data: an API key for the demo reseller and five weeks of
 * activity-log history of every kind (sign-ins and failures, API key, password, profile,
 * two-factor, users, billing), and a second reseller twofa@example.com with TOTP turned on.
 */
export async function seedResellerAccountDemo(
  tx: Executor,
  now: string,
  fieldKey: FieldKeys,
  password: string,
): Promise<void> {
  await seedTwofaReseller(tx, now, fieldKey, password);
  const admin = await tx
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('email', '=', 'reseller@example.com')
    .executeTakeFirst();
  const sub = await tx
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', 'subuser@example.com')
    .executeTakeFirst();
  if (!admin || !sub) return;
  await replaceApiKey(tx, fieldKey, admin.account_id, admin.id);

  const random = sequence(20_261_122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rows: {
    subjectId: string;
    action: string;
    target?: string;
    at: string;
  }[] = [];
  // Codes of the activity log's table, each naming its target as the server would.
  const occasional: [AuditAction, string][] = [
    ['apikey.viewed', ''],
    ['profile.updated', 'Riley Morgan'],
    ['user.invite', 'new.hire@example.com'],
    ['computer.add', 'FRONT-DESK-PC'],
    ['billing.card.updated', 'Card ending 4242'],
    ['password.changed', ''],
    ['twofa.enabled', 'authenticator app'],
    ['user.update', 'subuser@example.com'],
    ['apikey.changed', ''],
    ['billing.pending.paid', 'INV-2026-0042'],
  ];
  for (let day = 35; day >= 0; day -= 1) {
    const dayStart = addSeconds(now, -day * 86_400 - 9 * 3600);
    rows.push({ subjectId: admin.id, action: 'signin', at: addSeconds(dayStart, 60) });
    if (random() < 0.6)
      rows.push({ subjectId: sub.id, action: 'signin', at: addSeconds(dayStart, 1800) });
    if (random() < 0.2)
      rows.push({
        subjectId: admin.id,
        action: 'signin.failed',
        target: 'reseller@example.com',
        at: addSeconds(dayStart, 30),
      });
    if (day % 3 === 0) {
      const [action, target] = occasional[(day / 3) % occasional.length] ?? ['apikey.viewed', ''];
      rows.push({ subjectId: admin.id, action, target, at: addSeconds(dayStart, 3600) });
    }
    rows.push({ subjectId: admin.id, action: 'logout', at: addSeconds(dayStart, 7 * 3600) });
  }
  for (const row of rows) {
    await tx
      .insertInto('audit_log')
      .values({
        id: crypto.randomUUID(),
        subject_kind: 'reseller',
        subject_id: row.subjectId,
        account_id: admin.account_id,
        action: row.action,
        ip: pick(IPS),
        user_agent: pick(AGENTS),
        details: '{}',
        target: row.target ?? '',
        created_at: row.at,
      })
      .execute();
  }
}

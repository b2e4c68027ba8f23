import type { FieldKeys } from '../../services/secrets';
import crypto from 'node:crypto';
import type { Database, Executor } from '../database';
import { addDays } from '../../services/clock';
import { decryptField, encryptField, randomToken, sha256 } from '../../services/crypto';
import { hashPassword } from '../../services/passwords';
import { invitationLink } from '../../../src/domain/api/invite';

/** The pending invitation the start-up output prints a link for. */
export const DEMO_INVITEE_EMAIL = 'invitee@example.com';
export const DEMO_SUB_ADMIN_EMAIL = 'subadmin@example.com';

const FIRST = [
  'Avery',
  'Blake',
  'Casey',
  'Devon',
  'Emerson',
  'Finley',
  'Harper',
  'Jordan',
  'Kendall',
  'Logan',
  'Morgan',
  'Parker',
  'Quinn',
  'Reese',
  'Rowan',
  'Sawyer',
  'Skyler',
  'Tatum',
  'Alex',
  'Jamie',
];
const LAST = [
  'Anderson',
  'Bennett',
  'Carter',
  'Diaz',
  'Ellis',
  'Foster',
  'Garcia',
  'Hughes',
  'Iyer',
  'Jensen',
  'Khan',
  'Lopez',
  'Mendez',
  'Nakamura',
  'Owens',
  'Price',
  'Ramos',
  'Silva',
  'Turner',
  'Walsh',
];

const topic = () => crypto.randomBytes(9).toString('hex');

/**
 * Two dozen sub-users of the demo reseller (Acme), within its plan: active ones (one sub-admin among them),
 * pending invitations (one of them expired) and cancelled ones, plus the printed invitation.
 * All demo users share the demo password.
 */
export async function seedResellerUsers(
  tx: Executor,
  now: string,
  fieldKey: FieldKeys,
  demoPassword: string,
): Promise<void> {
  const admin = await tx
    .selectFrom('users')
    .select(['id', 'account_id', 'first_name', 'last_name'])
    .where('email', '=', 'reseller@example.com')
    .executeTakeFirst();
  if (!admin) return;
  const accountId = admin.account_id;
  const adminName = `${admin.first_name} ${admin.last_name}`;
  const passwordHash = await hashPassword(demoPassword);

  await tx
    .updateTable('users')
    .set({ alloted_computers: 3 })
    .where('email', '=', 'subuser@example.com')
    .execute();

  type Status = 'active' | 'invited' | 'cancelled';
  const people: {
    email: string;
    first: string;
    last: string;
    status: Status;
    role: 'sub_admin' | 'sub_user';
    days: number;
    computers: number;
    isExpired?: boolean;
  }[] = [
    {
      email: DEMO_SUB_ADMIN_EMAIL,
      first: 'Sidney',
      last: 'Okafor',
      status: 'active',
      role: 'sub_admin',
      days: 320,
      computers: 2,
    },
    {
      email: DEMO_INVITEE_EMAIL,
      first: '',
      last: '',
      status: 'invited',
      role: 'sub_user',
      days: 1,
      computers: 2,
    },
  ];
  // Acme is on Bulk Reseller 100 (25 users): 18 hold a place (the administrator, four named
  // demo users, 11 more active, 3 pending invitations), which leaves room to try adding users;
  // 8 cancelled users wait in the cancelled list and count only when restored.
  for (let i = 0; i < 22; i += 1) {
    const first = FIRST[i % FIRST.length] ?? 'Alex';
    const last = LAST[(i * 7) % LAST.length] ?? 'Smith';
    const status: Status = i < 11 ? 'active' : i < 14 ? 'invited' : 'cancelled';
    people.push({
      email: `${first}.${last}${String(i + 1)}@acme-remote.example.com`.toLowerCase(),
      first: status === 'invited' && i % 2 === 0 ? '' : first,
      last: status === 'invited' && i % 2 === 0 ? '' : last,
      status,
      role: 'sub_user',
      days: 3 + ((i * 37) % 500),
      computers: i % 4,
      isExpired: i === 12,
    });
  }

  for (const [index, person] of people.entries()) {
    const id = crypto.randomUUID();
    const created = addDays(now, -person.days);
    await tx
      .insertInto('users')
      .values({
        id,
        account_id: accountId,
        username: person.email,
        email: person.email,
        password_hash: person.status === 'invited' ? '' : passwordHash,
        first_name: person.first,
        last_name: person.last,
        role: person.role,
        status: person.status,
        sso_flag: 0,
        user_sso_status: 0,
        proxy_topic: topic(),
        preferences: '{}',
        alloted_computers: person.computers,
        dc_flag: person.status === 'invited' ? '' : 'OR',
        invited_by: admin.id,
        cancelled_at: person.status === 'cancelled' ? addDays(now, -(index % 30) - 1) : null,
        created_at: created,
        updated_at: created,
      })
      .execute();
    if (person.status !== 'invited') continue;
    // One pending invitation has run past its 7 days, to show "expired".
    const isExpired = person.isExpired === true;
    const issued = isExpired ? addDays(now, -9) : created;
    const token = randomToken(32);
    await tx
      .insertInto('invitations')
      .values({
        id: crypto.randomUUID(),
        account_id: accountId,
        user_id: id,
        email: person.email,
        token_hash: sha256(token),
        token_sealed: encryptField(fieldKey, token),
        admin_name: adminName,
        alloted_computers: person.computers,
        invited_by: admin.id,
        created_at: issued,
        expires_at: addDays(issued, 7),
        used_at: null,
        revoked_at: null,
      })
      .execute();
  }
  await seedTeams(tx, now);
}

/** Three teams of the demo reseller, three active users each (a user is in one team at most). */
export async function seedTeams(tx: Executor, now: string): Promise<void> {
  const admin = await tx
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', 'reseller@example.com')
    .executeTakeFirst();
  if (!admin) return;
  const members = await tx
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', admin.account_id)
    .where('status', '=', 'active')
    .where('role', '=', 'sub_user')
    .where('email', 'like', '%@acme-remote.example.com')
    .orderBy('email')
    .limit(9)
    .execute();
  for (const [index, name] of ['Field Technicians', 'Help Desk', 'Sales Engineering'].entries()) {
    const id = crypto.randomUUID();
    await tx
      .insertInto('teams')
      .values({ id, account_id: admin.account_id, name, created_at: now, updated_at: now })
      .execute();
    for (const member of members.slice(index * 3, index * 3 + 3)) {
      await tx
        .insertInto('team_members')
        .values({ user_id: member.id, team_id: id, account_id: admin.account_id, added_at: now })
        .execute();
    }
  }
}

/** The demo invitation's link while it is still pending (printed at start-up), else null. */
export async function demoInvitationLink(
  db: Database,
  fieldKey: FieldKeys,
  origin: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('invitations')
    .select(['token_sealed', 'email', 'admin_name', 'alloted_computers'])
    .where('email', '=', DEMO_INVITEE_EMAIL)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  if (!row) return null;
  try {
    return invitationLink(origin, {
      adminName: row.admin_name,
      email: row.email,
      uniqueId: decryptField(fieldKey, row.token_sealed),
      allotedComputers: row.alloted_computers,
    });
  } catch {
    // Sealed with another key (FIELD_ENCRYPTION_KEY changed): nothing to print.
    return null;
  }
}

import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../database';
import { addDays } from '../../services/clock';
import { hashPassword } from '../../services/passwords';

/** The demo computers' Personal Key (stored hashed like any other). */
export const DEMO_PERSONAL_KEY = 'Demo-Key-1';

const GROUPS = ['Head Office', 'Warehouse', 'Remote Staff', 'Servers', 'Kiosks'] as const;
const PREFIX: Record<(typeof GROUPS)[number], string> = {
  'Head Office': 'HQ-WS',
  Warehouse: 'WH-PC',
  'Remote Staff': 'REMOTE-LT',
  Servers: 'SRV',
  Kiosks: 'KIOSK',
};
const PURPOSE: Record<(typeof GROUPS)[number], string> = {
  'Head Office': 'Office workstation',
  Warehouse: 'Warehouse floor PC',
  'Remote Staff': 'Laptop of a remote employee',
  Servers: 'Rack server in the main data room',
  Kiosks: 'Self-service kiosk in the lobby',
};

/**
 * 40 computers of the demo reseller in 5 groups of 8, with deterministic names, states and
 * last-seen times; a few are allotted to sub-users within each user's allotted count
 * (subuser@example.com holds 2 of its 3). One hash serves every demo key, so seeding stays fast.
 */
export async function seedComputers(tx: Executor, now: string): Promise<void> {
  const admin = await tx
    .selectFrom('users')
    .select(['id', 'account_id', 'first_name', 'last_name'])
    .where('email', '=', 'reseller@example.com')
    .executeTakeFirst();
  if (!admin) return;
  const accountId = admin.account_id;
  const keyHash = await hashPassword(DEMO_PERSONAL_KEY);

  // Sub-users who may hold computers, each as many times as their allotted count allows.
  const holders = await tx
    .selectFrom('users')
    .select(['id', 'email', 'alloted_computers'])
    .where('account_id', '=', accountId)
    .where('role', '=', 'sub_user')
    .where('status', '=', 'active')
    .where('alloted_computers', '>', 0)
    // subuser@example.com (a sign-in the README names) first, then others A to Z.
    .orderBy(sql`case when email = 'subuser@example.com' then 0 else 1 end`)
    .orderBy('email')
    .limit(6)
    .execute();
  const slots = holders.flatMap((holder) => {
    const count =
      holder.email === 'subuser@example.com' ? 2 : Math.min(holder.alloted_computers, 2);
    return Array.from({ length: count }, () => holder.id);
  });

  let index = 0;
  for (const [groupIndex, groupName] of GROUPS.entries()) {
    const groupId = crypto.randomUUID();
    const created = addDays(now, -200 + groupIndex);
    await tx
      .insertInto('computer_groups')
      .values({
        id: groupId,
        account_id: accountId,
        name: groupName,
        name_key: groupName.toLowerCase(),
        created_at: created,
        updated_at: created,
      })
      .execute();
    for (let n = 1; n <= 8; n += 1) {
      const isOnline = index % 3 === 0;
      // Online computers were seen minutes ago; the others from hours to weeks ago; two never.
      const minutesAgo = isOnline ? index + 1 : 90 * (index + 1) * ((index % 5) + 1);
      const lastSeen =
        index % 17 === 16 ? null : new Date(Date.parse(now) - minutesAgo * 60_000).toISOString();
      const computerId = crypto.randomUUID();
      const createdAt = addDays(now, -180 + index);
      await tx
        .insertInto('computers')
        .values({
          id: computerId,
          account_id: accountId,
          name: `${PREFIX[groupName]}-${String(n).padStart(2, '0')}`,
          description: `${PURPOSE[groupName]} #${String(n)}`,
          personal_key_hash: keyHash,
          group_id: groupId,
          // Every fourth computer goes to the next free slot of a sub-user.
          allotted_user_id: index % 4 === 0 ? (slots[index / 4] ?? null) : null,
          status: isOnline && lastSeen !== null ? 'online' : 'offline',
          last_seen_at: lastSeen,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      if (n === 1) {
        await tx
          .insertInto('computer_comments')
          .values({
            id: crypto.randomUUID(),
            computer_id: computerId,
            account_id: accountId,
            author_user_id: admin.id,
            author_name: `${admin.first_name} ${admin.last_name}`.trim(),
            body: `First machine set up in ${groupName}; keep its agent up to date.`,
            created_at: createdAt,
          })
          .execute();
      }
      index += 1;
    }
  }
}

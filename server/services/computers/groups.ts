import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import { computerMessages, type GroupList } from '../../../src/domain/api/computers';
import { nowIso } from '../clock';
import { assertCan, type Actor } from '../reseller-users/actor';
import type { RequestInfo } from '../reseller-users/users-common';
import { conflict } from '../../app-error';
import { audit, ownGroup } from './common';
import { listGroupsWithCounts } from './repository';

/** Names are compared without case: "Servers" and "servers" are the same group. */
const nameKey = (name: string) => name.toLowerCase();

/**
 * Two requests creating the same name at once both pass assertNameFree; the unique index then
 * refuses the second, which must read as the same validation failure rather than a 500.
 */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  // PostgreSQL: unique_violation; SQLite (better-sqlite3): SQLITE_CONSTRAINT_UNIQUE.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

async function withNameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(computerMessages.groupNameTaken, 'name');
    throw error;
  }
}

async function assertNameFree(db: Executor, actor: Actor, name: string, exceptId?: string) {
  let query = db
    .selectFrom('computer_groups')
    .select('id')
    .where('account_id', '=', actor.accountId)
    .where('name_key', '=', nameKey(name));
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(computerMessages.groupNameTaken, 'name');
}

export async function listGroups(db: Executor, actor: Actor): Promise<GroupList> {
  assertCan(actor, 'computers.manage');
  return listGroupsWithCounts(db, actor.accountId);
}

export async function createGroup(
  db: Executor,
  actor: Actor,
  name: string,
  info: RequestInfo,
): Promise<string> {
  assertCan(actor, 'computers.manage');
  const id = crypto.randomUUID();
  await withNameGuard(() =>
    db.transaction().execute(async (tx) => {
      await assertNameFree(tx, actor, name);
      const now = nowIso();
      await tx
        .insertInto('computer_groups')
        .values({
          id,
          account_id: actor.accountId,
          name,
          name_key: nameKey(name),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await audit(tx, actor, 'group.create', info, name, { group: id });
    }),
  );
  return id;
}

export async function renameGroup(
  db: Executor,
  actor: Actor,
  groupId: string,
  name: string,
  info: RequestInfo,
): Promise<void> {
  assertCan(actor, 'computers.manage');
  await withNameGuard(() =>
    db.transaction().execute(async (tx) => {
      const group = await ownGroup(tx, actor, groupId);
      await assertNameFree(tx, actor, name, groupId);
      await tx
        .updateTable('computer_groups')
        .set({ name, name_key: nameKey(name), updated_at: nowIso() })
        .where('id', '=', groupId)
        .where('account_id', '=', actor.accountId)
        .execute();
      await audit(tx, actor, 'group.rename', info, name, { group: groupId, from: group.name });
    }),
  );
}

/** The group goes; its computers stay, in "no group". */
export async function deleteGroup(
  db: Executor,
  actor: Actor,
  groupId: string,
  info: RequestInfo,
): Promise<number> {
  assertCan(actor, 'computers.manage');
  return db.transaction().execute(async (tx) => {
    const group = await ownGroup(tx, actor, groupId);
    const moved = await tx
      .updateTable('computers')
      .set({ group_id: null, updated_at: nowIso() })
      .where('group_id', '=', groupId)
      .where('account_id', '=', actor.accountId)
      .executeTakeFirst();
    await tx
      .deleteFrom('computer_groups')
      .where('id', '=', groupId)
      .where('account_id', '=', actor.accountId)
      .execute();
    const count = Number(moved.numUpdatedRows);
    await audit(tx, actor, 'group.delete', info, group.name, { group: groupId, ungrouped: count });
    return count;
  });
}

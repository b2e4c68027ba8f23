import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import { AppError, ruleFailed } from '../../app-error';
import { errorCodes } from '../../../src/domain/api/envelope';
import {
  allotOverLimitMessage,
  computerMessages,
  type Computer,
  type ComputerList,
} from '../../../src/domain/api/computers';
import { can, withinPlan } from '../../../src/domain/api/reseller-users';
import { nowIso } from '../clock';
import { hashPassword } from '../passwords';
import { assertCan, type Actor } from '../reseller-users/actor';
import { lockPlanComputerLimit } from '../reseller-users/plan-limit';
import type { RequestInfo } from '../reseller-users/users-common';
import { audit, computerNotFound, ownComputers, ownGroup } from './common';
import { findComputer, listComputersPage, type ComputerListOptions } from './repository';

export type ComputerListQuery = Omit<ComputerListOptions, 'allottedTo'>;

/**
 * Managers see every computer of the account; a sub-user sees only the computers allotted to
 * them (read-only), whatever the query asks for.
 */
export async function listComputers(
  db: Executor,
  actor: Actor,
  query: ComputerListQuery,
): Promise<ComputerList> {
  assertCan(actor, 'computers.own');
  const allottedTo = can(actor.role, 'computers.manage') ? null : actor.userId;
  const { computers, total } = await listComputersPage(db, actor.accountId, {
    ...query,
    allottedTo,
  });
  return { computers, total, page: query.page, pageSize: query.pageSize };
}

async function reload(db: Executor, actor: Actor, computerId: string): Promise<Computer> {
  const computer = await findComputer(db, actor.accountId, computerId);
  if (!computer) throw computerNotFound();
  return computer;
}

export interface ComputerInput {
  name: string;
  description: string;
  personalKey: string;
  /** "" for no group. */
  groupId: string;
}

export async function addComputer(
  db: Executor,
  actor: Actor,
  input: ComputerInput,
  info: RequestInfo,
): Promise<Computer> {
  assertCan(actor, 'computers.manage');
  // Hashing is slow on purpose; it runs before the transaction so no lock is held meanwhile.
  const keyHash = await hashPassword(input.personalKey);
  const id = crypto.randomUUID();
  return db.transaction().execute(async (tx) => {
    if (input.groupId) await ownGroup(tx, actor, input.groupId);
    await assertRoomForComputer(tx, actor.accountId);
    const now = nowIso();
    await tx
      .insertInto('computers')
      .values({
        id,
        account_id: actor.accountId,
        name: input.name,
        description: input.description,
        personal_key_hash: keyHash,
        group_id: input.groupId || null,
        allotted_user_id: null,
        status: 'offline',
        last_seen_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await audit(tx, actor, 'computer.add', info, input.name, { computer: id });
    return reload(tx, actor, id);
  });
}

/** The plan caps the computers an account holds (see plan-limit.ts); checked under its lock. */
async function assertRoomForComputer(tx: Executor, accountId: string): Promise<void> {
  const limit = await lockPlanComputerLimit(tx, accountId);
  const row = await tx
    .selectFrom('computers')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!withinPlan(Number(row?.n ?? 0), 1, limit)) {
    throw ruleFailed(computerMessages.overPlan);
  }
}

/** Name, description, group and, when one is given, a new Personal Key. */
export async function updateComputer(
  db: Executor,
  actor: Actor,
  computerId: string,
  input: ComputerInput,
  info: RequestInfo,
): Promise<Computer> {
  assertCan(actor, 'computers.manage');
  const keyHash = input.personalKey ? await hashPassword(input.personalKey) : null;
  return db.transaction().execute(async (tx) => {
    await ownComputers(tx, actor, [computerId]);
    if (input.groupId) await ownGroup(tx, actor, input.groupId);
    await tx
      .updateTable('computers')
      .set({
        name: input.name,
        description: input.description,
        group_id: input.groupId || null,
        ...(keyHash === null ? {} : { personal_key_hash: keyHash }),
        updated_at: nowIso(),
      })
      .where('id', '=', computerId)
      .where('account_id', '=', actor.accountId)
      .execute();
    // The log says that the key changed, never what it is.
    await audit(tx, actor, 'computer.update', info, input.name, {
      computer: computerId,
      personalKeyChanged: keyHash !== null,
    });
    return reload(tx, actor, computerId);
  });
}

export async function moveComputers(
  db: Executor,
  actor: Actor,
  computerIds: readonly string[],
  groupId: string,
  info: RequestInfo,
): Promise<number> {
  assertCan(actor, 'computers.manage');
  return db.transaction().execute(async (tx) => {
    const rows = await ownComputers(tx, actor, computerIds);
    const group = groupId ? await ownGroup(tx, actor, groupId) : null;
    await tx
      .updateTable('computers')
      .set({ group_id: group?.id ?? null, updated_at: nowIso() })
      .where('account_id', '=', actor.accountId)
      .where('id', 'in', [...computerIds])
      .execute();
    await audit(tx, actor, 'computer.move', info, group?.name ?? 'No group', {
      computers: rows.map((row) => row.name),
      group: group?.id ?? null,
    });
    return rows.length;
  });
}

/**
 * Allots computers to a sub-user (or to nobody with userId ""). A user's "allotted computers"
 * count is the most they may hold: going past it refuses the whole request.
 */
export async function allotComputers(
  db: Executor,
  actor: Actor,
  computerIds: readonly string[],
  userId: string,
  info: RequestInfo,
): Promise<number> {
  assertCan(actor, 'computers.manage');
  return db.transaction().execute(async (tx) => {
    const rows = await ownComputers(tx, actor, computerIds);
    let target: { id: string; email: string } | null = null;
    if (userId) {
      const user = await tx
        .selectFrom('users')
        .select(['id', 'email', 'alloted_computers'])
        .where('id', '=', userId)
        .where('account_id', '=', actor.accountId)
        .where('role', '=', 'sub_user')
        .where('status', '!=', 'cancelled')
        .executeTakeFirst();
      if (!user) throw new AppError(errorCodes.NOT_FOUND, computerMessages.userNotFound);
      const held = await tx
        .selectFrom('computers')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .where('account_id', '=', actor.accountId)
        .where('allotted_user_id', '=', user.id)
        .where('id', 'not in', [...computerIds])
        .executeTakeFirst();
      if (Number(held?.n ?? 0) + rows.length > user.alloted_computers) {
        throw ruleFailed(allotOverLimitMessage(user.alloted_computers, user.email), 'userId');
      }
      target = { id: user.id, email: user.email };
    }
    await tx
      .updateTable('computers')
      .set({ allotted_user_id: target?.id ?? null, updated_at: nowIso() })
      .where('account_id', '=', actor.accountId)
      .where('id', 'in', [...computerIds])
      .execute();
    await audit(
      tx,
      actor,
      target ? 'computer.allot' : 'computer.unallot',
      info,
      target?.email ?? rows.map((row) => row.name).join(', '),
      {
        computers: rows.map((row) => row.name),
        user: target?.id ?? null,
      },
    );
    return rows.length;
  });
}

/** All or nothing; at most HOSTS_DELETE_MAX per request (checked by the request schema). */
export async function deleteComputers(
  db: Executor,
  actor: Actor,
  computerIds: readonly string[],
  info: RequestInfo,
): Promise<number> {
  assertCan(actor, 'computers.manage');
  return db.transaction().execute(async (tx) => {
    const rows = await ownComputers(tx, actor, computerIds);
    await tx
      .deleteFrom('computers')
      .where('account_id', '=', actor.accountId)
      .where('id', 'in', [...computerIds])
      .execute();
    await audit(tx, actor, 'computer.delete', info, rows.map((row) => row.name).join(', '), {
      computers: rows.map((row) => row.id),
    });
    return rows.length;
  });
}

import { ruleFailed } from '../../app-error';
import type { Executor } from '../../db/database';
import { canManageUser, userMessages, type SubUser } from '../../../src/domain/api/reseller-users';
import { cleanName, rules } from '../../../src/domain/validation';
import { recordAudit } from '../audit';
import { nowIso } from '../clock';
import { assertCan, forbidden, type Actor } from './actor';
import { assertUsersWithinPlan } from './plan-limit';
import {
  assertAssignable,
  assertWithinPlan,
  managedUser,
  notFound,
  subUser,
  type RequestInfo,
  byActor,
} from './users-common';
import { findUsersInAccount } from './users-repository';

export interface UpdateInput {
  userId: string;
  firstName: string;
  lastName: string;
  role: 'sub_admin' | 'sub_user';
  allotedComputers: number;
}

export async function updateUser(
  db: Executor,
  actor: Actor,
  input: UpdateInput,
  info: RequestInfo,
): Promise<SubUser> {
  assertCan(actor, 'users.manage');
  await db.transaction().execute(async (tx) => {
    const row = await managedUser(tx, actor, input.userId);
    if (row.status === 'cancelled') throw notFound();
    if (input.role !== row.role) assertAssignable(actor, input.role);
    const firstName = cleanName(input.firstName);
    const lastName = cleanName(input.lastName);
    // Invited users may have no name yet; an active user's name is required.
    const isNameOptional = row.status === 'invited';
    const firstMessage = isNameOptional && firstName === '' ? null : rules.firstName(firstName);
    if (firstMessage !== null) throw ruleFailed(firstMessage, 'firstName');
    const lastMessage = isNameOptional && lastName === '' ? null : rules.lastName(lastName);
    if (lastMessage !== null) throw ruleFailed(lastMessage, 'lastName');
    if (input.allotedComputers > row.alloted_computers) {
      await assertWithinPlan(tx, actor.accountId, input.allotedComputers, [row.id]);
    } else if (input.allotedComputers < row.alloted_computers) {
      // The count caps the computers allotted to the user: it cannot drop below what they hold.
      const held = await tx
        .selectFrom('computers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('account_id', '=', actor.accountId)
        .where('allotted_user_id', '=', row.id)
        .executeTakeFirstOrThrow();
      if (input.allotedComputers < Number(held.n)) {
        throw ruleFailed(userMessages.allottedBelowHeld(Number(held.n)), 'allotedComputers');
      }
    }
    await tx
      .updateTable('users')
      .set({
        first_name: firstName,
        last_name: lastName,
        role: input.role,
        alloted_computers: input.allotedComputers,
        updated_at: nowIso(),
      })
      .where('id', '=', row.id)
      .where('account_id', '=', actor.accountId)
      .execute();
    await recordAudit(tx, {
      ...byActor(actor, info),
      action: 'user.update',
      target: row.email,
      details: { target: row.id, role: input.role, allotedComputers: input.allotedComputers },
    });
  });
  return subUser(db, actor.accountId, input.userId);
}

/**
 * Delete: an invited user (no account yet) is removed with their link; an active user is
 * cancelled (kept for the cancelled-users list and restore) and signed out everywhere.
 * All or nothing: one id that is not the caller's to delete refuses the whole request.
 */
export async function deleteUsers(
  db: Executor,
  actor: Actor,
  userIds: readonly string[],
  info: RequestInfo,
): Promise<number> {
  assertCan(actor, 'users.manage');
  return db.transaction().execute(async (tx) => {
    const rows = await findUsersInAccount(tx, actor.accountId, userIds);
    const live = rows.filter((row) => row.status !== 'cancelled');
    if (live.length !== userIds.length) throw notFound();
    if (userIds.includes(actor.userId)) throw ruleFailed(userMessages.cannotDeleteSelf, 'userIds');
    if (live.some((row) => !canManageUser(actor.role, row.role))) throw forbidden();
    const now = nowIso();
    const invited = live.filter((row) => row.status === 'invited').map((row) => row.id);
    const active = live.filter((row) => row.status === 'active').map((row) => row.id);
    if (invited.length > 0) {
      await tx.deleteFrom('invitations').where('user_id', 'in', invited).execute();
      await tx
        .deleteFrom('users')
        .where('id', 'in', invited)
        .where('account_id', '=', actor.accountId)
        .execute();
    }
    if (active.length > 0) {
      await tx
        .updateTable('users')
        .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
        .where('id', 'in', active)
        .where('account_id', '=', actor.accountId)
        .execute();
      await tx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('subject_kind', '=', 'reseller')
        .where('subject_id', 'in', active)
        .where('revoked_at', 'is', null)
        .execute();
    }
    await recordAudit(tx, {
      ...byActor(actor, info),
      action: 'user.delete',
      target: live.map((row) => row.email).join(', '),
      details: { targets: live.map((row) => row.id) },
    });
    return live.length;
  });
}

/** Cancelled users become active again (with their old password and allotment). */
export async function restoreUsers(
  db: Executor,
  actor: Actor,
  userIds: readonly string[],
  info: RequestInfo,
): Promise<number> {
  assertCan(actor, 'users.manage');
  return db.transaction().execute(async (tx) => {
    const rows = await findUsersInAccount(tx, actor.accountId, userIds);
    const cancelled = rows.filter((row) => row.status === 'cancelled');
    if (cancelled.length !== userIds.length) throw notFound();
    if (cancelled.some((row) => !canManageUser(actor.role, row.role))) throw forbidden();
    await assertUsersWithinPlan(tx, actor.accountId, cancelled.length);
    const extra = cancelled.reduce((sum, row) => sum + row.alloted_computers, 0);
    await assertWithinPlan(tx, actor.accountId, extra);
    await tx
      .updateTable('users')
      .set({ status: 'active', cancelled_at: null, updated_at: nowIso() })
      .where('id', 'in', [...userIds])
      .where('account_id', '=', actor.accountId)
      .execute();
    await recordAudit(tx, {
      ...byActor(actor, info),
      action: 'user.restore',
      target: cancelled.map((row) => row.email).join(', '),
      details: { targets: [...userIds] },
    });
    return cancelled.length;
  });
}

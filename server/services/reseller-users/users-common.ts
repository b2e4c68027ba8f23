import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import { AppError, ruleFailed } from '../../app-error';
import { errorCodes } from '../../../src/domain/api/envelope';
import {
  assignableRoles,
  canManageUser,
  userMessages,
  withinPlan,
  type ResellerRole,
  type SubUser,
} from '../../../src/domain/api/reseller-users';
import { nowIso } from '../clock';
import { forbidden, type Actor } from './actor';
import { lockPlanComputerLimit } from './plan-limit';
import { allottedTotal, findUserInAccount, toSubUser } from './users-repository';

/** What every user call records beside its activity entry. */
export interface RequestInfo {
  ip: string;
  userAgent: string;
}

/** Who an activity entry of a user call is by: the caller, in the caller's account. */
export const byActor = (actor: Actor, info: RequestInfo) => ({
  subjectKind: 'reseller' as const,
  subjectId: actor.userId,
  accountId: actor.accountId,
  ...info,
});

export const topic = () => crypto.randomBytes(9).toString('hex');
export const notFound = () => new AppError(errorCodes.NOT_FOUND, userMessages.notFound);

/** Refuses an allotment that would take the account past its plan (see plan-limit.ts). */
export async function assertWithinPlan(
  tx: Executor,
  accountId: string,
  extra: number,
  exceptUserIds: readonly string[] = [],
): Promise<void> {
  if (extra === 0) return;
  const limit = await lockPlanComputerLimit(tx, accountId);
  const used = await allottedTotal(tx, accountId, exceptUserIds);
  if (!withinPlan(used, extra, limit)) {
    throw ruleFailed(userMessages.allottedOverPlan, 'allotedComputers');
  }
}

export function assertAssignable(actor: Actor, role: ResellerRole): void {
  if (!assignableRoles(actor.role).includes(role)) throw forbidden();
}

/** A user of the caller's account whom the caller may manage, or not found / forbidden. */
export async function managedUser(db: Executor, actor: Actor, userId: string) {
  const row = await findUserInAccount(db, actor.accountId, userId);
  if (!row) throw notFound();
  if (!canManageUser(actor.role, row.role)) throw forbidden();
  return row;
}

/** One user as the console shows them, with their pending invitation's expiry. */
export async function subUser(db: Executor, accountId: string, userId: string): Promise<SubUser> {
  const row = await findUserInAccount(db, accountId, userId);
  if (!row) throw notFound();
  const invitation = await db
    .selectFrom('invitations')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return toSubUser(row, invitation?.expires_at ?? null, nowIso());
}

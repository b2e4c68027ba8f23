import type { Executor } from '../../db/database';
import { AppError } from '../../app-error';
import { errorCodes } from '../../../src/domain/api/envelope';
import { computerMessages } from '../../../src/domain/api/computers';
import { recordAudit } from '../audit';
import type { AuditAction } from '../../../src/domain/api/activity-actions';
import type { Actor } from '../reseller-users/actor';
import type { RequestInfo } from '../reseller-users/users-common';

export const computerNotFound = () => new AppError(errorCodes.NOT_FOUND, computerMessages.notFound);
export const groupNotFound = () =>
  new AppError(errorCodes.NOT_FOUND, computerMessages.groupNotFound);

/** One activity-log entry per write; `target` is what the log shows (a computer or group name). */
export const audit = (
  db: Executor,
  actor: Actor,
  action: AuditAction,
  info: RequestInfo,
  target: string,
  details: Record<string, unknown>,
) =>
  recordAudit(db, {
    subjectKind: 'reseller',
    subjectId: actor.userId,
    accountId: actor.accountId,
    action,
    ...info,
    target,
    details,
  });

/** A group of the actor's account, or 404 (another account's group is never visible). */
export async function ownGroup(db: Executor, actor: Actor, groupId: string) {
  const group = await db
    .selectFrom('computer_groups')
    .select(['id', 'name'])
    .where('id', '=', groupId)
    .where('account_id', '=', actor.accountId)
    .executeTakeFirst();
  if (!group) throw groupNotFound();
  return group;
}

/** The listed computers of the actor's account; 404 unless every one of them is found. */
export async function ownComputers(db: Executor, actor: Actor, computerIds: readonly string[]) {
  const rows = await db
    .selectFrom('computers')
    .select(['id', 'name', 'allotted_user_id'])
    .where('account_id', '=', actor.accountId)
    .where('id', 'in', [...computerIds])
    .execute();
  if (rows.length !== computerIds.length) throw computerNotFound();
  return rows;
}

import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import { AppError } from '../../app-error';
import { errorCodes } from '../../../src/domain/api/envelope';
import { teamMessages, type Team } from '../../../src/domain/api/teams';
import { recordAudit } from '../audit';
import { userEmails } from '../audit-targets';
import type { AuditAction } from '../../../src/domain/api/activity-actions';
import { nowIso } from '../clock';
import { assertCan, type Actor } from '../reseller-users/actor';
import type { RequestInfo } from '../reseller-users/users-common';

const notFound = () => new AppError(errorCodes.NOT_FOUND, teamMessages.notFound);

async function ownTeam(db: Executor, actor: Actor, teamId: string) {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', '=', teamId)
    .where('account_id', '=', actor.accountId)
    .executeTakeFirst();
  if (!team) throw notFound();
  return team;
}

const userNotFound = () => new AppError(errorCodes.NOT_FOUND, 'User not found');

/**
 * The listed users of the actor's account; 404 unless every one of them is found, so a request
 * naming another account's user is refused as a whole instead of acting on the rest.
 */
async function ownUsers(db: Executor, actor: Actor, userIds: readonly string[]) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('account_id', '=', actor.accountId)
    .where('id', 'in', [...userIds])
    .execute();
  if (users.length !== userIds.length) throw userNotFound();
  return users;
}

async function assertNameFree(db: Executor, actor: Actor, name: string, exceptId?: string) {
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('account_id', '=', actor.accountId)
    .execute();
  const taken = rows.some(
    (row) => row.id !== exceptId && row.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw new AppError(errorCodes.CONFLICT, teamMessages.nameTaken, { field: 'name' });
}

/** An activity-log entry naming the team (and, for members, who joined or left it). */
const audit = (
  db: Executor,
  actor: Actor,
  action: AuditAction,
  info: RequestInfo,
  target: string,
  details: object,
) =>
  recordAudit(db, {
    subjectKind: 'reseller',
    subjectId: actor.userId,
    accountId: actor.accountId,
    action,
    ...info,
    target,
    details: { ...details },
  });

const membersTarget = async (db: Executor, actor: Actor, team: string, userIds: string[]) =>
  `${team}: ${await userEmails(db, actor.accountId, userIds)}`;

export async function listTeams(db: Executor, actor: Actor): Promise<Team[]> {
  assertCan(actor, 'teams.manage');
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('account_id', '=', actor.accountId)
    .orderBy('name')
    .execute();
  const members = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'team_members.team_id',
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
    ])
    .where('team_members.account_id', '=', actor.accountId)
    .orderBy('users.email')
    .execute();
  return teams.map((team) => ({
    ...team,
    members: members
      .filter((member) => member.team_id === team.id)
      .map((member) => ({
        id: member.id,
        email: member.email,
        name: `${member.first_name} ${member.last_name}`.trim(),
      })),
  }));
}

export async function createTeam(db: Executor, actor: Actor, name: string, info: RequestInfo) {
  assertCan(actor, 'teams.manage');
  const id = crypto.randomUUID();
  await db.transaction().execute(async (tx) => {
    await assertNameFree(tx, actor, name);
    const now = nowIso();
    await tx
      .insertInto('teams')
      .values({ id, account_id: actor.accountId, name, created_at: now, updated_at: now })
      .execute();
    await audit(tx, actor, 'team.create', info, name, { target: id, name });
  });
  return id;
}

export async function renameTeam(
  db: Executor,
  actor: Actor,
  teamId: string,
  name: string,
  info: RequestInfo,
) {
  assertCan(actor, 'teams.manage');
  await db.transaction().execute(async (tx) => {
    const team = await ownTeam(tx, actor, teamId);
    await assertNameFree(tx, actor, name, teamId);
    await tx
      .updateTable('teams')
      .set({ name, updated_at: nowIso() })
      .where('id', '=', teamId)
      .where('account_id', '=', actor.accountId)
      .execute();
    await audit(tx, actor, 'team.rename', info, `${team.name} → ${name}`, {
      target: teamId,
      name,
    });
  });
}

export async function deleteTeam(db: Executor, actor: Actor, teamId: string, info: RequestInfo) {
  assertCan(actor, 'teams.manage');
  await db.transaction().execute(async (tx) => {
    const team = await ownTeam(tx, actor, teamId);
    await tx.deleteFrom('team_members').where('team_id', '=', teamId).execute();
    await tx
      .deleteFrom('teams')
      .where('id', '=', teamId)
      .where('account_id', '=', actor.accountId)
      .execute();
    await audit(tx, actor, 'team.delete', info, team.name, { target: teamId });
  });
}

/** All or nothing: one selected user who is already in a team refuses the whole request. */
export async function addMembers(
  db: Executor,
  actor: Actor,
  teamId: string,
  userIds: readonly string[],
  info: RequestInfo,
) {
  assertCan(actor, 'teams.manage');
  await db.transaction().execute(async (tx) => {
    const team = await ownTeam(tx, actor, teamId);
    const users = await ownUsers(tx, actor, userIds);
    if (users.some((user) => user.status === 'cancelled')) throw userNotFound();
    const inTeams = await tx
      .selectFrom('team_members')
      .select('user_id')
      .where('user_id', 'in', [...userIds])
      .execute();
    if (inTeams.length > 0) {
      throw new AppError(errorCodes.RULE_FAILED, teamMessages.onePerUser, {
        field: 'userIds',
      });
    }
    const now = nowIso();
    for (const userId of userIds) {
      await tx
        .insertInto('team_members')
        .values({ user_id: userId, team_id: teamId, account_id: actor.accountId, added_at: now })
        .execute();
    }
    const target = await membersTarget(tx, actor, team.name, [...userIds]);
    await audit(tx, actor, 'team.members.add', info, target, {
      target: teamId,
      users: [...userIds],
    });
  });
}

export async function removeMembers(
  db: Executor,
  actor: Actor,
  teamId: string,
  userIds: readonly string[],
  info: RequestInfo,
) {
  assertCan(actor, 'teams.manage');
  await db.transaction().execute(async (tx) => {
    const team = await ownTeam(tx, actor, teamId);
    await ownUsers(tx, actor, userIds);
    const removed = await tx
      .deleteFrom('team_members')
      .where('team_id', '=', teamId)
      .where('account_id', '=', actor.accountId)
      .where('user_id', 'in', [...userIds])
      .returning('user_id')
      .execute();
    // Removing someone who is not in the team is already done (so the call still succeeds), and
    // the activity log names only the users who actually left it.
    if (removed.length === 0) return;
    const users = removed.map((row) => row.user_id);
    const target = await membersTarget(tx, actor, team.name, users);
    await audit(tx, actor, 'team.members.remove', info, target, { target: teamId, users });
  });
}

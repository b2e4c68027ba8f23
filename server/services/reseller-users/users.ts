import { assertUsersWithinPlan, lockPlanComputerLimit, planLimits } from './plan-limit';
import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { AppError } from '../../app-error';
import { errorCodes } from '../../../src/domain/api/envelope';
import {
  assignableRoles,
  canManageUser,
  userMessages,
  withinPlan,
  type ResellerRole,
  type SubUser,
  type UserList,
  type UserListStatus,
  type UserStatus,
} from '../../../src/domain/api/reseller-users';
import { invitationLink } from '../../../src/domain/api/invite';
import { formatMessage } from '../../../src/domain/messages';
import { cleanName, rules } from '../../../src/domain/validation';
import type { SubUserSortField } from '../../../src/domain/sorting';
import { recordAudit } from '../audit';
import { nowIso } from '../clock';
import { hashPassword } from '../passwords';
import { assertCan, displayName, forbidden, type Actor } from './actor';
import { inviteMail, issueInvitation, openInvitationLink, reissueInvitation } from './invitations';
import {
  allottedTotal,
  findUserInAccount,
  findUsersInAccount,
  isEmailTaken,
  isFiltered,
  listUsersPage,
  statusSummary,
  mmDdYyyy,
} from './users-repository';

export interface RequestInfo {
  ip: string;
  userAgent: string;
}

export interface ListQuery {
  q: string;
  page: number;
  pageSize: number;
  sort: SubUserSortField;
  order: 'asc' | 'desc';
  role?: 'all' | ResellerRole;
  team?: string;
}

const topic = () => crypto.randomBytes(9).toString('hex');
const notFound = () => new AppError(errorCodes.NOT_FOUND, userMessages.notFound);
const invalid = (message: string, field: string) =>
  new AppError(errorCodes.VALIDATION_FAILED, message, { field });

/** Refuses an allotment that would take the account past its plan (see plan-limit.ts). */
async function assertWithinPlan(
  tx: Executor,
  accountId: string,
  extra: number,
  exceptUserIds: readonly string[] = [],
): Promise<void> {
  if (extra === 0) return;
  const limit = await lockPlanComputerLimit(tx, accountId);
  const used = await allottedTotal(tx, accountId, exceptUserIds);
  if (!withinPlan(used, extra, limit)) {
    throw invalid(userMessages.allottedOverPlan, 'allotedComputers');
  }
}

function assertAssignable(actor: Actor, role: ResellerRole): void {
  if (!assignableRoles(actor.role).includes(role)) throw forbidden();
}

export async function listUsers(
  db: Executor,
  actor: Actor,
  query: ListQuery & { status: UserListStatus },
): Promise<UserList> {
  assertCan(actor, 'users.manage');
  return listPage(db, actor, query, listStatuses(query.status), query.status === 'expired');
}

/** The user statuses behind the list's status filter ('expired' is among the invited). */
export function listStatuses(status: UserListStatus): UserStatus[] {
  if (status === 'all') return ['active', 'invited'];
  return [status === 'expired' ? 'invited' : status];
}

export async function listCancelledUsers(
  db: Executor,
  actor: Actor,
  query: ListQuery,
): Promise<UserList> {
  assertCan(actor, 'users.manage');
  return listPage(db, actor, query, ['cancelled']);
}

async function listPage(
  db: Executor,
  actor: Actor,
  query: ListQuery,
  statuses: UserStatus[],
  isExpiredOnly = false,
): Promise<UserList> {
  // The counts by status give the total of an unsearched list: a large account is counted once.
  const [{ counts, allotted }, limits] = await Promise.all([
    statusSummary(db, actor.accountId),
    planLimits(db, actor.accountId),
  ]);
  const options = { ...query, statuses, isExpiredOnly };
  const knownTotal =
    query.q.trim() === '' && !isFiltered(options)
      ? statuses.reduce((sum, status) => sum + counts[status], 0)
      : undefined;
  const { users, total } = await listUsersPage(db, actor.accountId, options, knownTotal);
  return {
    users,
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    allotted,
    planComputers: limits.computers,
    planUsers: limits.users,
  };
}

async function subUser(db: Executor, accountId: string, userId: string): Promise<SubUser> {
  const row = await findUserInAccount(db, accountId, userId);
  if (!row) throw notFound();
  const invitation = await db
    .selectFrom('invitations')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  const expiresAt = row.status === 'invited' ? (invitation?.expires_at ?? null) : null;
  return {
    id: row.id,
    firstname: row.first_name,
    lastname: row.last_name,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    isActive: row.status === 'active',
    created_date: mmDdYyyy(row.created_at),
    createdAt: row.created_at,
    allotedComputers: row.alloted_computers,
    invitationExpiresAt: expiresAt,
    isInvitationExpired: row.status === 'invited' && (expiresAt === null || expiresAt <= nowIso()),
    cancelledAt: row.cancelled_at,
  };
}

export interface AddUserInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: 'sub_admin' | 'sub_user';
  allotedComputers: number;
}

/** A sub-user who can sign in at once with the password the manager chose. */
export async function addUser(
  ctx: AppContext,
  actor: Actor,
  input: AddUserInput,
  info: RequestInfo,
): Promise<SubUser> {
  assertCan(actor, 'users.manage');
  assertAssignable(actor, input.role);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const id = crypto.randomUUID();
  await ctx.db.transaction().execute(async (tx) => {
    if (await isEmailTaken(tx, email)) throw invalid(formatMessage('email.exists'), 'email');
    await assertUsersWithinPlan(tx, actor.accountId, 1);
    await assertWithinPlan(tx, actor.accountId, input.allotedComputers);
    const now = nowIso();
    await tx
      .insertInto('users')
      .values({
        id,
        account_id: actor.accountId,
        username: email,
        email,
        password_hash: passwordHash,
        first_name: cleanName(input.firstName),
        last_name: cleanName(input.lastName),
        role: input.role,
        status: 'active',
        proxy_topic: topic(),
        alloted_computers: input.allotedComputers,
        invited_by: actor.userId,
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(tx, {
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'user.add',
      ...info,
      target: email,
      details: { target: id, email, role: input.role },
    });
  });
  return subUser(ctx.db, actor.accountId, id);
}

export interface InviteInput {
  email: string;
  role: 'sub_admin' | 'sub_user';
  allotedComputers: number;
  firstName?: string;
  lastName?: string;
}

/** Creates the invited user and their link inside `tx`; the caller sends the mail after commit. */
export async function createInvitedUser(
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  input: InviteInput,
  now: string,
): Promise<{ userId: string; mail: ReturnType<typeof inviteMail> }> {
  const email = input.email.trim().toLowerCase();
  const id = crypto.randomUUID();
  await tx
    .insertInto('users')
    .values({
      id,
      account_id: actor.accountId,
      username: email,
      email,
      // No password until the invitation is accepted: sign-in refuses invited users.
      password_hash: '',
      first_name: cleanName(input.firstName ?? ''),
      last_name: cleanName(input.lastName ?? ''),
      role: input.role,
      status: 'invited',
      proxy_topic: topic(),
      alloted_computers: input.allotedComputers,
      invited_by: actor.userId,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const adminName = displayName(actor);
  const { token } = await issueInvitation(
    tx,
    ctx.secrets.fieldKey,
    {
      accountId: actor.accountId,
      userId: id,
      email,
      adminName,
      allotedComputers: input.allotedComputers,
      invitedBy: actor.userId,
    },
    now,
  );
  const link = invitationLink(ctx.config.publicOrigin, {
    adminName,
    email,
    uniqueId: token,
    allotedComputers: input.allotedComputers,
  });
  return { userId: id, mail: inviteMail(ctx, email, adminName, link) };
}

export async function inviteUser(
  ctx: AppContext,
  actor: Actor,
  input: InviteInput,
  info: RequestInfo,
): Promise<SubUser> {
  assertCan(actor, 'users.manage');
  assertAssignable(actor, input.role);
  const result = await ctx.db.transaction().execute(async (tx) => {
    if (await isEmailTaken(tx, input.email)) throw invalid(formatMessage('email.exists'), 'email');
    await assertUsersWithinPlan(tx, actor.accountId, 1);
    await assertWithinPlan(tx, actor.accountId, input.allotedComputers);
    const created = await createInvitedUser(tx, ctx, actor, input, nowIso());
    await recordAudit(tx, {
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'user.invite',
      ...info,
      target: input.email.toLowerCase(),
      details: { target: created.userId, email: input.email.toLowerCase(), role: input.role },
    });
    return created;
  });
  await ctx.mailer.send(result.mail);
  return subUser(ctx.db, actor.accountId, result.userId);
}

async function managedUser(db: Executor, actor: Actor, userId: string) {
  const row = await findUserInAccount(db, actor.accountId, userId);
  if (!row) throw notFound();
  if (!canManageUser(actor.role, row.role)) throw forbidden();
  return row;
}

/** A new link (the old one stops working) and a new e-mail. */
export async function resendInvitation(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  info: RequestInfo,
): Promise<SubUser> {
  assertCan(actor, 'users.manage');
  const mail = await ctx.db.transaction().execute(async (tx) => {
    const row = await managedUser(tx, actor, userId);
    if (row.status !== 'invited') throw invalid(userMessages.notInvited, 'userId');
    const mail = await reissueInvitation(
      tx,
      ctx,
      { accountId: actor.accountId, userId: actor.userId, adminName: displayName(actor) },
      row,
    );
    await recordAudit(tx, {
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'user.invite.resend',
      ...info,
      target: row.email,
      details: { target: userId, email: row.email },
    });
    return mail;
  });
  await ctx.mailer.send(mail);
  return subUser(ctx.db, actor.accountId, userId);
}

/** The current link of a pending invitation, for "copy link". An expired one is renewed. */
export async function copyInvitationLink(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  info: RequestInfo,
): Promise<{ link: string; expiresAt: string }> {
  assertCan(actor, 'users.manage');
  const row = await managedUser(ctx.db, actor, userId);
  if (row.status !== 'invited') throw invalid(userMessages.notInvited, 'userId');
  // The link lets whoever holds it create the account: handing it out is on the record.
  await recordAudit(ctx.db, {
    subjectKind: 'reseller',
    subjectId: actor.userId,
    accountId: actor.accountId,
    action: 'user.invite.link',
    ...info,
    target: row.email,
    details: { target: userId },
  });
  const open = await openInvitationLink(
    ctx.db,
    ctx.secrets.fieldKey,
    ctx.config.publicOrigin,
    userId,
  );
  if (open && open.expiresAt > nowIso()) return open;
  await issueInvitation(ctx.db, ctx.secrets.fieldKey, {
    accountId: actor.accountId,
    userId,
    email: row.email,
    adminName: displayName(actor),
    allotedComputers: row.alloted_computers,
    invitedBy: actor.userId,
  });
  const renewed = await openInvitationLink(
    ctx.db,
    ctx.secrets.fieldKey,
    ctx.config.publicOrigin,
    userId,
  );
  if (!renewed) throw notFound();
  return renewed;
}

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
    if (firstMessage !== null) throw invalid(firstMessage, 'firstName');
    const lastMessage = isNameOptional && lastName === '' ? null : rules.lastName(lastName);
    if (lastMessage !== null) throw invalid(lastMessage, 'lastName');
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
        throw invalid(userMessages.allottedBelowHeld(Number(held.n)), 'allotedComputers');
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
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'user.update',
      ...info,
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
    if (userIds.includes(actor.userId)) throw invalid(userMessages.cannotDeleteSelf, 'userIds');
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
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'user.delete',
      ...info,
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
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'user.restore',
      ...info,
      target: cancelled.map((row) => row.email).join(', '),
      details: { targets: [...userIds] },
    });
    return cancelled.length;
  });
}

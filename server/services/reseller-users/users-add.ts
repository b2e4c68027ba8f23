import { conflict } from '../../app-error';
import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import type { SubUser } from '../../../src/domain/api/reseller-users';
import { invitationLink } from '../../../src/domain/api/invite';
import { formatMessage } from '../../../src/domain/messages';
import { cleanName } from '../../../src/domain/validation';
import { recordAudit } from '../audit';
import { nowIso } from '../clock';
import { hashPassword } from '../passwords';
import { assertCan, displayName, type Actor } from './actor';
import { inviteMail, issueInvitation } from './invitations';
import { assertUsersWithinPlan } from './plan-limit';
import {
  assertAssignable,
  assertWithinPlan,
  subUser,
  topic,
  type RequestInfo,
  byActor,
} from './users-common';
import { isEmailTaken } from './users-repository';

/** The users row of a user added or invited by `actor`, in the actor's account. */
function newUserRow(
  actor: Actor,
  user: {
    id: string;
    email: string;
    passwordHash: string;
    firstName?: string;
    lastName?: string;
    role: 'sub_admin' | 'sub_user';
    allotedComputers: number;
    status: 'active' | 'invited';
  },
  now: string,
) {
  return {
    id: user.id,
    account_id: actor.accountId,
    username: user.email,
    email: user.email,
    password_hash: user.passwordHash,
    first_name: cleanName(user.firstName ?? ''),
    last_name: cleanName(user.lastName ?? ''),
    role: user.role,
    status: user.status,
    proxy_topic: topic(),
    alloted_computers: user.allotedComputers,
    invited_by: actor.userId,
    cancelled_at: null,
    created_at: now,
    updated_at: now,
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
    if (await isEmailTaken(tx, email)) throw conflict(formatMessage('email.exists'), 'email');
    await assertUsersWithinPlan(tx, actor.accountId, 1);
    await assertWithinPlan(tx, actor.accountId, input.allotedComputers);
    await tx
      .insertInto('users')
      .values(newUserRow(actor, { ...input, id, email, passwordHash, status: 'active' }, nowIso()))
      .execute();
    await recordAudit(tx, {
      ...byActor(actor, info),
      action: 'user.add',
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
  // No password until the invitation is accepted: sign-in refuses invited users.
  await tx
    .insertInto('users')
    .values(newUserRow(actor, { ...input, id, email, passwordHash: '', status: 'invited' }, now))
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
    if (await isEmailTaken(tx, input.email)) throw conflict(formatMessage('email.exists'), 'email');
    await assertUsersWithinPlan(tx, actor.accountId, 1);
    await assertWithinPlan(tx, actor.accountId, input.allotedComputers);
    const created = await createInvitedUser(tx, ctx, actor, input, nowIso());
    await recordAudit(tx, {
      ...byActor(actor, info),
      action: 'user.invite',
      target: input.email.toLowerCase(),
      details: { target: created.userId, email: input.email.toLowerCase(), role: input.role },
    });
    return created;
  });
  await ctx.mailer.send(result.mail);
  return subUser(ctx.db, actor.accountId, result.userId);
}

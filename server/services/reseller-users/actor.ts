import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/database';
import { compileOnce } from '../../db/compile-once';
import { AppError } from '../../app-error';
import { errorCodes } from '../../../src/domain/api/envelope';
import { can, type Permission, type ResellerRole } from '../../../src/domain/api/reseller-users';
import { permissionDenied } from '../../plugins/auth';

/** The signed-in reseller user making a call, read fresh from the database on every call. */
export interface Actor {
  userId: string;
  accountId: string;
  role: ResellerRole;
  firstName: string;
  lastName: string;
  email: string;
}

export const forbidden = () => new AppError(errorCodes.FORBIDDEN, permissionDenied);

/** The caller of every users and teams call: compiled once (see compile-once.ts). */
const actorRow = compileOnce((db, userId) =>
  db
    .selectFrom('users')
    .select(['id', 'account_id', 'role', 'status', 'first_name', 'last_name', 'email'])
    .where('id', '=', userId),
);

/** The caller, or 403 when the user is no longer active (cancelled while signed in). */
export async function loadActor(db: Executor, userId: string): Promise<Actor> {
  const [row] = await actorRow(db, userId);
  if (!row || row.status !== 'active') throw forbidden();
  return {
    userId: row.id,
    accountId: row.account_id,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
  };
}

/**
 * The caller of a reseller route, as its session check read it with the session in the same
 * statement (route-policy.ts): no second read. 403 when the user is no longer active, as
 * `loadActor`.
 */
export function sessionActorOf(request: FastifyRequest): Actor {
  const row = request.sessionRow;
  if (!row) throw new Error('sessionActorOf() on a route without a reseller session policy');
  const { role, account_id: accountId, first_name, last_name, email } = row;
  if (row.status !== 'active' || !role || !accountId || first_name === null) throw forbidden();
  if (last_name === null || email === null) throw forbidden();
  return {
    userId: row.subject_id,
    accountId,
    role,
    firstName: first_name,
    lastName: last_name,
    email,
  };
}

/** 403 unless the actor's role carries the permission (see `permissions` in the rule book). */
export function assertCan(actor: Actor, permission: Permission): void {
  if (!can(actor.role, permission)) throw forbidden();
}

export const displayName = (actor: Pick<Actor, 'firstName' | 'lastName' | 'email'>): string =>
  `${actor.firstName} ${actor.lastName}`.trim() || actor.email;

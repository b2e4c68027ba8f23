import type { Executor } from '../../db/database';
import { compileOnce } from '../../db/compile-once';
import { AppError } from '../../app-error';
import { errorCodes } from '../../../src/domain/api/envelope';
import { userMessages, withinPlan } from '../../../src/domain/api/reseller-users';

/**
 * The account's plan caps its computers (both the total allotted to its users and the computers
 * added to it) and its users (every user who is not cancelled: the administrator, active users
 * and pending invitations, which hold a place until they are accepted or deleted). An account
 * with no paid plan (a free trial) has the entry plan's counts, the plan a trial tries out.
 *
 * A downgrade can never leave an account over its cap: the spec refuses downgrades ("plan cannot
 * be downgraded"). An account over it all the same (data from before the cap) keeps what it has;
 * nothing can be added or raised until it is back under, and lowering is always allowed.
 */
export interface PlanLimits {
  computers: number;
  users: number;
}

/** Read by every users list call: compiled once (see compile-once.ts). */
const ownPlan = compileOnce((db, accountId) =>
  db
    .selectFrom('billing_accounts as b')
    .innerJoin('plans as p', 'p.id', 'b.plan_id')
    .select(['p.computers', 'p.users'])
    .where('b.account_id', '=', accountId),
);

export async function planLimits(db: Executor, accountId: string): Promise<PlanLimits> {
  const [own] = await ownPlan(db, accountId);
  return own ?? entryPlanLimits(db);
}

/** The caps of an account with no paid plan: the entry plan's (the plan a trial tries out). */
export async function entryPlanLimits(db: Executor): Promise<PlanLimits> {
  const entry = await db
    .selectFrom('plans')
    .select(['computers', 'users'])
    .where('is_active', '=', 1)
    .orderBy('rank')
    .limit(1)
    .executeTakeFirst();
  return entry ?? { computers: 0, users: 0 };
}

export async function planComputerLimit(db: Executor, accountId: string): Promise<number> {
  return (await planLimits(db, accountId)).computers;
}

/**
 * Inside a write transaction: takes the account's row lock (a no-op update: PostgreSQL holds the
 * row lock to commit, SQLite its write lock), so two requests cannot both pass the check and
 * together exceed the plan; then answers the caps.
 */
export async function lockPlanLimits(tx: Executor, accountId: string): Promise<PlanLimits> {
  await tx
    .updateTable('reseller_accounts')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', accountId)
    .execute();
  return planLimits(tx, accountId);
}

export async function lockPlanComputerLimit(tx: Executor, accountId: string): Promise<number> {
  return (await lockPlanLimits(tx, accountId)).computers;
}

/** The account's users who hold a place in the plan (see above). */
export async function usersInPlan(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Inside a write transaction, before `extra` users are added (invited, or restored): refuses,
 * under the account's lock, what would take the account past its plan's users, saying how many
 * are used and how many are left.
 */
export async function assertUsersWithinPlan(
  tx: Executor,
  accountId: string,
  extra: number,
): Promise<void> {
  const { users: limit } = await lockPlanLimits(tx, accountId);
  const used = await usersInPlan(tx, accountId);
  if (withinPlan(used, extra, limit)) return;
  throw new AppError(
    errorCodes.PLAN_USER_LIMIT,
    userMessages.usersOverPlan({ limit, used, asked: extra }),
    { status: 409 },
  );
}

import type { Executor } from '../db/database';

/*
 * What an activity-log entry names as its target, read before or inside the action's own
 * transaction: the log says "Deleted user ann@example.com", not an id.
 */

const joined = (values: readonly string[]) => values.filter((value) => value !== '').join(', ');

/** The e-mails of users of the account, in the order asked. */
export async function userEmails(
  db: Executor,
  accountId: string,
  userIds: readonly string[],
): Promise<string> {
  if (userIds.length === 0) return '';
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('account_id', '=', accountId)
    .where('id', 'in', [...userIds])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.email]));
  return joined(userIds.map((id) => byId.get(id) ?? ''));
}

/** The name of a team of the account ('' when there is none). */
export async function teamName(db: Executor, accountId: string, teamId: string): Promise<string> {
  const row = await db
    .selectFrom('teams')
    .select('name')
    .where('account_id', '=', accountId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** The numbers of invoices of the account. */
export async function invoiceNumbers(
  db: Executor,
  accountId: string,
  invoiceIds: readonly string[],
): Promise<string> {
  if (invoiceIds.length === 0) return '';
  const rows = await db
    .selectFrom('invoices')
    .select('number')
    .where('account_id', '=', accountId)
    .where('id', 'in', [...invoiceIds])
    .orderBy('number')
    .execute();
  return joined(rows.map((row) => row.number));
}

/** The account's plan, by name. */
export async function planName(db: Executor, accountId: string): Promise<string> {
  const row = await db
    .selectFrom('reseller_accounts')
    .select('plan_name')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.plan_name ?? '';
}

/**
 * A billing entry's target from what the payment wrote: an upgrade names the new plan and its
 * invoice; a payment its invoices; a card change the card; anything else the account's plan.
 */
export async function billingTarget(
  db: Executor,
  accountId: string,
  action: string,
  written: Record<string, unknown>,
): Promise<string> {
  const listed: unknown[] = Array.isArray(written.invoiceIds) ? written.invoiceIds : [];
  const ids = [written.invoiceId, ...listed]
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .slice(0, 20);
  const invoices = await invoiceNumbers(db, accountId, ids);
  if (action === 'billing.upgrade') {
    return joined([await planName(db, accountId), invoices && `invoice ${invoices}`]);
  }
  if (invoices !== '') return invoices;
  if (typeof written.last4 === 'string') return `Card ending ${written.last4}`;
  return planName(db, accountId);
}

/** Who a session belongs to: its user, and the user's account for a reseller. */
export async function sessionSubject(
  db: Executor,
  sessionId: string,
): Promise<{ subjectId: string; accountId: string | null } | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 's.subject_id').on('s.subject_kind', '=', 'reseller'),
    )
    .select(['s.subject_id', 'u.account_id'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  return row && { subjectId: row.subject_id, accountId: row.account_id ?? null };
}

import crypto from 'node:crypto';
import type { Database, Executor } from '../../db/database';
import type { ChargeRequest, PaymentGateway } from './gateway';

/**
 * The payment ledger: every charge the server asks the gateway for is written down first, in its
 * own committed write, then marked in the very transaction that records the payment. So money
 * and rows can only disagree in ways this ledger sees:
 * - `started` for longer than a request takes: the server died between the charge and its rows
 *   (or before the charge): reconcile() asks the gateway and gives back what it took;
 * - `refund_failed`: the rows could not be written and the refund failed too: retried hourly.
 */
export type AttemptPurpose = 'upgrade' | 'signup' | 'pending_charges' | 'renewal';
export type AttemptStatus =
  'started' | 'recorded' | 'declined' | 'refunded' | 'refund_failed' | 'abandoned';

/** How long a charge may stay `started` before nobody is taken to be finishing it. */
export const ATTEMPT_STALE_MS = 10 * 60 * 1000;

/**
 * The key to charge under, for a charge whose key is derived from what it pays (so a retry is
 * the same charge): a charge already given back under that key must not be asked again, since
 * the gateway would answer with that refunded charge as if it were paid. It then gets a new one.
 */
export async function keyForCharge(db: Executor, derivedKey: string): Promise<string> {
  const previous = await db
    .selectFrom('payment_attempts')
    .select('status')
    .where('idempotency_key', '=', derivedKey)
    .executeTakeFirst();
  // Refunded, or never charged (the gateway may hold a decline under it): a new charge, a new key.
  const isSpent =
    previous?.status === 'refunded' ||
    previous?.status === 'refund_failed' ||
    previous?.status === 'abandoned';
  return isSpent ? `${derivedKey}:${crypto.randomUUID()}` : derivedKey;
}

/**
 * Writes the attempt down before the charge. A retried charge with the same key keeps its row.
 * Answers whether this call wrote it: a job uses that as its claim on the charge, so of two
 * instances renewing one subscription at once only one goes on to the gateway.
 */
export async function beginAttempt(
  db: Executor,
  purpose: AttemptPurpose,
  accountId: string | null,
  request: ChargeRequest,
  now: string,
): Promise<boolean> {
  const written = await db
    .insertInto('payment_attempts')
    .values({
      id: crypto.randomUUID(),
      idempotency_key: request.idempotencyKey,
      account_id: accountId,
      purpose,
      token: request.token,
      amount_minor: request.amountMinor,
      currency: request.currency,
      description: request.description,
      status: 'started',
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Sets an attempt's outcome; `recorded` belongs in the transaction that writes the payment. */
export async function markAttempt(
  db: Executor,
  idempotencyKey: string,
  status: AttemptStatus,
  now: string,
  fields: { gatewayRef?: string; accountId?: string; detail?: string } = {},
): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({
      status,
      updated_at: now,
      ...(fields.gatewayRef === undefined ? {} : { gateway_ref: fields.gatewayRef }),
      ...(fields.accountId === undefined ? {} : { account_id: fields.accountId }),
      ...(fields.detail === undefined ? {} : { detail: fields.detail }),
    })
    .where('idempotency_key', '=', idempotencyKey)
    .execute();
}

/**
 * Gives a charge back because its rows were not written. Never throws: a refund the gateway
 * refuses, or a gateway that cannot be reached, leaves the attempt `refund_failed` for the
 * hourly retry, and the caller answers with its own error. Returns whether the money went back.
 */
export async function giveBack(
  db: Database,
  gateway: PaymentGateway,
  request: ChargeRequest,
  now: string,
): Promise<boolean> {
  let detail: string;
  try {
    const refund = await gateway.refund({
      ...request,
      idempotencyKey: `${request.idempotencyKey}:refund`,
    });
    if (refund.ok) {
      await markAttempt(db, request.idempotencyKey, 'refunded', now, {
        detail: `refund ${refund.reference}`,
      });
      return true;
    }
    detail = `refund refused: ${refund.reason}`;
  } catch (error) {
    detail = `refund failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  await markAttempt(db, request.idempotencyKey, 'refund_failed', now, { detail }).catch(
    () => undefined, // the database is what failed: the attempt stays `started`, found later
  );
  return false;
}

export interface ReconcileReport {
  refunded: number;
  abandoned: number;
  stillFailing: number;
}

/**
 * Settles what no request will finish: stale `started` attempts (the gateway says whether it
 * charged: if so the money goes back, else the attempt is abandoned) and `refund_failed` ones
 * (the refund is tried again, under the same key, so it can never be paid twice).
 */
export async function reconcileAttempts(
  db: Database,
  gateway: PaymentGateway,
  now: Date,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { refunded: 0, abandoned: 0, stillFailing: 0 };
  const staleBefore = new Date(now.getTime() - ATTEMPT_STALE_MS).toISOString();
  const open = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where((where) =>
      where.or([
        where.and([where('status', '=', 'started'), where('created_at', '<', staleBefore)]),
        where('status', '=', 'refund_failed'),
      ]),
    )
    .orderBy('created_at')
    .execute();
  const at = now.toISOString();
  for (const attempt of open) {
    // Two reconcilers (two instances, or the command beside the server) take turns per row:
    // only the one whose touch lands acts on it.
    const touched = await db
      .updateTable('payment_attempts')
      .set({ updated_at: at })
      .where('idempotency_key', '=', attempt.idempotency_key)
      .where('status', '=', attempt.status)
      .where('updated_at', '=', attempt.updated_at)
      .executeTakeFirst();
    if (touched.numUpdatedRows !== 1n) continue;
    const request: ChargeRequest = {
      token: attempt.token,
      amountMinor: attempt.amount_minor,
      currency: attempt.currency,
      description: attempt.description,
      idempotencyKey: attempt.idempotency_key,
    };
    if (attempt.status === 'started') {
      const charge = await gateway.findCharge(attempt.idempotency_key);
      if (!charge?.ok) {
        await markAttempt(db, attempt.idempotency_key, 'abandoned', at, {
          detail: charge ? `declined: ${charge.reason}` : 'never charged',
        });
        report.abandoned += 1;
        continue;
      }
    }
    if (await giveBack(db, gateway, request, at)) report.refunded += 1;
    else report.stillFailing += 1;
  }
  return report;
}

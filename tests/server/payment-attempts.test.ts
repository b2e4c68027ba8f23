import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPaymentGateway } from '../../server/services/billing/active-gateway';
import type { InPaymentTransaction } from '../../server/services/billing/card-on-file';
import { payPendingCharges } from '../../server/services/billing/pending-charges';
import { upgradeByCard } from '../../server/services/billing/upgrade';
import { nowIso } from '../../server/services/clock';
import {
  ATTEMPT_STALE_MS,
  beginAttempt,
  reconcileAttempts,
} from '../../server/services/payments/attempts';
import type { ChargeRequest, PaymentGateway } from '../../server/services/payments/gateway';
import { createSandboxGateway } from '../../server/services/payments/sandbox';
import { accountIdOfUser } from './helpers/accounts';
import { insertPendingCharge } from './helpers/pending-charge';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  setPaymentGateway(undefined);
});

const accountIdOf = (email: string) => accountIdOfUser(t.db, email);

const attemptsOf = (accountId: string) =>
  t.db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();

const planOf = async (accountId: string) =>
  (
    await t.db
      .selectFrom('billing_accounts')
      .innerJoin('plans', 'plans.id', 'billing_accounts.plan_id')
      .select('plans.code')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
  ).code;

/** The sandbox with a switch that makes refunds fail, counting the money that moved. */
function recordingGateway() {
  const sandbox = createSandboxGateway();
  const state = { refundsFail: false, charged: 0, refunded: 0 };
  const references = new Set<string>();
  const gateway: PaymentGateway = {
    name: 'recording sandbox',
    tokenize: (card, now) => sandbox.tokenize(card, now),
    async charge(request) {
      const result = await sandbox.charge(request);
      // A key asked again answers its first charge: no money moves the second time.
      if (result.ok && !references.has(result.reference)) {
        references.add(result.reference);
        state.charged += request.amountMinor;
      }
      return result;
    },
    async refund(request) {
      if (state.refundsFail) throw new Error('gateway unreachable');
      const result = await sandbox.refund(request);
      if (result.ok) state.refunded += request.amountMinor;
      return result;
    },
    findCharge: (key) => sandbox.findCharge(key),
  };
  return { gateway, state };
}

const failingWrite: InPaymentTransaction = () => Promise.reject(new Error('disk full'));

describe('Payment attempts', () => {
  it('an upgrade writes its attempt down and marks it recorded with the payment', async () => {
    const accountId = await accountIdOf('reseller@example.com');
    await upgradeByCard(t.db, accountId, 'BR-250', undefined, { useCardOnFile: true });
    const [attempt] = await attemptsOf(accountId);
    const charge = await t.db
      .selectFrom('transactions')
      .select(['gateway_ref', 'amount_minor'])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'charge')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({
      purpose: 'upgrade',
      status: 'recorded',
      gateway_ref: charge.gateway_ref,
      amount_minor: charge.amount_minor,
    });
  });

  it('a write that fails after the charge gives the money back and says so', async () => {
    const { gateway, state } = recordingGateway();
    setPaymentGateway(gateway);
    const accountId = await accountIdOf('eu@example.com');
    const before = await planOf(accountId);
    await expect(
      upgradeByCard(t.db, accountId, 'BR-250', undefined, { useCardOnFile: true }, failingWrite),
    ).rejects.toMatchObject({ code: 'UPGRADE_FAILED' });
    expect(await planOf(accountId)).toBe(before);
    expect(state.charged).toBeGreaterThan(0);
    expect(state.refunded).toBe(state.charged);
    const [attempt] = await attemptsOf(accountId);
    expect(attempt?.status).toBe('refunded');
  });

  it('a refund that fails too is kept and given back by the reconciliation', async () => {
    const { gateway, state } = recordingGateway();
    setPaymentGateway(gateway);
    state.refundsFail = true;
    const accountId = await accountIdOf('eu@example.com');
    // The caller still gets the upgrade's own error, not a 500.
    await expect(
      upgradeByCard(t.db, accountId, 'BR-250', undefined, { useCardOnFile: true }, failingWrite),
    ).rejects.toMatchObject({ code: 'UPGRADE_FAILED' });
    const attempts = await attemptsOf(accountId);
    const failed = attempts.at(-1);
    expect(failed).toMatchObject({
      status: 'refund_failed',
      detail: expect.stringContaining('gateway unreachable') as string,
    });
    expect(state.refunded).toBe(0);

    // Still unreachable: nothing changes, nothing is lost.
    expect(await reconcileAttempts(t.db, gateway, new Date())).toMatchObject({
      refunded: 0,
      stillFailing: 1,
    });
    state.refundsFail = false;
    expect(await reconcileAttempts(t.db, gateway, new Date())).toMatchObject({
      refunded: 1,
      stillFailing: 0,
    });
    expect(state.refunded).toBe(state.charged);
    expect((await attemptsOf(accountId)).at(-1)?.status).toBe('refunded');
    // A second run finds nothing left to do, and refunds nothing twice.
    expect(await reconcileAttempts(t.db, gateway, new Date())).toEqual({
      refunded: 0,
      abandoned: 0,
      stillFailing: 0,
    });
    expect(state.refunded).toBe(state.charged);
  });

  it('a charge whose server died before its rows is refunded once stale; one never made is abandoned', async () => {
    const { gateway, state } = recordingGateway();
    const accountId = await accountIdOf('leaving@example.com');
    const { card_token: token } = await t.db
      .selectFrom('billing_accounts')
      .select('card_token')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const request = (key: string): ChargeRequest => ({
      token,
      amountMinor: 5_000,
      currency: 'USD',
      description: 'Upgrade',
      idempotencyKey: key,
    });
    const startedAt = new Date(Date.now() - ATTEMPT_STALE_MS - 60_000).toISOString();
    // Charged, then the process was killed: the attempt stays `started`.
    await beginAttempt(t.db, 'upgrade', accountId, request('killed-after-charge'), startedAt);
    await gateway.charge(request('killed-after-charge'));
    // Killed before the charge was sent.
    await beginAttempt(t.db, 'upgrade', accountId, request('killed-before-charge'), startedAt);
    // A request still under way: not touched.
    await beginAttempt(t.db, 'upgrade', accountId, request('in-flight'), nowIso());

    expect(await reconcileAttempts(t.db, gateway, new Date())).toEqual({
      refunded: 1,
      abandoned: 1,
      stillFailing: 0,
    });
    expect(state.refunded).toBe(5_000);
    const byKey = Object.fromEntries(
      (await attemptsOf(accountId)).map((row) => [row.idempotency_key, row.status]),
    );
    expect(byKey).toEqual({
      'killed-after-charge': 'refunded',
      'killed-before-charge': 'abandoned',
      'in-flight': 'started',
    });
  });

  it('pending charges given back after a crash are charged anew, not answered by the refunded charge', async () => {
    const { gateway, state } = recordingGateway();
    setPaymentGateway(gateway);
    const accountId = await accountIdOf('leaving@example.com');
    const { invoiceId, chargeId } = await insertPendingCharge(t.db, accountId, 2_000);
    await t.db
      .updateTable('reseller_accounts')
      .set({ is_pending_charge: 1 })
      .where('id', '=', accountId)
      .execute();
    const { card_token: token } = await t.db
      .selectFrom('billing_accounts')
      .select('card_token')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    // A first payment was charged, then the server died; the reconciliation gave it back.
    const derivedKey = `pending:${chargeId}:${token}`;
    const crashed: ChargeRequest = {
      token,
      amountMinor: 2_000,
      currency: 'USD',
      description: 'Pending charges',
      idempotencyKey: derivedKey,
    };
    const longAgo = new Date(Date.now() - ATTEMPT_STALE_MS - 60_000).toISOString();
    await beginAttempt(t.db, 'pending_charges', accountId, crashed, longAgo);
    await gateway.charge(crashed);
    expect(await reconcileAttempts(t.db, gateway, new Date())).toMatchObject({ refunded: 1 });
    expect(state.charged - state.refunded).toBe(0);

    // Paying again charges the card again, and that payment is the one recorded.
    await payPendingCharges(t.db, accountId);
    expect(state.charged - state.refunded).toBe(2_000);
    const paid = await t.db
      .selectFrom('transactions')
      .select('gateway_ref')
      .where('invoice_id', '=', invoiceId)
      .where('kind', '=', 'charge')
      .execute();
    expect(paid).toHaveLength(1);
    const attempts = await attemptsOf(accountId);
    const recorded = attempts.filter((row) => row.status === 'recorded');
    expect(recorded.map((row) => row.gateway_ref)).toContain(paid[0]?.gateway_ref);
    expect(
      recorded.find((row) => row.gateway_ref === paid[0]?.gateway_ref)?.idempotency_key,
    ).not.toBe(derivedKey);
  });
});

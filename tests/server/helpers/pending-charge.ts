import crypto from 'node:crypto';
import type { Database } from '../../../server/db/database';
import { insertInvoice } from '../../../server/services/billing/repository';
import { addDays, nowIso } from '../../../server/services/clock';

/** A due invoice of `amountMinor` and its open pending charge, as a failed renewal leaves them. */
export async function insertPendingCharge(
  db: Database,
  accountId: string,
  amountMinor: number,
): Promise<{ invoiceId: string; chargeId: string }> {
  const now = nowIso();
  const invoiceId = await insertInvoice(db, {
    accountId,
    kind: 'renewal',
    status: 'DUE',
    issuedAt: now,
    dueAt: addDays(now, 7),
    periodStart: now,
    periodEnd: addDays(now, 30),
    currency: 'USD',
    lines: [{ description: 'Extra computers', quantity: 1, unitMinor: amountMinor, amountMinor }],
    tax: { type: 'none', rateBp: 0, taxMinor: 0, label: '', isReverseCharge: false },
    buyer: { name: 'Lakeside Helpdesk', lines: [], taxId: '' },
  });
  const chargeId = crypto.randomUUID();
  await db
    .insertInto('pending_charges')
    .values({
      id: chargeId,
      account_id: accountId,
      invoice_id: invoiceId,
      amount_minor: amountMinor,
      currency: 'USD',
      description: 'Extra computers',
      due_at: addDays(now, 7),
      status: 'open',
      period_key: `test:${invoiceId}`,
      created_at: now,
      paid_at: null,
    })
    .execute();
  return { invoiceId, chargeId };
}

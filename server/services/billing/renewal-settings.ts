/** The account's auto-renewal switch and the term it renews for. */
import type { Database } from '../../db/database';
import { nowIso } from '../clock';
import { asTerm } from './account-view';
import type { Term } from './proration';
import { loadAccountBundle } from './repository';

export async function setAutoRenewal(db: Database, accountId: string, enable: boolean) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  await db
    .updateTable('billing_accounts')
    .set({ auto_renew: enable ? 1 : 0, updated_at: now })
    .where('account_id', '=', accountId)
    .execute();
  return {
    text: enable ? 'Auto-renewal has been turned on' : 'Auto-renewal has been turned off',
    autoRenew: enable,
    renewTerm: asTerm(bundle.billing.renew_term),
  };
}

export async function setRenewTerm(db: Database, accountId: string, renewTerm: Term) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  await db
    .updateTable('billing_accounts')
    .set({ renew_term: renewTerm, updated_at: now })
    .where('account_id', '=', accountId)
    .execute();
  return {
    text: 'Renewal details have been updated',
    autoRenew: bundle.billing.auto_renew === 1,
    renewTerm,
  };
}

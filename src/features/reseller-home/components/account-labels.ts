import { accountValues, SUBSCRIPTION_TYPE_FREE_TRIAL } from '../../../domain/constants';

/** Readable names for the account_status codes; unknown codes are shown as sent. */
const accountStatusLabels: Readonly<Record<string, string>> = {
  A: 'Active',
  [accountValues.STATUS_S]: 'Suspended',
  [accountValues.ACCOUNT_CANCELLED_STATUS]: 'Cancelled',
  [accountValues.CCFAILEDACC]: 'Card payment failed',
};

export function accountStatusLabel(status: string): string {
  return accountStatusLabels[status] ?? status;
}

export function subscriptionTypeLabel(type: string): string {
  if (type === SUBSCRIPTION_TYPE_FREE_TRIAL) return 'Free trial';
  if (type === 'PAID') return 'Paid subscription';
  return type;
}

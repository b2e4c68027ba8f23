/**
 * The read-only report calls whose answers the service worker keeps per account (NetworkFirst):
 * invoice list and detail, transactions, activity log and its filter's users, partner commission
 * reports and dashboard figures. Paths are relative to /rpc-api. Nothing else under /rpc-api/ is
 * ever cached.
 */
export const REPORT_API_PATHS: readonly string[] = [
  '/reseller/ecom/invoices',
  '/reseller/ecom/invoiceDetails',
  '/reseller/ecom/transactions',
  '/reseller/log/activity/get',
  '/reseller/log/activity/users',
  '/partner/dashboard/summary',
  '/partner/commission/getTrasactions',
  '/partner/hd/commission/getTrasactions.json',
  '/partner/getPartnerUnconfirmedUsers',
  '/partner/getHdPartnerUnconfirmedUsers',
  '/partner/getBountyPartnerUserReport',
  '/partner/getPartnerUserReport',
  '/partner/getHelpdeskPartnerUserReport',
];

export const API_PREFIX = '/rpc-api';

/** Which account kind a report path belongs to, or undefined when it is not a report. */
export function reportKindOf(pathname: string): 'reseller' | 'partner' | undefined {
  if (!pathname.startsWith(`${API_PREFIX}/`)) return undefined;
  const path = pathname.slice(API_PREFIX.length);
  if (!REPORT_API_PATHS.includes(path)) return undefined;
  return path.startsWith('/partner/') ? 'partner' : 'reseller';
}

/** Prefix of the per-account report caches (the page deletes them all on logout). */
export const REPORT_CACHE_PREFIX = 'rpc-reports-';

/** The Cache Storage name of one account's report answers. */
export function reportCacheName(account: string): string {
  return `${REPORT_CACHE_PREFIX}${encodeURIComponent(account)}`;
}

/** Messages between the console and its service worker. */
export type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  /** The signed-in account of a kind (`undefined`: signed out); its reports go to its cache. */
  | { type: 'SET_ACCOUNT'; kind: 'reseller' | 'partner'; account: string | undefined }
  /** Forget the account and delete its report cache. */
  | { type: 'WIPE_ACCOUNT'; kind: 'reseller' | 'partner' };

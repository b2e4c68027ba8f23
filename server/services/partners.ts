import type { Executor } from '../db/database';
import { statesOf } from './partners/geo';
import type { PartnerAccountStatus, PartnerUserInfo } from '../../src/domain/api/session';

export async function findPartnerByLogin(db: Executor, login: string) {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('partners')
    .select(['id', 'partner_id', 'password_hash', 'account_status'])
    .where((eb) => eb.or([eb('partner_id', '=', value), eb('email', '=', value)]))
    .executeTakeFirst();
}

/** Where a partner goes after signing in: the lifecycle is signup, W-9, approval, dashboard. */
export function partnerLandingPath(status: string): string {
  switch (status as PartnerAccountStatus) {
    case 'W9_PENDING':
      return '/partner/SignUp/W9Form';
    case 'APPROVAL_PENDING':
    case 'REJECTED':
      return '/partner/approvalPage';
    default:
      return '/partner/dashboard';
  }
}

const masked = (last4: string) => (last4 ? `*****${last4}` : '');

/** The partner-info answer. The TIN is only ever sent masked to its last four digits. */
export async function partnerUserInfo(
  db: Executor,
  id: string,
  publicOrigin: string,
): Promise<PartnerUserInfo | undefined> {
  const p = await db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) return undefined;
  const link = (program: string) => `${publicOrigin}/ref/${program}/${p.partner_id}`;
  return {
    link: link('rpc'),
    hdLink: link('hd'),
    bountyLink: link('rpc-bounty'),
    bountyHdLink: link('hd-bounty'),
    username: p.partner_id,
    country_name: p.country,
    states: statesOf(p.country),
    rpcPartnerInfo: {
      id: p.id,
      partnerId: p.partner_id,
      password: null,
      companyName: p.company_name,
      emailId: p.email,
      contactPerson: p.contact_person,
      address1: p.address1,
      address2: p.address2,
      city: p.city,
      state: p.state,
      zip: p.zip,
      phoneNumber: p.phone,
      creationDate: p.created_at,
      partnerType: p.partner_type,
      paypalEmailId: p.paypal_email,
      country: p.country,
      hearAbout: p.hear_about,
      accountStatus: p.account_status as PartnerAccountStatus,
      referal_others: p.referal_others,
      rejectionReason: p.rejection_reason,
      companyNameW9: p.company_name_w9,
      address1W9: p.address1_w9,
      address2W9: p.address2_w9,
      federalTaxClassification: p.federal_tax_classification,
      federalTaxClassificationDetails: p.federal_tax_classification_details,
      requestersNameAddress: p.requesters_name_address,
      ein: p.tin_type === 'ein' ? masked(p.tin_last4) : '',
      ssn: p.tin_type === 'ssn' ? masked(p.tin_last4) : '',
      signature: p.signature,
      w9Date: p.w9_date,
      dbaname: p.dba_name,
      dbanameW9: p.dba_name_w9,
    },
  };
}

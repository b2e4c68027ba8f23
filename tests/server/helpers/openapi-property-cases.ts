import { computerMessages } from '../../../src/domain/api/computers';
import { partnerAccountMessages } from '../../../src/domain/api/partner-account';
import { partnerReportMessages } from '../../../src/domain/api/partner-reports';
import { paginationMessages } from '../../../src/domain/api/reseller-api-pagination';
import { userMessages } from '../../../src/domain/api/reseller-users';
import { teamMessages } from '../../../src/domain/api/teams';
import { formatMessage } from '../../../src/domain/messages';

/** The operations tests/server/openapi-property.test.ts leaves out or lets refuse beyond shape. */

/** Operations left out, and why. */
export const skipped: Record<string, string> = {
  signOutReseller: 'ends the session the other operations run in',
  signOutPartner: 'ends the session the other operations run in',
  updateCard: 'a payment: charges through the payment gateway',
  payPendingCharges: 'a payment: charges through the payment gateway',
  upgradePlan: 'a payment: charges through the payment gateway',
  upgradePlanByInvoice: 'a payment: raises an invoice through the payment gateway',
  signUpPaid: 'a payment: charges through the payment gateway',
  saveSsoConfig: 'single sign-on is being built (its fields depend on the protocol chosen)',
  enableSso: 'single sign-on is being built (it needs saved settings first)',
};
/**
 * Refusals no schema can state, each answered as VALIDATION_FAILED with the rule's message and
 * named in the operation's description: a check across fields, or against the account or a
 * lookup. A generated request may meet them; any other VALIDATION_FAILED is a document that
 * allows what the server refuses.
 */
export const acrossFields = [
  // Two fields that must be equal.
  formatMessage('password.confirm.mismatch'),
  // The captcha's proof of work, solved in the browser.
  formatMessage('captcha.verify'),
];
export const beyondSchema: Record<string, readonly string[]> = {
  // The VAT ID must be one of the billing country's (an EU country), the GSTIN an Indian account's.
  updateVatNumber: [formatMessage('vat.invalid')],
  updateGstNumber: [formatMessage('gstin.invalid')],
  // The ZIP code must exist in the state (a lookup); a country must be one the shop sells to.
  validateUsZipCode: [formatMessage('zip.usa.invalid')],
  updateBillingAddress: [
    formatMessage('zip.usa.invalid'),
    formatMessage('generic.error'),
    // A state is needed where the country has states.
    formatMessage('state.select'),
  ],
  // A country from the list (GET /partner/countries).
  continuePartnerSignup: [partnerAccountMessages.countryRequired],
  updatePartnerProfile: [partnerAccountMessages.countryRequired],
  // A name another team or group of the account holds.
  createTeam: [teamMessages.nameTaken],
  renameTeam: [teamMessages.nameTaken],
  createGroup: [computerMessages.groupNameTaken],
  renameGroup: [computerMessages.groupNameTaken],
  // The TIN of the chosen type, a signing date not in the future, details for LLC and Other.
  ...Object.fromEntries(
    ['previewPartnerW9Form', 'confirmPartnerW9Form'].map((id) => [
      id,
      [
        partnerAccountMessages.ssnInvalid,
        partnerAccountMessages.einInvalid,
        partnerAccountMessages.w9DateInvalid,
        partnerAccountMessages.llcDetailsRequired,
        partnerAccountMessages.otherDetailsRequired,
      ],
    ]),
  ),
  // One of three ranges, its start before its end, at most 24 months.
  ...Object.fromEntries(
    [
      'getPartnerBountyReport',
      'getPartnerReferralReport',
      'getHelpdeskPartnerReferralReport',
      'listPartnerCommissions',
      'listHelpdeskPartnerCommissions',
    ].map((id) => [
      id,
      [
        partnerReportMessages.rangeInvalid,
        partnerReportMessages.rangeOrder,
        partnerReportMessages.rangeTooLong,
      ],
    ]),
  ),
  // Pages by cursor or by number, not both; a cursor is one the list gave out, for its sort.
  ...Object.fromEntries(
    ['listApiComputers', 'listApiUsers', 'listApiGroups'].map((id) => [
      id,
      [paginationMessages.mixed, paginationMessages.cursor, paginationMessages.otherSort],
    ]),
  ),
  // The computers allotted to a user fit in the account's plan; an address no user holds yet.
  ...Object.fromEntries(
    ['addUser', 'inviteUser', 'updateUser', 'inviteApiUser', 'updateApiUser'].map((id) => [
      id,
      [userMessages.allottedOverPlan, formatMessage('email.exists')],
    ]),
  ),
};

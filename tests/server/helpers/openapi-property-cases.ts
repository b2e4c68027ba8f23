/** The operations tests/server/openapi-property.test.ts leaves out, and why. */
export const skipped: Record<string, string> = {
  signOutReseller: 'ends the session the other operations run in',
  signOutPartner: 'ends the session the other operations run in',
  updateCard: 'a payment: charges through the payment gateway',
  payPendingCharges: 'a payment: charges through the payment gateway',
  upgradePlan: 'a payment: charges through the payment gateway',
  upgradePlanByInvoice: 'a payment: raises an invoice through the payment gateway',
  signUpPaid: 'a payment: charges through the payment gateway',
  // Its protocol decides which fields are needed (sso-oidc.test.ts and sso-saml-sp.test.ts),
  // and a metadata URL or issuer it is given is fetched: generated ones would reach the network.
  saveSsoConfig: 'fetches the identity provider address it is given (the network)',
};

/**
 * Where the invited-user signup's terms checkbox links (the product's public site). The spec
 * names the terms but gives no address; these are the default product's pages.
 */
export const legalLinks = {
  pricingTerms: 'https://www.remotepc.com/pricing',
  serviceTerms: 'https://www.remotepc.com/terms',
} as const;

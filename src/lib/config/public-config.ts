import type { PublicConfig } from '../../domain/api/session';
import { apiGet } from '../http/api-client';

/** Used until /rpc-api/config answers, or when it cannot: the server's own defaults. */
export const FALLBACK_CONFIG: PublicConfig = {
  productName: 'RemotePC',
  supportEmail: 'support@example.com',
  termsUrl: 'https://www.remotepc.com/terms',
  pricingTermsUrl: 'https://www.remotepc.com/pricing',
};

function isPublicConfig(value: unknown): value is PublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { productName, supportEmail, termsUrl, pricingTermsUrl } = value as Record<string, unknown>;
  return (
    typeof productName === 'string' &&
    productName !== '' &&
    typeof supportEmail === 'string' &&
    typeof termsUrl === 'string' &&
    typeof pricingTermsUrl === 'string'
  );
}

/**
 * `{product}` and the support e-mail come from the server's PRODUCT_NAME / SUPPORT_EMAIL. Checked
 * by hand rather than with the zod schema so the sign-in page's first bundle stays small.
 */
export async function loadPublicConfig(): Promise<PublicConfig> {
  try {
    const config = await apiGet<unknown>('/config');
    if (isPublicConfig(config)) return config;
    console.warn('Unexpected /rpc-api/config answer; using defaults');
  } catch (error) {
    console.warn('Could not load /rpc-api/config; using defaults', error);
  }
  return FALLBACK_CONFIG;
}

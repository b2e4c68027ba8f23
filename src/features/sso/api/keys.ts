/** Query keys of the single sign-on area. */
export const ssoKeys = {
  all: ['sso'] as const,
  config: () => [...ssoKeys.all, 'config'] as const,
  samlSp: () => [...ssoKeys.all, 'saml-sp'] as const,
};

/** Query keys of the two-factor settings. */
export const twofaKeys = {
  all: ['two-factor'] as const,
  securityInfo: () => [...twofaKeys.all, 'security-info'] as const,
};

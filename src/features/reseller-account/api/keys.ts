/** Query keys of the reseller account area: one factory, so invalidation can target a branch. */
export const accountKeys = {
  all: ['reseller-account'] as const,
  account: () => [...accountKeys.all, 'account'] as const,
};

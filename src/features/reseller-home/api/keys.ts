/** Query keys of the reseller area: one factory, so invalidation can target a whole branch. */
export const resellerKeys = {
  all: ['reseller'] as const,
  userInfo: () => [...resellerKeys.all, 'user-info'] as const,
};

/** Query keys of the teams area. */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  userOptions: () => [...teamKeys.all, 'user-options'] as const,
};

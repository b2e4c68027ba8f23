/** Query keys of the teams area. */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  userOptions: (search: string) => [...teamKeys.all, 'user-options', search] as const,
};

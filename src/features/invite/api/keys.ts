/** Query keys of the invited-user signup. */
export const inviteKeys = {
  all: ['invite'] as const,
  check: (uniqueId: string, email: string) =>
    [...inviteKeys.all, 'check', uniqueId, email] as const,
};

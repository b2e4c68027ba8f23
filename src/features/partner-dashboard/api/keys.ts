/**
 * Query keys of the partner area: one factory, so invalidation can target a whole branch.
 * user_info's key is src/lib/session/user-info-key.ts.
 */
export const partnerKeys = {
  all: ['partner'] as const,
};

import { userInfoKey } from '../../../lib/session/user-info-key';

/** Query keys of the partner area: one factory, so invalidation can target a whole branch. */
export const partnerKeys = {
  all: ['partner'] as const,
  userInfo: () => userInfoKey('partner'),
};

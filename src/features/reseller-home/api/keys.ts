import { userInfoKey } from '../../../lib/session/user-info-key';

/** Query keys of the reseller area: one factory, so invalidation can target a whole branch. */
export const resellerKeys = {
  all: ['reseller'] as const,
  userInfo: () => userInfoKey('reseller'),
};

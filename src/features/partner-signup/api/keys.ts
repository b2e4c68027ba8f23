import { userInfoKey } from '../../../lib/session/user-info-key';

/** Query keys of partner signup and the W-9 (user-info shares the partner area's key). */
export const partnerSignupKeys = {
  countries: () => ['partner', 'countries'] as const,
  states: (country: string) => ['partner', 'states', country] as const,
  userInfo: () => userInfoKey('partner'),
};

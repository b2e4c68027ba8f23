import { useQuery } from '@tanstack/react-query';
import { partnerUserInfoQuery } from '../../../lib/session/user-info-query';

export function usePartnerUserInfo() {
  return useQuery(partnerUserInfoQuery);
}

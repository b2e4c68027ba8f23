import { useQuery } from '@tanstack/react-query';
import { resellerUserInfoQuery } from '../../../lib/session/user-info-query';

export function useResellerUserInfo() {
  return useQuery(resellerUserInfoQuery);
}

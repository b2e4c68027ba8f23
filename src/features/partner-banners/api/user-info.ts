import { useQuery } from '@tanstack/react-query';
import { partnerUserInfoQuery } from '../../../lib/session/user-info-query';

/** The partner's tracking links come with user_info (same key as the rest of the partner area). */
export const userInfoQuery = partnerUserInfoQuery;
export const usePartnerLinks = () => useQuery(userInfoQuery);

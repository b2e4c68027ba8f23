import { useQuery } from '@tanstack/react-query';
import { partnerUserInfoQuery } from '../../../lib/session/user-info-query';

/** The partner's status (same key as the rest of the partner area): reports need approval. */
export const userInfoQuery = partnerUserInfoQuery;
export const usePartnerStatus = () => useQuery(userInfoQuery);

import { queryOptions } from '@tanstack/react-query';
import { partnerUserInfoSchema, resellerUserInfoSchema } from '../../domain/api/session';
import { apiGet } from '../http/api-client';
import { userInfoKey } from './user-info-key';

/**
 * GET /rpc-api/reseller/user_info: who is signed in, their role, plan and account state. One
 * definition for the frame, every screen that reads it and the first render's prefetch.
 */
export const resellerUserInfoQuery = queryOptions({
  queryKey: userInfoKey('reseller'),
  queryFn: ({ signal }) =>
    apiGet('/reseller/user_info', undefined, { schema: resellerUserInfoSchema, signal }),
});

/** GET /rpc-api/partner/user_info: the partner, their tracking links and account status. */
export const partnerUserInfoQuery = queryOptions({
  queryKey: userInfoKey('partner'),
  queryFn: ({ signal }) =>
    apiGet('/partner/user_info', undefined, { schema: partnerUserInfoSchema, signal }),
});

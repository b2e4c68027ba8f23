import { queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import {
  unconfirmedUsersSchema,
  type PartnerProgram,
  type UnconfirmedUsers,
} from '../../../domain/api/partner-reports';
import { apiGet } from '../../../lib/http/api-client';
import { partnerReportKeys } from './keys';

const paths: Readonly<Record<PartnerProgram, string>> = {
  rpc: '/partner/getPartnerUnconfirmedUsers',
  hd: '/partner/getHdPartnerUnconfirmedUsers',
};

/** Referred users of one product who have not confirmed their account yet, and how many were referred. */
export function getUnconfirmedUsers(
  program: PartnerProgram,
  signal?: AbortSignal,
): Promise<UnconfirmedUsers> {
  return apiGet(paths[program], undefined, { schema: unconfirmedUsersSchema, signal });
}

export const unconfirmedUsersQuery = (program: PartnerProgram) =>
  queryOptions({
    queryKey: partnerReportKeys.unconfirmed(program),
    queryFn: ({ signal }) => getUnconfirmedUsers(program, signal),
  });

export function useUnconfirmedUsers(program: PartnerProgram) {
  return useOfflineQuery(unconfirmedUsersQuery(program), 'commission-report');
}

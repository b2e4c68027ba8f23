import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationCheckSchema } from '../../../domain/api/invite';
import { apiGet } from '../../../lib/http/api-client';
import { inviteKeys } from './keys';

/** GET /rpc-api/reseller/invite/check: is the link still usable? (expired_link when not) */
export function checkInvitation(uniqueId: string, email: string, signal?: AbortSignal) {
  return apiGet(
    '/reseller/invite/check',
    { unique_id: uniqueId, email },
    { schema: invitationCheckSchema, signal },
  );
}

export function useInvitationCheck(uniqueId: string, email: string) {
  return useQuery(
    queryOptions({
      queryKey: inviteKeys.check(uniqueId, email),
      queryFn: ({ signal }) => checkInvitation(uniqueId, email, signal),
      enabled: uniqueId !== '' && email !== '',
      retry: false,
      staleTime: Infinity,
    }),
  );
}

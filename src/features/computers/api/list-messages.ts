import { queryOptions, useQuery } from '@tanstack/react-query';
import { computerNotesSchema } from '../../../domain/api/computers';
import { apiGet } from '../../../lib/http/api-client';
import { computerKeys } from './keys';

/** GET /rpc-api/reseller/computer/message/get: the computer's messages, newest first. */
export function useMessages(computerId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: computerKeys.messages(computerId ?? ''),
      queryFn: ({ signal }) =>
        apiGet(
          '/reseller/computer/message/get',
          { computerId: computerId ?? '' },
          { schema: computerNotesSchema, signal },
        ),
      enabled: computerId !== null,
    }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { computerNotesSchema } from '../../../domain/api/computers';
import { apiGet } from '../../../lib/http/api-client';
import { computerKeys } from './keys';

/** GET /rpc-api/reseller/computer/comment/get: the computer's comments, newest first. */
export function useComments(computerId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: computerKeys.comments(computerId ?? ''),
      queryFn: ({ signal }) =>
        apiGet(
          '/reseller/computer/comment/get',
          { computerId: computerId ?? '' },
          { schema: computerNotesSchema, signal },
        ),
      enabled: computerId !== null,
    }),
  );
}

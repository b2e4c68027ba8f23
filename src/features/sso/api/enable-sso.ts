import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { ssoKeys } from './keys';

export interface EnableSsoRequest {
  scope: 'off' | 'account' | 'users';
  userIds: string[];
}

/** POST /rpc-api/reseller/sso/enable: the whole account, chosen users, or off. */
export function enableSso(request: EnableSsoRequest): Promise<{ users: number }> {
  return apiPost(
    '/reseller/sso/enable',
    { scope: request.scope, userIds: request.userIds.join(',') },
    { schema: z.object({ users: z.number() }) },
  );
}

export function useEnableSso() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: enableSso,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { SsoConfigInputBody } from '../../../domain/api/sso';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { ssoKeys } from './keys';

/** POST /rpc-api/reseller/sso/config (an empty client secret keeps the one saved). */
export function saveSsoConfig(body: SsoConfigInputBody): Promise<unknown> {
  const params = Object.fromEntries(
    Object.entries(body).filter(([, value]) => Boolean(value)),
  ) as Record<string, string>;
  return apiPost('/reseller/sso/config', params, { schema: z.object({ ok: z.literal(true) }) });
}

export function useSaveSsoConfig() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: saveSsoConfig,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}

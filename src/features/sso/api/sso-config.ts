import { queryOptions, useQuery } from '@tanstack/react-query';
import { ssoConfigViewSchema, type SsoConfigView } from '../../../domain/api/sso';
import { apiGet } from '../../../lib/http/api-client';
import { ssoKeys } from './keys';

/** GET /rpc-api/reseller/sso/config: the settings (never the client secret) and the users. */
export function getSsoConfig(signal?: AbortSignal): Promise<SsoConfigView> {
  return apiGet('/reseller/sso/config', undefined, { schema: ssoConfigViewSchema, signal });
}

export const ssoConfigQuery = queryOptions({
  queryKey: ssoKeys.config(),
  queryFn: ({ signal }) => getSsoConfig(signal),
});

export function useSsoConfig() {
  return useQuery(ssoConfigQuery);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../lib/http/api-client';
import { ssoKeys } from './keys';

/** What to paste into a SAML identity provider (the SAML routes answer it). */
export const samlSpSchema = z.object({
  entityId: z.string(),
  acsUrl: z.string(),
  sloUrl: z.string(),
  certificatePem: z.string(),
  metadataUrl: z.string().optional(),
});
export type SamlSp = z.infer<typeof samlSpSchema>;

/** GET /rpc-api/reseller/sso/saml/sp */
export function getSamlSp(signal?: AbortSignal): Promise<SamlSp> {
  return apiGet('/reseller/sso/saml/sp', undefined, { schema: samlSpSchema, signal });
}

export const samlSpQuery = queryOptions({
  queryKey: ssoKeys.samlSp(),
  queryFn: ({ signal }) => getSamlSp(signal),
});

export function useSamlSp(enabled: boolean) {
  return useQuery({ ...samlSpQuery, enabled });
}

import { generateSetupResponseSchema } from '../../../domain/api/two-factor';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

export type SetupRequest = { method: 'totp' } | { method: 'phone'; phone: string };

/** POST /rpc-api/reseller/twofa/user/generatePasscode: a new TOTP secret, or a texted code. */
export function generateSetup(request: SetupRequest) {
  return apiPost('/reseller/twofa/user/generatePasscode', request, {
    schema: generateSetupResponseSchema,
  });
}

export function useGenerateSetup() {
  return useServerMutation({ mutationFn: generateSetup });
}

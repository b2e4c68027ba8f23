import {
  cancelAccountResponseSchema,
  type CancelAccountRequest,
  type CancelAccountResponse,
} from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/**
 * POST /rpc-api/reseller/ecom/cancelAccount: the administrator's password confirms it; every
 * session of the account ends on the server, so the console leaves right after.
 */
export async function cancelAccount(request: CancelAccountRequest): Promise<CancelAccountResponse> {
  return apiPost(
    '/reseller/ecom/cancelAccount',
    { ...request },
    {
      schema: cancelAccountResponseSchema,
    },
  );
}

export function useCancelAccount() {
  return useServerMutation({ mutationFn: cancelAccount });
}

import {
  invitedSignupResponseSchema,
  type InvitedSignupRequest,
  type InvitedSignupResponse,
} from '../../../domain/api/invite';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/**
 * POST /rpc-api/reseller/invitedUserSignup with the spec's payload. The client only resolves on
 * code 200 and status "OK", and then the page follows message.rpc_redirect_link.
 */
export function invitedSignup(request: InvitedSignupRequest): Promise<InvitedSignupResponse> {
  return apiPost(
    '/reseller/invitedUserSignup',
    { ...request },
    { schema: invitedSignupResponseSchema },
  );
}

export function useInvitedSignup() {
  return useServerMutation({ mutationFn: invitedSignup });
}

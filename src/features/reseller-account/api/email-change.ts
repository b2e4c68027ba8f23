import { useQueryClient } from '@tanstack/react-query';
import { textResponseSchema, type EmailChangeRequest } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { accountKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/account/change/email: mails a confirmation link to the new address. */
export async function requestEmailChange(request: EmailChangeRequest): Promise<string> {
  const answer = await apiPost(
    '/reseller/account/change/email',
    { ...request },
    { schema: textResponseSchema },
  );
  return answer.text;
}

/** POST /rpc-api/reseller/account/change/email/resend: a fresh link; the old one stops working. */
export async function resendEmailChange(): Promise<string> {
  const answer = await apiPost(
    '/reseller/account/change/email/resend',
    {},
    {
      schema: textResponseSchema,
    },
  );
  return answer.text;
}

/** POST /rpc-api/reseller/account/change/email/cancel: withdraws the pending change. */
export async function cancelEmailChange(): Promise<string> {
  const answer = await apiPost(
    '/reseller/account/change/email/cancel',
    {},
    {
      schema: textResponseSchema,
    },
  );
  return answer.text;
}

/** The three signed-in calls refresh the profile, which shows the pending address. */
function useProfileMutation<T>(mutationFn: (input: T) => Promise<string>) {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.account() }),
  });
}

export const useRequestEmailChange = () => useProfileMutation(requestEmailChange);
export const useResendEmailChange = () => useProfileMutation(resendEmailChange);
export const useCancelEmailChange = () => useProfileMutation(cancelEmailChange);

import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  chromebookResponseSchema,
  signupOptionsSchema,
  signupResponseSchema,
  type PaidSignupRequest,
  type TrialSignupRequest,
} from '../../../domain/api/signup';
import { apiGet, apiPost } from '../../../lib/http/api-client';
import { setProductType } from '../../../lib/session/product-type';
import { markSignedIn } from '../../../lib/session/signed-in';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** GET /reseller/signup: trial length, plans, countries and US states for the form. */
export const signupOptionsQuery = queryOptions({
  queryKey: ['reseller-signup', 'options'],
  queryFn: ({ signal }) =>
    apiGet('/reseller/signup', undefined, { schema: signupOptionsSchema, signal }),
  staleTime: 10 * 60_000,
});

/** The new account is signed in by the answer's cookies: the console switches to it. */
function useSignedInAfter<T>(
  mutationFn: (form: T) => Promise<z.infer<typeof signupResponseSchema>>,
) {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn,
    onSuccess: () => {
      queryClient.clear();
      setProductType('reseller');
      markSignedIn('reseller');
    },
  });
}

/** POST /reseller/freeRBSTrialSignup */
export const useTrialSignup = () =>
  useSignedInAfter((form: TrialSignupRequest) =>
    apiPost('/reseller/freeRBSTrialSignup', { ...form }, { schema: signupResponseSchema }),
  );

/** POST /reseller/paidRBSSignup */
export const usePaidSignup = () =>
  useSignedInAfter((form: PaidSignupRequest) =>
    apiPost(
      '/reseller/paidRBSSignup',
      { ...form, expMonth: String(form.expMonth), expYear: String(form.expYear) },
      { schema: signupResponseSchema },
    ),
  );

/** POST /reseller/registration/process: the mailed link's token verifies the address. */
export const processRegistration = (token: string): Promise<string> =>
  apiPost(
    '/reseller/registration/process',
    { token },
    { schema: z.object({ text: z.string() }) },
  ).then((answer) => answer.text);

/** POST /chromebook/captcha/verify: records the pass the Chromebook app polls for. */
export const useChromebookVerify = () =>
  useServerMutation({
    mutationFn: (form: { session: string; altcha: string }) =>
      apiPost('/chromebook/captcha/verify', form, { schema: chromebookResponseSchema }),
  });

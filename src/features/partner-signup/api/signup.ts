import { z } from 'zod';
import type { PartnerSignup, PartnerSignupStart } from '../../../domain/api/partner-account';
import { signInResponseSchema } from '../../../domain/api/session';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /partner/partnerSignup: step one (Partner ID, e-mail, password) is free and valid. */
export const useSignupStart = () =>
  useServerMutation({
    mutationFn: (form: PartnerSignupStart) =>
      apiPost('/partner/partnerSignup', { ...form }, { schema: z.object({ ok: z.literal(true) }) }),
  });

/** POST /partner/continuePartenrSignup: creates the partner and signs them in. */
export const useSignupContinue = () =>
  useServerMutation({
    mutationFn: (form: PartnerSignup) =>
      apiPost('/partner/continuePartenrSignup', { ...form }, { schema: signInResponseSchema }),
  });

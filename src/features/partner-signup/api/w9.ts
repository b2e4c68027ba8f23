import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { w9PreviewSchema, type W9Form } from '../../../domain/api/partner-account';
import { partnerUserInfoQuery } from '../../../lib/session/user-info-query';
import { apiPost } from '../../../lib/http/api-client';
import { partnerSignupKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** The partner's details (to prefill the W-9); the TIN only ever arrives masked. */
export const userInfoQuery = partnerUserInfoQuery;
export const usePartnerInfo = () => useQuery(userInfoQuery);

/** POST /partner/confirmPartnerW9Form: checks the form and answers it with the TIN masked. */
export const useW9Preview = () =>
  useServerMutation({
    mutationFn: (form: W9Form) =>
      apiPost('/partner/confirmPartnerW9Form', { ...form }, { schema: w9PreviewSchema }),
  });

/** POST /partner/partnerW9FormConfirm: files the W-9. */
export function useW9Save() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: (form: W9Form) =>
      apiPost(
        '/partner/partnerW9FormConfirm',
        { ...form },
        {
          schema: z.object({ next: z.string(), message: z.string() }),
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerSignupKeys.userInfo() }),
  });
}

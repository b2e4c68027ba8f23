import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResultSchema,
  profileUpdateResultSchema,
  stateListSchema,
  countryListSchema,
  type ProfileUpdate,
} from '../../../domain/api/partner-account';
import { apiGet, apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { userInfoKey } from '../../../lib/session/user-info-key';
import { partnerUserInfoQuery } from '../../../lib/session/user-info-query';

/** Query keys shared with the rest of the partner area ('partner' branch). */
export const partnerProfileKeys = {
  userInfo: () => userInfoKey('partner'),
  countries: () => ['partner', 'countries'] as const,
  states: (country: string) => ['partner', 'states', country] as const,
};

export const userInfoQuery = partnerUserInfoQuery;
export const usePartnerProfile = () => useQuery(userInfoQuery);

export const useCountryList = () =>
  useQuery({
    queryKey: partnerProfileKeys.countries(),
    queryFn: ({ signal }) =>
      apiGet('/partner/countries', undefined, { schema: countryListSchema, signal }),
    staleTime: Infinity,
  });

export const useStateList = (country: string) =>
  useQuery({
    queryKey: partnerProfileKeys.states(country),
    queryFn: ({ signal }) =>
      apiGet('/partner/states', { country }, { schema: stateListSchema, signal }),
    staleTime: Infinity,
    enabled: country !== '',
  });

/** POST /partner/updatePartnerEditProfile: empty values keep the old ones. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: (form: ProfileUpdate) =>
      apiPost(
        '/partner/updatePartnerEditProfile',
        { ...form },
        { schema: profileUpdateResultSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerProfileKeys.userInfo() }),
  });
}

/** POST /partner/updatePartnerPassword. */
export const useChangePassword = () =>
  useServerMutation({
    mutationFn: (form: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      apiPost('/partner/updatePartnerPassword', { ...form }, { schema: messageResultSchema }),
  });

/** POST /partner/partnerCancelAccount. */
export const useCancelAccount = () =>
  useServerMutation({
    mutationFn: (password: string) =>
      apiPost('/partner/partnerCancelAccount', { password }, { schema: messageResultSchema }),
  });

/** POST /partner/forgotPasswordLink. */
export const useForgotPassword = () =>
  useServerMutation({
    mutationFn: (emailId: string) =>
      apiPost('/partner/forgotPasswordLink', { emailId }, { schema: messageResultSchema }),
  });

/** POST /partner/resetpartner_password. */
export const useResetPassword = () =>
  useServerMutation({
    mutationFn: (form: { token: string; newPassword: string; confirmPassword: string }) =>
      apiPost('/partner/resetpartner_password', { ...form }, { schema: messageResultSchema }),
  });

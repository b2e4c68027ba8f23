import { queryOptions, useQuery } from '@tanstack/react-query';
import { countryListSchema, stateListSchema } from '../../../domain/api/partner-account';
import { apiGet } from '../../../lib/http/api-client';
import { partnerSignupKeys } from './keys';

/** GET /partner/countries and /partner/states: the lists behind the signup dropdowns. */
export const countriesQuery = queryOptions({
  queryKey: partnerSignupKeys.countries(),
  queryFn: ({ signal }) =>
    apiGet('/partner/countries', undefined, { schema: countryListSchema, signal }),
  staleTime: Infinity,
});

export const statesQuery = (country: string) =>
  queryOptions({
    queryKey: partnerSignupKeys.states(country),
    queryFn: ({ signal }) =>
      apiGet('/partner/states', { country }, { schema: stateListSchema, signal }),
    staleTime: Infinity,
    enabled: country !== '',
  });

export const useCountries = () => useQuery(countriesQuery);
export const useStates = (country: string) => useQuery(statesQuery(country));

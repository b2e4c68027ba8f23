import { Group, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { BillingInfo } from '../../../domain/api/billing';
import { rules } from '../../../domain/validation';

export interface AddressValues {
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The address on file, as the form starts. */
export const addressOf = (info: BillingInfo): AddressValues => ({
  address1: info.address1,
  city: info.city,
  state: info.state,
  zip: info.zip,
  country: info.country,
});

/** The rule book's address checks (the server adds the US state and ZIP match). */
export const validateAddress = (values: AddressValues) => ({
  address1: rules.billingAddressLine1(values.address1),
  city: rules.city(values.city),
  zip: rules.zip(values.zip),
  state: values.country === 'US' ? rules.stateSelect(values.state || 'Select') : null,
});

/** What the server is sent: trimmed, the card never included. */
export const addressRequest = (values: AddressValues): AddressValues => ({
  address1: values.address1.trim(),
  city: values.city.trim(),
  state: values.state.trim(),
  zip: values.zip.trim(),
  country: values.country,
});

/** Billing address, city, ZIP, country and state (a list for the US, free text elsewhere). */
export function BillingAddressFields<T extends AddressValues>({
  form,
  info,
}: {
  form: UseFormReturnType<T>;
  info: BillingInfo;
}) {
  return (
    <>
      <TextInput
        label="Billing address"
        autoComplete="address-line1"
        required
        key={form.key('address1')}
        {...form.getInputProps('address1')}
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label="City"
          autoComplete="address-level2"
          required
          key={form.key('city')}
          {...form.getInputProps('city')}
        />
        <TextInput
          label="Zip code"
          autoComplete="postal-code"
          required
          key={form.key('zip')}
          {...form.getInputProps('zip')}
        />
      </Group>
      <Select
        label="Country"
        searchable
        allowDeselect={false}
        data={info.countries.map((country) => ({ value: country.code, label: country.name }))}
        {...form.getInputProps('country')}
      />
      {form.getValues().country === 'US' ? (
        <Select
          label="State"
          searchable
          allowDeselect={false}
          data={info.usStates.map((state) => ({ value: state.code, label: state.name }))}
          {...form.getInputProps('state')}
        />
      ) : (
        <TextInput
          label="State/Province/Region"
          autoComplete="address-level1"
          {...form.getInputProps('state')}
        />
      )}
    </>
  );
}

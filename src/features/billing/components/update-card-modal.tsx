import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { BillingInfo } from '../../../domain/api/billing';
import { rules } from '../../../domain/validation';
import { isApiError, GENERIC_ERROR_TEXT } from '../../../lib/http/api-error';
import { useUpdateCard } from '../api/update-card';
import { focusFirstInvalid, formOf } from '../../../ui/focus-first-invalid';
import { CardFields, emptyCard, validateCard, type CardValues } from '../../../ui/card-fields';
import { ServerActionButton } from '../../../ui/server-action-button';

interface Values extends CardValues {
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The card on file and billing address; the server answers with the pending-charge status. */
export function UpdateCardModal({
  info,
  opened,
  onClose,
}: {
  info: BillingInfo;
  opened: boolean;
  onClose: () => void;
}) {
  const update = useUpdateCard();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      ...emptyCard,
      holder: '',
      address1: info.address1,
      city: info.city,
      state: info.state,
      zip: info.zip,
      country: info.country,
    },
    validate: (values) => ({
      ...validateCard(values),
      address1: rules.billingAddressLine1(values.address1),
      city: rules.city(values.city),
      zip: rules.zip(values.zip),
      state: values.country === 'US' ? rules.stateSelect(values.state || 'Select') : null,
    }),
  });

  const submit = (values: Values) => {
    if (update.isPending) return;
    update.mutate(
      {
        cardNumber: values.cardNumber.replace(/[\s-]/g, ''),
        cvv: values.cvv.trim(),
        expMonth: Number(values.expMonth),
        expYear: Number(values.expYear),
        holder: values.holder.trim(),
        address1: values.address1.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        zip: values.zip.trim(),
        country: values.country,
      },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: result.text, autoClose: 5000 });
          form.reset();
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.field && error.field in form.getValues()) {
            form.setFieldError(error.field, error.message);
          }
        },
      },
    );
  };

  const error = update.error;
  const alertText =
    error && !(isApiError(error) && error.field && error.field in form.getValues())
      ? isApiError(error)
        ? error.message
        : GENERIC_ERROR_TEXT
      : '';

  return (
    <Modal opened={opened} onClose={onClose} title="Update credit card" size="lg">
      <form
        onSubmit={form.onSubmit(submit, (_errors, _values, event) =>
          focusFirstInvalid(formOf(event)),
        )}
        noValidate
        aria-label="Update credit card"
      >
        <Stack gap="sm">
          {alertText && (
            <Alert color="red.9" variant="light" role="alert">
              {alertText}
            </Alert>
          )}
          <CardFields form={form} />
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
          {form.values.country === 'US' ? (
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
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <ServerActionButton type="submit" loading={update.isPending}>
              Save card
            </ServerActionButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { BillingInfo } from '../../../domain/api/billing';
import { focusFirstInvalid, formOf } from '../../../ui/focus-first-invalid';
import { serverAlertText, showServerFieldError } from '../../../ui/form-server-error';
import { ServerActionButton } from '../../../ui/server-action-button';
import { useUpdateBillingAddress } from '../api/update-billing-address';
import {
  addressOf,
  addressRequest,
  BillingAddressFields,
  validateAddress,
  type AddressValues,
} from './billing-address-fields';

/** "Edit address": the billing address alone; the card on file stays as it is. */
export function BillingAddressModal({
  info,
  opened,
  onClose,
}: {
  info: BillingInfo;
  opened: boolean;
  onClose: () => void;
}) {
  const update = useUpdateBillingAddress();
  const form = useForm<AddressValues>({
    mode: 'controlled',
    initialValues: addressOf(info),
    validate: validateAddress,
  });
  const close = () => {
    update.reset();
    form.setValues(addressOf(info));
    form.clearErrors();
    onClose();
  };
  const submit = (values: AddressValues) =>
    update.mutate(addressRequest(values), {
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: result.text, autoClose: 5000 });
        onClose();
      },
      onError: (error) => showServerFieldError(form, error),
    });
  const alertText = serverAlertText(update.error, form.values);

  return (
    <Modal opened={opened} onClose={close} title="Edit billing address" size="lg">
      <form
        onSubmit={form.onSubmit(submit, (_errors, _values, event) =>
          focusFirstInvalid(formOf(event)),
        )}
        noValidate
        aria-label="Edit billing address"
      >
        <Stack gap="sm">
          {alertText && (
            <Alert color="red.9" variant="light" role="alert">
              {alertText}
            </Alert>
          )}
          <BillingAddressFields form={form} info={info} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <ServerActionButton type="submit" loading={update.isPending}>
              Save address
            </ServerActionButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { BillingInfo } from '../../../domain/api/billing';
import { focusFirstInvalid, formOf } from '../../../ui/focus-first-invalid';
import { serverAlertText, showServerFieldError } from '../../../ui/form-server-error';
import { useUpdateBillingAddress } from '../api/update-billing-address';
import {
  addressOf,
  addressRequest,
  BillingAddressFields,
  validateAddress,
  type AddressValues,
} from './billing-address-fields';
import { BillingFormModal } from './billing-form-modal';

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
    <BillingFormModal
      title="Edit billing address"
      opened={opened}
      onClose={close}
      onSubmit={form.onSubmit(submit, (_errors, _values, event) =>
        focusFirstInvalid(formOf(event)),
      )}
      alertText={alertText}
      isPending={update.isPending}
      submitLabel="Save address"
    >
      <BillingAddressFields form={form} info={info} />
    </BillingFormModal>
  );
}

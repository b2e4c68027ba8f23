import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { BillingInfo } from '../../../domain/api/billing';
import { useUpdateCard } from '../api/update-card';
import { focusFirstInvalid, formOf } from '../../../ui/focus-first-invalid';
import { serverAlertText, showServerFieldError } from '../../../ui/form-server-error';
import { CardFields, emptyCard, validateCard, type CardValues } from '../../../ui/card-fields';
import {
  addressOf,
  addressRequest,
  BillingAddressFields,
  validateAddress,
  type AddressValues,
} from './billing-address-fields';
import { BillingFormModal } from './billing-form-modal';

type Values = CardValues & AddressValues;

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
      ...addressOf(info),
    },
    validate: (values) => ({
      ...validateCard(values),
      ...validateAddress(values),
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
        ...addressRequest(values),
      },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: result.text, autoClose: 5000 });
          form.reset();
          onClose();
        },
        onError: (error) => showServerFieldError(form, error),
      },
    );
  };

  const alertText = serverAlertText(update.error, form.getValues());

  return (
    <BillingFormModal
      title="Update credit card"
      opened={opened}
      onClose={onClose}
      onSubmit={form.onSubmit(submit, (_errors, _values, event) =>
        focusFirstInvalid(formOf(event)),
      )}
      alertText={alertText}
      isPending={update.isPending}
      submitLabel="Save card"
    >
      <CardFields form={form} />
      <BillingAddressFields form={form} info={info} />
    </BillingFormModal>
  );
}

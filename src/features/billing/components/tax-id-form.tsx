import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { BillingInfo } from '../../../domain/api/billing';
import { taxLabels } from '../../../domain/constants';
import { rules } from '../../../domain/validation';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useUpdateTaxId } from '../api/update-tax-id';
import { ServerActionButton } from '../../../ui/server-action-button';

/** The VAT ID (EU billing countries) or GSTIN (India), with the spec's labels and notices. */
export function TaxIdForm({ info }: { info: BillingInfo }) {
  const kind = info.tax.type === 'gst' ? 'gst' : 'vat';
  const [value, setValue] = useState(kind === 'gst' ? info.tax.gstin : info.tax.vatId);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateTaxId();
  const rule = kind === 'gst' ? rules.gstin : rules.vatId;

  const submit = () => {
    if (update.isPending) return;
    const trimmed = value.trim();
    const message = rule(trimmed);
    setError(message);
    if (message) return;
    update.mutate(
      { kind, value: trimmed },
      {
        onSuccess: (result) =>
          notifications.show({ color: 'teal', message: result.text, autoClose: 5000 }),
        onError: (failure) => setError(isApiError(failure) ? failure.message : GENERIC_ERROR_TEXT),
      },
    );
  };

  return (
    <form
      aria-label={kind === 'gst' ? taxLabels.gstinLabel : taxLabels.vatIdLabel}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Alert variant="light" color="blue.9">
          {kind === 'gst'
            ? 'Where GST applies, enter your business registration number (GSTIN) so it appears on your invoices.'
            : 'Companies registered for VAT in another EU country may not have to pay VAT: enter your business VAT ID and your invoices are issued under the reverse charge.'}
        </Alert>
        <TextInput
          label={kind === 'gst' ? taxLabels.gstinLabel : taxLabels.vatIdLabel}
          placeholder={kind === 'gst' ? taxLabels.gstinPlaceholder : taxLabels.vatIdPlaceholder}
          value={value}
          error={error}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Group>
          <ServerActionButton type="submit" variant="default" loading={update.isPending}>
            {kind === 'gst' ? taxLabels.updateGstin : taxLabels.updateVatId}
          </ServerActionButton>
          {info.tax.isReverseCharge && (
            <Text size="sm" fw={600}>
              Your invoices are issued under the reverse charge.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

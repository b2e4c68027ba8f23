import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode, SubmitEventHandler } from 'react';
import { ServerActionButton } from '../../../ui/server-action-button';

/**
 * The dialog the card and the billing address are edited in: the server's refusal on top (when
 * no field takes it), the fields, then Cancel and the submit button. The title names the form.
 */
export function BillingFormModal({
  title,
  opened,
  onClose,
  onSubmit,
  alertText,
  isPending,
  submitLabel,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  alertText: string;
  isPending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {alertText && (
            <Alert color="red.9" variant="light" role="alert">
              {alertText}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <ServerActionButton type="submit" loading={isPending}>
              {submitLabel}
            </ServerActionButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

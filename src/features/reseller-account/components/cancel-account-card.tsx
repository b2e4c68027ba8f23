import { List, Modal, Paper, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { cancelledNotice, cancelledNoticeParam } from '../../../domain/cancelled-notice';
import { can, isResellerRole } from '../../../domain/api/reseller-users';
import { messages } from '../../../domain/messages';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { CONSOLE_BASE, paths } from '../../../lib/paths';
import { logout } from '../../../lib/session/logout';
import { showErrorToast } from '../../../ui/toast-show';
import { useAccountProfile } from '../api/account-profile';
import { useCancelAccount } from '../api/cancel-account';
import { PasswordConfirmForm } from '../../../ui/password-confirm-form';
import { ServerActionButton } from '../../../ui/server-action-button';

/** Only the administrator sees it (sub-admins may not cancel; the server refuses them too). */
export function CancelAccountCard() {
  const profile = useAccountProfile();
  const role = profile.data?.role ?? '';
  if (!isResellerRole(role) || !can(role, 'account.cancel')) return null;
  return <CancelAccountSection />;
}

function CancelAccountSection() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      maw={520}
      component="section"
      aria-labelledby="cancel-account-title"
    >
      <Title order={2} size="h3" id="cancel-account-title">
        Cancel account
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Cancelling ends access for you and every user of this account. The unused part of your paid
        term is refunded to the card on file.
      </Text>
      <ServerActionButton color="red.9" variant="outline" onClick={open}>
        Cancel account
      </ServerActionButton>
      <Modal opened={opened} onClose={close} title="Cancel your account?" centered>
        {opened ? <CancelAccountForm onClose={close} /> : null}
      </Modal>
    </Paper>
  );
}

function CancelAccountForm({ onClose }: { onClose: () => void }) {
  const cancel = useCancelAccount();
  const [error, setError] = useState<string | null>(null);
  const confirm = (password: string) => {
    if (!password.trim()) {
      setError(messages['password.required']);
      return;
    }
    cancel.mutate(
      { password },
      {
        onSuccess: (answer) => {
          const notice =
            answer.text === messages['account.cancelled.refund.failed']
              ? cancelledNotice.refundFailed
              : cancelledNotice.done;
          logout({
            redirectUrl: `${CONSOLE_BASE}${paths.resellerLogin}?${cancelledNoticeParam}=${notice}`,
          });
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.field === 'password') {
            setError(failure.message);
            return;
          }
          onClose();
          showErrorToast(isApiError(failure) ? failure.message : GENERIC_ERROR_TEXT);
        },
      },
    );
  };
  return (
    <PasswordConfirmForm
      label="Cancel account"
      isPending={cancel.isPending}
      error={error}
      onErrorClear={() => setError(null)}
      onConfirm={confirm}
      onKeep={onClose}
    >
      <List size="sm" spacing={4}>
        <List.Item>You and your users can no longer sign in.</List.Item>
        <List.Item>Your API key stops working at once.</List.Item>
        <List.Item>Pending charges must be paid first.</List.Item>
      </List>
    </PasswordConfirmForm>
  );
}

import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AccountProfile, EmailChangeRequest } from '../../../domain/api/reseller-account';
import { messages } from '../../../domain/messages';
import { rules } from '../../../domain/rules';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useRuleForm } from '../../../ui/form-rule-form';
import { showErrorToast, showSuccessToast } from '../../../ui/toast-show';
import {
  useCancelEmailChange,
  useRequestEmailChange,
  useResendEmailChange,
} from '../api/email-change';
import { ServerActionButton } from '../../../ui/server-action-button';

const passwordEntered = (value: string): string | null =>
  value.trim() ? null : messages['password.required'];

const errorText = (error: unknown) => (isApiError(error) ? error.message : GENERIC_ERROR_TEXT);

/**
 * The sign-in e-mail: a change takes effect only when the link mailed to the new address is
 * opened, so a typo or a borrowed session cannot move the account. The pending address can be
 * re-sent or withdrawn.
 */
export function EmailChangeCard({ profile }: { profile: AccountProfile }) {
  const [opened, { open, close }] = useDisclosure(false);
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const pending = profile.pendingEmail ?? null;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      maw={520}
      component="section"
      aria-labelledby="email-address-title"
    >
      <Title order={2} size="h3" id="email-address-title">
        Email Address
      </Title>
      <Text mt={4} style={{ overflowWrap: 'anywhere' }}>
        {profile.email}
      </Text>
      {pending ? (
        <Alert color="blue" mt="md" title="Waiting for confirmation">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            We sent a link to {pending}. Your e-mail address changes when you open it.
          </Text>
          <Group gap="xs" mt="sm">
            <ServerActionButton
              size="xs"
              variant="default"
              loading={resend.isPending}
              onClick={() => {
                resend.mutate(undefined, {
                  onSuccess: (text) => showSuccessToast(text),
                  onError: (error) => showErrorToast(errorText(error)),
                });
              }}
            >
              Resend link
            </ServerActionButton>
            <ServerActionButton
              size="xs"
              variant="subtle"
              color="red"
              loading={cancel.isPending}
              onClick={() => {
                cancel.mutate(undefined, {
                  onSuccess: (text) => showSuccessToast(text),
                  onError: (error) => showErrorToast(errorText(error)),
                });
              }}
            >
              Cancel change
            </ServerActionButton>
          </Group>
        </Alert>
      ) : null}
      <ServerActionButton variant="default" mt="md" onClick={open}>
        Change email
      </ServerActionButton>
      <Modal opened={opened} onClose={close} title="Change email address" centered>
        {opened ? <EmailChangeForm onDone={close} /> : null}
      </Modal>
    </Paper>
  );
}

function EmailChangeForm({ onDone }: { onDone: () => void }) {
  const change = useRequestEmailChange();
  const form = useRuleForm<EmailChangeRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    rules: { email: rules.email, password: passwordEntered },
  });
  return (
    <form
      noValidate
      aria-label="Change email address"
      onSubmit={form.onSubmit((values) => {
        if (change.isPending) return;
        change.mutate(values, {
          onSuccess: (text) => {
            showSuccessToast(text);
            onDone();
          },
          onError: (error) => {
            if (isApiError(error) && (error.field === 'email' || error.field === 'password')) {
              form.setFieldError(error.field, error.message);
              return;
            }
            showErrorToast(errorText(error));
          },
        });
      })}
    >
      <Stack gap="md">
        <Text size="sm">
          We will send a confirmation link to the new address. Until you open it, you keep signing
          in with your current address.
        </Text>
        <TextInput
          label="New Email Address"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <ServerActionButton type="submit" loading={change.isPending}>
            Send confirmation link
          </ServerActionButton>
        </Group>
      </Stack>
    </form>
  );
}

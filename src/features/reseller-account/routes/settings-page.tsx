import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../../domain/limits';
import { rules } from '../../../domain/rules';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useRuleForm } from '../../../ui/form-rule-form';
import { CancelAccountCard } from '../components/cancel-account-card';
import { useChangePassword, type ChangePasswordRequest } from '../api/change-password';
import { ServerActionButton } from '../../../ui/server-action-button';

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const isField = (value: string | undefined): value is (typeof fields)[number] =>
  fields.some((field) => field === value);

/**
 * /account/settings: two-factor authentication, the password change (other sessions end) and,
 * for the administrator, cancellation.
 */
export function SettingsPage() {
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
        <Title order={2} size="h3">
          Two-factor authentication
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          Ask for a code from your phone or authenticator app when you sign in.
        </Text>
        <Button component={Link} to={paths.twoFactor} variant="default">
          Manage two-factor authentication
        </Button>
      </Paper>
      <SettingsPasswordCard />
      <CancelAccountCard />
    </Stack>
  );
}

function SettingsPasswordCard() {
  const change = useChangePassword();
  const form = useRuleForm<ChangePasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    rules: {
      currentPassword: rules.currentPassword,
      newPassword: rules.newPassword,
      confirmPassword: rules.confirmPassword,
    },
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
      <Title order={2} size="h3">
        Change password
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Changing your password signs you out on your other browsers and devices.
      </Text>
      <form
        noValidate
        aria-label="Change password"
        onSubmit={form.onSubmit((values) => {
          if (change.isPending) return;
          change.mutate(values, {
            onSuccess: (text) => {
              form.reset();
              notifications.show({ color: 'teal', message: text, autoClose: TOAST_DURATION_MS });
            },
            onError: (error) => {
              if (isApiError(error) && isField(error.field)) {
                form.setFieldError(error.field, error.message);
                return;
              }
              notifications.show({
                color: 'red',
                message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
                autoClose: TOAST_DURATION_MS,
              });
            },
          });
        })}
      >
        <Stack gap="md">
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            required
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            required
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <ServerActionButton
            type="submit"
            loading={change.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Change password
          </ServerActionButton>
        </Stack>
      </form>
    </Paper>
  );
}

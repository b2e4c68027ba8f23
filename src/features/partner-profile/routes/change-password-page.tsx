import { Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '../../../domain/messages';
import { rules } from '../../../domain/validation';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { useRuleForm } from '../../../ui/form-rule-form';
import { showServerError } from '../../../ui/form-server-error';
import { toastOk } from '../api/errors';
import { useChangePassword } from '../api/profile';
import { ServerActionButton } from '../../../ui/server-action-button';

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** /partner/changepassword (CHANGE_PASSWORD): the server's password rules, word for word. */
export function ChangePasswordPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Change password | ${productName} Partner`);
  const change = useChangePassword();
  const form = useRuleForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    rules: {
      currentPassword: rules.currentPassword,
      newPassword: rules.newPassword,
      confirmPassword: rules.confirmPassword,
    },
  });
  const submit = form.onSubmit((values) => {
    if (values.newPassword !== values.confirmPassword) {
      form.setFieldError('confirmPassword', messages['password.confirm.mismatch']);
      return;
    }
    change.mutate(values, {
      onSuccess: (answer) => {
        toastOk(answer.message);
        form.reset();
      },
      onError: (error) => {
        showServerError(error, form.setFieldError, fields);
      },
    });
  });
  return (
    <Stack gap="lg" maw={520}>
      <Title order={1}>Change password</Title>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate aria-label="Change password">
          <Stack gap="sm">
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('confirmPassword')}
            />
            <ServerActionButton type="submit" loading={change.isPending} w="fit-content">
              Change password
            </ServerActionButton>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

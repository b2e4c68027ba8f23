import { Alert, Anchor, Button, Card, Container, PasswordInput, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { rules } from '../../../domain/validation';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { AppFooter } from '../../../ui/app-footer';
import { useRuleForm } from '../../../ui/form-rule-form';
import { showServerError } from '../../../ui/form-server-error';
import { useResetPassword } from '../api/profile';

/** /partner/resetpartner_password?token=…: the link from the e-mail. */
export function PartnerResetPasswordPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Reset password | ${productName} Partner`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useRuleForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    rules: { newPassword: rules.newPassword, confirmPassword: rules.confirmPassword },
  });
  return (
    <Container component="main" size={480} py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Choose a new password</Title>
        <Card withBorder radius="md" padding="lg">
          {reset.isSuccess ? (
            <Stack gap="sm">
              <Alert color="teal.9" role="status">
                {reset.data.message}
              </Alert>
              <Anchor href="/partner/">Sign in</Anchor>
            </Stack>
          ) : (
            <form
              noValidate
              aria-label="Reset password"
              onSubmit={form.onSubmit((values) => {
                if (values.newPassword !== values.confirmPassword) {
                  form.setFieldError('confirmPassword', messages['password.confirm.mismatch']);
                  return;
                }
                reset.mutate(
                  { token, ...values },
                  {
                    onError: (error) => {
                      showServerError(error, form.setFieldError, [
                        'newPassword',
                        'confirmPassword',
                      ]);
                    },
                  },
                );
              })}
            >
              <Stack gap="sm">
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
                <Button type="submit" loading={reset.isPending}>
                  Reset password
                </Button>
              </Stack>
            </form>
          )}
        </Card>
        <AppFooter />
      </Stack>
    </Container>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '../../../domain/messages';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { AppFooter } from '../../../ui/app-footer';
import { useRuleForm } from '../../../ui/form-rule-form';
import { showServerError } from '../../../ui/form-server-error';
import { useForgotPassword } from '../api/profile';

/** /partner/forgotPassword: mails a link to reset the password. */
export function PartnerForgotPasswordPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Forgot password | ${productName} Partner`);
  const forgot = useForgotPassword();
  const form = useRuleForm({
    initialValues: { emailId: '' },
    rules: { emailId: (value) => (value.trim() === '' ? messages['email.required'] : null) },
  });
  return (
    <Container component="main" size={480} py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Forgot your partner password?</Title>
        <Card withBorder radius="md" padding="lg">
          {forgot.isSuccess ? (
            <Alert color="teal.9" role="status">
              {forgot.data.message}
            </Alert>
          ) : (
            <form
              noValidate
              aria-label="Forgot password"
              onSubmit={form.onSubmit((values) => {
                forgot.mutate(values.emailId, {
                  onError: (error) => {
                    showServerError(error, form.setFieldError, ['emailId']);
                  },
                });
              })}
            >
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  Enter your Partner ID or e-mail address and we will e-mail you a link.
                </Text>
                <TextInput
                  label="Partner ID or Email"
                  autoComplete="username"
                  withAsterisk
                  {...form.getInputProps('emailId')}
                />
                <Button type="submit" loading={forgot.isPending}>
                  Send reset link
                </Button>
              </Stack>
            </form>
          )}
        </Card>
        <Anchor href="/partner/">Back to sign in</Anchor>
        <AppFooter />
      </Stack>
    </Container>
  );
}

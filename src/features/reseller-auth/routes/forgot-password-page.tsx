import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { fieldErrorCodes } from '../../../domain/api/envelope';
import { rules } from '../../../domain/rules';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import { useRuleForm } from '../../../ui/form-rule-form';
import { useForgotPassword } from '../api/forgot-password';
import { AuthFrame } from '../../../ui/auth-frame';

/** /reseller/forgotPassword: asks for a reset link by e-mail. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useRuleForm<{ email: string }>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    rules: { email: rules.email },
  });
  const error = forgot.error;
  const isFieldError = isApiError(error) && fieldErrorCodes.has(error.description);
  return (
    <AuthFrame
      title="Forgot password"
      subtitle="Enter the e-mail address of your account and we will send you a link to reset your password."
      after={
        <Text size="sm" mt="lg" ta="center">
          <Anchor component={Link} to={paths.resellerLogin} fw={600}>
            Back to sign in
          </Anchor>
        </Text>
      }
    >
      <form
        noValidate
        aria-label="Forgot password"
        onSubmit={form.onSubmit((values) => {
          if (forgot.isPending) return;
          forgot.mutate(values.email, {
            onError: (failure) => {
              if (isApiError(failure) && fieldErrorCodes.has(failure.description)) {
                form.setFieldError('email', failure.message);
              }
            },
          });
        })}
      >
        <Stack gap="md">
          <div aria-live="polite">
            {forgot.isSuccess && (
              <Alert color="teal" variant="light" role="status">
                {forgot.data}
              </Alert>
            )}
            {error && !isFieldError && (
              <Alert color="red" variant="light" role="alert">
                {isApiError(error) ? error.message : GENERIC_ERROR_TEXT}
              </Alert>
            )}
          </div>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={forgot.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}

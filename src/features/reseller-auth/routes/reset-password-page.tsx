import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { formatMessage } from '../../../domain/messages';
import { rules } from '../../../domain/rules';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import { useRuleForm } from '../../../ui/form-rule-form';
import { useResetLink, useResetPassword } from '../api/reset-password';
import { AuthFrame } from '../../../ui/auth-frame';

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

const backToSignIn = (
  <Text size="sm" mt="lg" ta="center">
    <Anchor component={Link} to={paths.resellerLogin} fw={600}>
      Back to sign in
    </Anchor>
  </Text>
);

/** /reseller/reset_password?token=…: the e-mailed, single-use link to choose a new password. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const link = useResetLink(token);
  const reset = useResetPassword();
  const form = useRuleForm<ResetValues>({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    rules: { newPassword: rules.newPassword, confirmPassword: rules.confirmPassword },
  });

  if (link.isPending) {
    return (
      <AuthFrame title="Reset password">
        <Loader aria-label="Checking the link" />
      </AuthFrame>
    );
  }
  if (link.isError || reset.isSuccess) {
    const isExpired = link.isError;
    return (
      <AuthFrame title="Reset password" after={backToSignIn}>
        <Stack gap="md">
          <Alert color={isExpired ? 'red' : 'teal'} variant="light" role="status">
            {isExpired
              ? isApiError(link.error)
                ? link.error.message
                : formatMessage('password.link.expired')
              : reset.data}
          </Alert>
          {isExpired ? (
            <Anchor component={Link} to={paths.resellerForgotPassword}>
              Request a new link
            </Anchor>
          ) : (
            <Button component={Link} to={paths.resellerLogin}>
              Sign in
            </Button>
          )}
        </Stack>
      </AuthFrame>
    );
  }

  const error = reset.error;
  const isFieldError = isApiError(error) && error.field !== undefined;
  return (
    <AuthFrame title="Reset password" subtitle={`for ${link.data.email}`} after={backToSignIn}>
      <form
        noValidate
        aria-label="Reset password"
        onSubmit={form.onSubmit((values) => {
          if (reset.isPending) return;
          reset.mutate(
            { token, ...values },
            {
              onError: (failure) => {
                if (
                  isApiError(failure) &&
                  (failure.field === 'newPassword' || failure.field === 'confirmPassword')
                ) {
                  form.setFieldError(failure.field, failure.message);
                }
              },
            },
          );
        })}
      >
        <Stack gap="md">
          <div aria-live="assertive">
            {error && !isFieldError && (
              <Alert color="red" variant="light" role="alert">
                {isApiError(error) ? error.message : GENERIC_ERROR_TEXT}
              </Alert>
            )}
          </div>
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
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}

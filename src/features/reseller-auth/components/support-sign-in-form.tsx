import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMessage } from '../../../domain/messages';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import { useSupportSignIn } from '../api/support-sign-in';

/**
 * Support sign-in (/reseller/login?support=1): an agent signs in as a customer with the 8-digit
 * code an operator issued (`npm run support -- otp <email>`). Such a session cannot change
 * credentials, money or the account, and sees the log at /activity-log-support.
 */
export function SupportSignInForm() {
  const navigate = useNavigate();
  const signIn = useSupportSignIn();
  const [username, setUsername] = useState('');
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<{ username?: string; otp?: string }>({});

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const next: { username?: string; otp?: string } = {};
    if (!username.trim()) next.username = formatMessage('email.required');
    if (!otp.trim()) next.otp = formatMessage('otp.required');
    setErrors(next);
    if (next.username ?? next.otp) return;
    signIn.mutate(
      { username: username.trim(), otp: otp.trim() },
      {
        onSuccess: () => {
          void navigate(paths.activityLogSupport, { replace: true });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Support sign in">
      <Stack gap="md">
        <Text size="sm">For support agents: sign in as the customer with a one-time code.</Text>
        <div aria-live="assertive">
          {signIn.isError && (
            <Alert color="red" variant="light" role="alert">
              {isApiError(signIn.error) ? signIn.error.message : GENERIC_ERROR_TEXT}
            </Alert>
          )}
        </div>
        <TextInput
          label="Customer email or username"
          autoComplete="off"
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
          }}
          error={errors.username}
        />
        <TextInput
          label="One-time code"
          autoComplete="off"
          inputMode="numeric"
          value={otp}
          onChange={(event) => {
            setOtp(event.currentTarget.value.replace(/\D/g, ''));
          }}
          error={errors.otp}
        />
        <Button type="submit" fullWidth loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

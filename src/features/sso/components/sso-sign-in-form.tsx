import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RETURN_PATH_PARAM } from '../../../domain/return-path';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useStartSso } from '../api/start-sso';

/**
 * "Sign in with SSO": the user's e-mail (or the account's SSO name) picks the account whose
 * identity provider signs them in; the browser goes there and comes back signed in.
 */
export function SsoSignInForm({ initialLogin = '' }: { initialLogin?: string }) {
  const [search] = useSearchParams();
  const start = useStartSso();
  const [login, setLogin] = useState(initialLogin);
  const [fieldError, setFieldError] = useState('');

  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (start.isPending) return;
    const value = login.trim();
    if (!value) {
      setFieldError('Enter your e-mail or SSO name.');
      return;
    }
    setFieldError('');
    start.mutate(
      { login: value, returnPath: search.get(RETURN_PATH_PARAM) ?? undefined },
      {
        onSuccess: (redirectUrl) => {
          window.location.assign(redirectUrl);
        },
      },
    );
  };

  const error = start.error;
  const alertText = error ? (isApiError(error) ? error.message : GENERIC_ERROR_TEXT) : '';

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in with SSO">
      <div aria-live="assertive">
        {alertText && (
          <Alert color="red" variant="light" role="alert" title="Sign-in failed" mb="md">
            {alertText}
          </Alert>
        )}
      </div>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter your work e-mail or your company&apos;s SSO name. You will sign in at your
          company&apos;s identity provider.
        </Text>
        <TextInput
          label="Email or SSO name"
          autoComplete="username"
          required
          value={login}
          error={fieldError || undefined}
          onChange={(event) => {
            setLogin(event.currentTarget.value);
          }}
        />
        <Button type="submit" fullWidth loading={start.isPending || start.isSuccess}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

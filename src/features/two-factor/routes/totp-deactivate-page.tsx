import { Alert, Anchor, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TOAST_DURATION_MS } from '../../../domain/limits';
import { formatMessage } from '../../../domain/messages';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useDisableTwofa } from '../api/disable-twofa';
import { ServerActionButton } from '../../../ui/server-action-button';

/** /2fa/totp/deactivate: turns two-factor authentication off after the password. */
export function TotpDeactivatePage() {
  const navigate = useNavigate();
  const disable = useDisableTwofa();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (disable.isPending) return;
    if (!password.trim()) {
      setError(formatMessage('password.required'));
      return;
    }
    disable.mutate(password.trim(), {
      onSuccess: (text) => {
        notifications.show({ color: 'teal', message: text, autoClose: TOAST_DURATION_MS });
        void navigate('/2fa', { replace: true });
      },
      onError: (failure) => {
        setError(isApiError(failure) ? failure.message : GENERIC_ERROR_TEXT);
      },
    });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Turn off two-factor authentication
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
        <form onSubmit={submit} noValidate aria-label="Turn off two-factor authentication">
          <Stack gap="md">
            <Alert color="yellow" variant="light">
              Without two-factor authentication, your password alone signs in to your account.
            </Alert>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
              }}
              error={error || undefined}
            />
            <Group gap="sm">
              <ServerActionButton type="submit" color="red" loading={disable.isPending}>
                Turn off
              </ServerActionButton>
              <Anchor component={Link} to="/2fa" size="sm">
                Cancel
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

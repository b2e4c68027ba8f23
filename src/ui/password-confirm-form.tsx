import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ServerActionButton } from './server-action-button';

/**
 * The body of a "confirm with your password" dialog (cancelling a reseller or a partner account):
 * what the action does, the password, and the two buttons. The caller checks the password and
 * shows the server's answer through `error`; typing clears it.
 */
export function PasswordConfirmForm({
  label,
  children,
  isPending,
  error,
  onErrorClear,
  onConfirm,
  onKeep,
}: {
  /** The form's accessible name and its confirm button's text. */
  label: string;
  /** What the action does, above "Enter your password to confirm". */
  children?: ReactNode;
  isPending: boolean;
  error: string | null;
  onErrorClear: () => void;
  onConfirm: (password: string) => void;
  onKeep: () => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isPending) onConfirm(password);
      }}
    >
      <Stack gap="sm">
        {children}
        <Text size="sm">Enter your password to confirm. This cannot be undone.</Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            onErrorClear();
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep}>
            Keep my account
          </Button>
          <ServerActionButton type="submit" color="red.9" loading={isPending}>
            {label}
          </ServerActionButton>
        </Group>
      </Stack>
    </form>
  );
}

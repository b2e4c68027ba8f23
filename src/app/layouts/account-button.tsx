import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

export interface ShellUser {
  name: string;
  email: string;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

type AccountButtonProps = UnstyledButtonProps &
  ComponentPropsWithoutRef<'button'> & {
    /** Undefined while user_info loads. */
    user: ShellUser | undefined;
  };

/**
 * The header's account button: the user's initials and name. The account menu opens from it; it
 * also stands alone, looking the same, until the menu's code has loaded (console-shell.tsx).
 */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(
  function AccountButton({ user, ...others }, ref) {
    return (
      <UnstyledButton ref={ref} aria-label="Account menu" style={{ borderRadius: 999 }} {...others}>
        <Group gap="xs" wrap="nowrap">
          <Avatar color="blue.8" variant="filled" radius="xl" size={34}>
            {initials(user?.name ?? '')}
          </Avatar>
          <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
            {user?.name ?? ''}
          </Text>
        </Group>
      </UnstyledButton>
    );
  },
);

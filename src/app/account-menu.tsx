import { Menu, Text } from '@mantine/core';
import { InstallAppMenuItem } from './pwa-install-menu-item';
import { AccountButton, type ShellUser } from './layouts/account-button';

/**
 * The account menu: who is signed in, "Install app" where the browser offers it, and Log out.
 * Its own chunk: Menu brings Popover and floating-ui (about 15 KB compressed), which no screen
 * needs for its first paint (console-shell.tsx loads it after).
 */
export default function AccountMenu({
  user,
  onLogout,
  isOpenAtOnce,
}: {
  user: ShellUser | undefined;
  onLogout: () => void;
  /** Opened on arrival: the button was pressed before this code had loaded. */
  isOpenAtOnce: boolean;
}) {
  return (
    <Menu position="bottom-end" width={240} withinPortal defaultOpened={isOpenAtOnce}>
      <Menu.Target>
        <AccountButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
        )}
        <InstallAppMenuItem />
        <Menu.Item onClick={onLogout}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

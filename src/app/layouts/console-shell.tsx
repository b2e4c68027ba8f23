import {
  Anchor,
  AppShell,
  Avatar,
  Box,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense, type ReactNode } from 'react';
import { NavLink as RouterNavLink, Outlet } from 'react-router-dom';
import { usePublicConfig } from '../../lib/config/public-config-context';
import { AppFooter } from '../../ui/app-footer';
import { PageLoader } from '../../ui/page-loader';
import { OfflineBanner } from '../../offline/offline-banner';
import { InstallAppMenuItem } from '../pwa-install-menu-item';

export interface NavItem {
  label: string;
  to: string;
  /** Active only on this exact path (a parent such as /home is not active on /home/users). */
  end?: boolean;
}

export interface ShellUser {
  name: string;
  email: string;
}

interface ConsoleShellProps {
  /** "Bulk Reseller" or "Partner", shown next to the product name. */
  areaName: string;
  navItems: readonly NavItem[];
  /** Undefined while user_info loads. */
  user: ShellUser | undefined;
  onLogout: () => void;
  children?: ReactNode;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

/**
 * The signed-in frame of one account kind: header with the product, navigation (a burger menu
 * below the `sm` breakpoint), user menu with Log out, and the footer.
 */
export function ConsoleShell({ areaName, navItems, user, onLogout, children }: ConsoleShellProps) {
  const { productName } = usePublicConfig();
  const [isNavOpen, nav] = useDisclosure(false);

  return (
    <ModalsProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
        padding="md"
      >
        <AppShell.Header>
          <Anchor href="#main-content" className="skip-link">
            Skip to main content
          </Anchor>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger
                opened={isNavOpen}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
                aria-expanded={isNavOpen}
                aria-controls="console-navigation"
              />
              <Text fw={700} size="lg" truncate>
                {productName}{' '}
                <Text span c="dimmed" fw={500} size="sm" visibleFrom="xs">
                  {areaName}
                </Text>
              </Text>
            </Group>
            <Menu position="bottom-end" width={240} withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label="Account menu" style={{ borderRadius: 999 }}>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar color="blue.8" variant="filled" radius="xl" size={34}>
                      {initials(user?.name ?? '')}
                    </Avatar>
                    <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
                      {user?.name ?? ''}
                    </Text>
                  </Group>
                </UnstyledButton>
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
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm" id="console-navigation" aria-label="Main navigation">
          <AppShell.Section grow component={ScrollArea}>
            {navItems.map((item) => (
              <NavLink
                key={item.to}
                component={RouterNavLink}
                to={item.to}
                end={item.end}
                label={item.label}
                onClick={nav.close}
              />
            ))}
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id="main-content" tabIndex={-1}>
          <Box mih="calc(100dvh - 60px - 2 * var(--mantine-spacing-md) - 60px)">
            <OfflineBanner />
            <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
          </Box>
          <AppFooter />
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}

import { Anchor, AppShell, Box, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { NavLink as RouterNavLink, Outlet } from 'react-router-dom';
import { usePublicConfig } from '../../lib/config/public-config-context';
import { AppFooter } from '../../ui/app-footer';
import { PageLoader } from '../../ui/page-loader';
import { OfflineBanner } from '../../offline/offline-banner';
import { DeferredModals, loadModals } from '../../ui/modals/deferred-modals';
import { whenFirstScreenShown } from '../first-screen';
import { AccountButton, type ShellUser } from './account-button';

export interface NavItem {
  label: string;
  to: string;
  /** Active only on this exact path (a parent such as /home is not active on /home/users). */
  end?: boolean;
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

const AccountMenu = lazy(() => import('../account-menu'));

/**
 * The account button, and its menu once the menu's code is here: it loads when the first screen
 * is shown and the browser is idle, or at once when the button is pressed before that (the menu
 * then opens as it arrives). The button looks the same either way, so nothing moves.
 */
function AccountArea({ user, onLogout }: { user: ShellUser | undefined; onLogout: () => void }) {
  const [menu, setMenu] = useState<'not yet' | 'closed' | 'open'>('not yet');
  useEffect(
    () => whenFirstScreenShown(() => setMenu((now) => (now === 'not yet' ? 'closed' : now))),
    [],
  );
  const button = <AccountButton user={user} aria-haspopup="menu" onClick={() => setMenu('open')} />;
  if (menu === 'not yet') return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu user={user} onLogout={onLogout} isOpenAtOnce={menu === 'open'} />
    </Suspense>
  );
}

/**
 * The signed-in frame of one account kind: header with the product, navigation (a burger menu
 * below the `sm` breakpoint), user menu with Log out, and the footer.
 */
export function ConsoleShell({ areaName, navItems, user, onLogout, children }: ConsoleShellProps) {
  const { productName } = usePublicConfig();
  const [isNavOpen, nav] = useDisclosure(false);
  // The dialogs' code loads after the first screen (deferred-modals.tsx).
  useEffect(() => whenFirstScreenShown(() => void loadModals()), []);

  return (
    <>
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
            <AccountArea user={user} onLogout={onLogout} />
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm" id="console-navigation" aria-label="Main navigation">
          {/* The browser's own scrolling: Mantine's ScrollArea would bring its chunk
              (scroll-area, see vite.config.ts) into every signed-in page's first download. */}
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
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
      <DeferredModals />
    </>
  );
}

import { Box, Stack, Title, UnstyledButton } from '@mantine/core';
import { NavLink, Outlet } from 'react-router-dom';
import { can, isResellerRole, type Permission } from '../../../domain/api/reseller-users';
import { useAccountProfile } from '../api/account-profile';
import './account-layout.css';

export interface AccountTab {
  /** The child path under /account. */
  path: string;
  label: string;
  /** Shown only to roles the role table gives this (the server refuses the others too). */
  permission?: Permission;
}

/**
 * The ACCOUNT area's tabs, in the spec's order (settings, profile, upgrade, billing information,
 * API keys), then the sessions list. Only tabs whose page is mounted under /account in
 * src/app/routes-reseller.ts are listed: whoever mounts a page there adds its tab here.
 */
export const accountTabs: readonly AccountTab[] = [
  { path: 'settings', label: 'Settings' },
  { path: 'profile', label: 'Profile' },
  { path: 'upgrade', label: 'Upgrade', permission: 'billing' },
  { path: 'billingInfo', label: 'Billing Information', permission: 'billing' },
  { path: 'rpc-api', label: 'API Keys', permission: 'api.key' },
  // Single sign-on (issue 20): the administrator only.
  { path: 'sso', label: 'Single sign-on', permission: 'sso.manage' },
  // After the spec's tabs: "Where you're signed in" (issue 20), every role's own sessions.
  { path: 'sessions', label: 'Sessions' },
];

/** The tabs the signed-in user may use (none with a permission until the role is known). */
export function useAccountTabs(): readonly AccountTab[] {
  const role = useAccountProfile().data?.role ?? '';
  return accountTabs.filter(
    (tab) => !tab.permission || (isResellerRole(role) && can(role, tab.permission)),
  );
}

/** /account: the account heading, its tabs (links, so each tab has its own address) and page. */
export function AccountLayout() {
  const tabs = useAccountTabs();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Account
      </Title>
      <Box component="nav" aria-label="Account" className="account-tabs">
        {tabs.map((tab) => (
          <UnstyledButton
            key={tab.path}
            component={NavLink}
            to={`/account/${tab.path}`}
            className="account-tab"
          >
            {tab.label}
          </UnstyledButton>
        ))}
      </Box>
      <Outlet />
    </Stack>
  );
}

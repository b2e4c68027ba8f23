import { Box, Stack, Title, UnstyledButton } from '@mantine/core';
import { NavLink, Outlet } from 'react-router-dom';
import './account-layout.css';

export interface AccountTab {
  /** The child path under /account. */
  path: string;
  label: string;
}

/**
 * The ACCOUNT area's tabs, in the spec's order (settings, profile, upgrade, billing information,
 * API keys). Only tabs whose page is mounted under /account in src/app/routes.tsx are listed:
 * whoever mounts a page there adds its tab here.
 */
export const accountTabs: readonly AccountTab[] = [
  { path: 'settings', label: 'Settings' },
  { path: 'profile', label: 'Profile' },
  { path: 'upgrade', label: 'Upgrade' },
  { path: 'billingInfo', label: 'Billing Information' },
  { path: 'rpc-api', label: 'API Keys' },
];

/** /account: the account heading, its tabs (links, so each tab has its own address) and page. */
export function AccountLayout() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Account
      </Title>
      <Box component="nav" aria-label="Account" className="account-tabs">
        {accountTabs.map((tab) => (
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

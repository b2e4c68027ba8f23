import { can, roleOfFlags, type Permission } from '../../domain/api/roles';
import { useResellerUserInfo } from '../../features/reseller-home/api/user-info';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session/logout';
import { ConsoleShell, type NavItem } from './console-shell';

type GuardedNavItem = NavItem & { permission?: Permission };

/** Every reseller area that has a screen; an entry with a permission only for roles that have it. */
const resellerNav: readonly GuardedNavItem[] = [
  { label: 'Home', to: paths.home, end: true },
  { label: 'Invoices', to: paths.invoices, permission: 'billing' },
  { label: 'Transactions', to: paths.transactions, permission: 'billing' },
  { label: 'Activity Log', to: paths.activityLog },
  { label: 'Account', to: paths.account },
  { label: 'Two-factor authentication', to: paths.twoFactor },
];

/** User management, shown to administrators and sub-administrators (see `permissions`). */
const userManagementNav: readonly NavItem[] = [
  { label: 'Users', to: paths.homeUsers },
  { label: 'Teams', to: paths.homeTeams },
  { label: 'Cancelled users', to: paths.cancelledUsers },
];

const computersNav: NavItem = { label: 'Computers', to: paths.homeComputers };

/** The reseller frame around /home and the other signed-in reseller screens. */
export function ResellerLayout() {
  const { data } = useResellerUserInfo();
  const user = data
    ? { name: `${data.firstname} ${data.lastname}`.trim() || data.username, email: data.email }
    : undefined;
  const role = data ? roleOfFlags(data) : undefined;
  const allowed = (item: GuardedNavItem) =>
    !item.permission || (role !== undefined && can(role, item.permission));
  const isManager = role !== undefined && can(role, 'users.manage');
  // Everyone sees Computers: managers all of the account's, a sub-user the ones allotted to them.
  const navItems = [
    ...resellerNav.slice(0, 1),
    ...(isManager ? userManagementNav : []),
    computersNav,
    ...resellerNav.slice(1).filter(allowed),
  ];
  return (
    <ConsoleShell
      areaName="Bulk Reseller"
      navItems={navItems}
      user={user}
      onLogout={() => logout()}
    />
  );
}

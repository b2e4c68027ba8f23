import { usePartnerUserInfo } from '../../features/partner-dashboard/api/user-info';
import { paths, serverPages } from '../../lib/paths';
import { logout } from '../../lib/session/logout';
import { useShownQuery } from '../../offline/shown-query';
import { ConsoleShell, type NavItem } from './console-shell';

/** The partner frame around the dashboard and the other signed-in partner screens. */
export function PartnerLayout() {
  const { data } = useShownQuery(usePartnerUserInfo());
  const isApproved = data?.rpcPartnerInfo.accountStatus === 'APPROVED';
  // Until approval the dashboard only redirects to the status page, so it is not offered.
  const navItems: NavItem[] = [
    ...(isApproved
      ? [
          { label: 'Dashboard', to: paths.partnerDashboard },
          { label: 'Commission reports', to: paths.partnerCommissionReport },
          { label: 'Promo banners', to: paths.partnerPromoBanners },
          { label: 'W-9 form', to: paths.partnerW9 },
        ]
      : []),
    { label: 'Application status', to: paths.partnerApproval },
    { label: 'Edit profile', to: paths.partnerEditProfile },
    { label: 'Change password', to: paths.partnerChangePassword },
  ];
  const user = data
    ? {
        name: data.rpcPartnerInfo.contactPerson || data.username,
        email: data.rpcPartnerInfo.emailId,
      }
    : undefined;
  return (
    <ConsoleShell
      areaName="Partner"
      navItems={navItems}
      user={user}
      // A partner who signs out is sent back to the partner sign-in page.
      onLogout={() => logout({ redirectUrl: serverPages.partnerSignIn })}
    />
  );
}

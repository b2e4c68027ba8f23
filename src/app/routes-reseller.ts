import { paths } from '../lib/paths';
import { requireSignedIn } from './route-guards';
import type { AppRoute } from './route-tree';

/** The signed-in reseller's screens, inside the reseller layout. */
export const resellerRoutes: AppRoute = {
  guard: requireSignedIn('reseller'),
  page: () => import('./layouts/reseller-layout').then((module) => module.ResellerLayout),
  children: [
    {
      path: paths.home,
      page: () =>
        import('../features/reseller-home/routes/home-page').then(
          (module) => module.ResellerHomePage,
        ),
    },
    // Billing (issue 7): invoices and transactions; upgrade and billingInfo are ACCOUNT tabs.
    {
      path: paths.invoices,
      page: () =>
        import('../features/billing/routes/invoices-page').then((module) => module.InvoicesPage),
    },
    {
      path: paths.invoiceDetail,
      page: () =>
        import('../features/billing/routes/invoice-detail-page').then(
          (module) => module.InvoiceDetailPage,
        ),
    },
    {
      path: paths.transactions,
      page: () =>
        import('../features/billing/routes/transactions-page').then(
          (module) => module.TransactionsPage,
        ),
    },
    {
      path: paths.homeUsers,
      page: () =>
        import('../features/reseller-users/routes/users-page').then((module) => module.UsersPage),
    },
    {
      path: paths.homeTeams,
      page: () => import('../features/teams/routes/teams-page').then((module) => module.TeamsPage),
    },
    {
      path: paths.homeComputers,
      page: () =>
        import('../features/computers/routes/computers-page').then(
          (module) => module.ComputersPage,
        ),
    },
    {
      path: paths.cancelledUsers,
      page: () =>
        import('../features/reseller-users/routes/cancelled-users-page').then(
          (module) => module.CancelledUsersPage,
        ),
    },
    {
      path: paths.account,
      page: () =>
        import('../features/reseller-account/routes/account-layout').then(
          (module) => module.AccountLayout,
        ),
      children: [
        { index: true, guard: () => paths.accountSettings },
        {
          path: 'settings',
          page: () =>
            import('../features/reseller-account/routes/settings-page').then(
              (module) => module.SettingsPage,
            ),
        },
        {
          path: 'profile',
          page: () =>
            import('../features/reseller-account/routes/profile-page').then(
              (module) => module.ProfilePage,
            ),
        },
        {
          path: 'upgrade',
          page: () =>
            import('../features/billing/routes/upgrade-page').then((module) => module.UpgradePage),
        },
        {
          path: 'billingInfo',
          page: () =>
            import('../features/billing/routes/billing-info-page').then(
              (module) => module.BillingInfoPage,
            ),
        },
        {
          path: 'rpc-api',
          page: () =>
            import('../features/reseller-account/routes/api-keys-page').then(
              (module) => module.ApiKeysPage,
            ),
        },
        {
          path: 'sso',
          page: () => import('../features/sso/routes/sso-page').then((module) => module.SsoPage),
        },
        {
          path: 'sessions',
          page: () =>
            import('../features/reseller-account/routes/sessions-page').then(
              (module) => module.SessionsPage,
            ),
        },
      ],
    },
    {
      path: paths.twoFactor,
      page: () =>
        import('../features/two-factor/routes/two-factor-page').then(
          (module) => module.TwoFactorPage,
        ),
    },
    {
      path: paths.twoFactorPhone,
      page: () =>
        import('../features/two-factor/routes/phone-setup-page').then(
          (module) => module.PhoneSetupPage,
        ),
    },
    {
      path: paths.twoFactorTotp,
      page: () =>
        import('../features/two-factor/routes/totp-setup-page').then(
          (module) => module.TotpSetupPage,
        ),
    },
    {
      path: paths.twoFactorTotpDeactivate,
      page: () =>
        import('../features/two-factor/routes/totp-deactivate-page').then(
          (module) => module.TotpDeactivatePage,
        ),
    },
    {
      path: paths.activityLog,
      page: () =>
        import('../features/activity-log/routes/activity-log-page').then(
          (module) => module.ActivityLogPage,
        ),
    },
    {
      path: paths.activityLogSupport,
      page: () =>
        import('../features/activity-log/routes/activity-log-page').then(
          (module) => module.ActivityLogPage,
        ),
    },
  ],
};

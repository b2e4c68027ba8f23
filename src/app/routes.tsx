import { paths } from '../lib/paths';
import { PageLoader } from '../ui/page-loader';
import { ErrorScreen } from './error-screen';
import { LinkExpiredScreen } from './link-expired-screen';
import { redirectFromRoot, redirectIfResellerSignedIn, requireSignedIn } from './route-guards';
import { toRouteObjects, type AppRoute } from './route-tree';

/**
 * The whole route tree under the /rpc-app base (spec section 2). Only screens that work are
 * listed; each area's code is a separate chunk, so the sign-in page loads little. Later issues
 * add their routes here.
 */
export const routes: AppRoute[] = [
  {
    path: paths.root,
    children: [
      { index: true, guard: redirectFromRoot, element: <PageLoader /> },
      {
        path: paths.resellerLogin,
        guard: redirectIfResellerSignedIn,
        page: () =>
          import('../features/reseller-auth/routes/login-page').then(
            (module) => module.ResellerLoginPage,
          ),
      },
      {
        path: paths.resellerForgotPassword,
        page: () =>
          import('../features/reseller-auth/routes/forgot-password-page').then(
            (module) => module.ForgotPasswordPage,
          ),
      },
      {
        path: paths.resellerResetPassword,
        page: () =>
          import('../features/reseller-auth/routes/reset-password-page').then(
            (module) => module.ResetPasswordPage,
          ),
      },
      { path: paths.linkExpired, element: <LinkExpiredScreen /> },
      {
        // Public: the e-mail change's link may be opened in a browser that is not signed in.
        path: paths.resellerConfirmEmail,
        page: () =>
          import('../features/reseller-auth/routes/confirm-email-page').then(
            (module) => module.ConfirmEmailPage,
          ),
      },
      {
        path: paths.resellerSignup,
        guard: redirectIfResellerSignedIn,
        page: () =>
          import('../features/reseller-signup/routes/signup-page').then(
            (module) => module.ResellerSignupPage,
          ),
      },
      {
        // Public: the signup's link may be opened in a browser that is not signed in.
        path: paths.registrationVerify,
        page: () =>
          import('../features/reseller-signup/routes/verify-registration-page').then(
            (module) => module.VerifyRegistrationPage,
          ),
      },
      {
        path: paths.chromebookCaptcha,
        page: () =>
          import('../features/reseller-signup/routes/chromebook-captcha-page').then(
            (module) => module.ChromebookCaptchaPage,
          ),
      },
      {
        path: paths.chromebookCaptchaResponse,
        page: () =>
          import('../features/reseller-signup/routes/chromebook-captcha-page').then(
            (module) => module.ChromebookCaptchaResponsePage,
          ),
      },
      {
        path: paths.invitedSignup,
        page: () =>
          import('../features/invite/routes/invited-signup-page').then(
            (module) => module.InvitedSignupPage,
          ),
      },
      {
        path: paths.partnerSignup,
        page: () =>
          import('../features/partner-signup/routes/signup-page').then(
            (module) => module.PartnerSignupPage,
          ),
      },
      {
        path: paths.partnerForgotPassword,
        page: () =>
          import('../features/partner-profile/routes/forgot-password-page').then(
            (module) => module.PartnerForgotPasswordPage,
          ),
      },
      {
        path: paths.partnerResetPassword,
        page: () =>
          import('../features/partner-profile/routes/reset-password-page').then(
            (module) => module.PartnerResetPasswordPage,
          ),
      },
      {
        path: paths.partnerConfirmEmail,
        page: () =>
          import('../features/partner-profile/routes/confirm-email-page').then(
            (module) => module.PartnerConfirmEmailPage,
          ),
      },
      {
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
              import('../features/billing/routes/invoices-page').then(
                (module) => module.InvoicesPage,
              ),
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
              import('../features/reseller-users/routes/users-page').then(
                (module) => module.UsersPage,
              ),
          },
          {
            path: paths.homeTeams,
            page: () =>
              import('../features/teams/routes/teams-page').then((module) => module.TeamsPage),
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
                  import('../features/billing/routes/upgrade-page').then(
                    (module) => module.UpgradePage,
                  ),
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
      },
      {
        guard: requireSignedIn('partner'),
        page: () => import('./layouts/partner-layout').then((module) => module.PartnerLayout),
        children: [
          {
            path: paths.partnerDashboard,
            page: () =>
              import('../features/partner-dashboard/routes/dashboard-page').then(
                (module) => module.PartnerDashboardPage,
              ),
          },
          {
            path: paths.partnerApproval,
            page: () =>
              import('../features/partner-dashboard/routes/approval-page').then(
                (module) => module.PartnerApprovalPage,
              ),
          },
          {
            path: paths.partnerSignupW9,
            page: () =>
              import('../features/partner-signup/routes/w9-page').then(
                (module) => module.SignupW9Page,
              ),
          },
          {
            path: paths.partnerW9,
            page: () =>
              import('../features/partner-signup/routes/w9-page').then(
                (module) => module.PartnerW9Page,
              ),
          },
          {
            path: paths.partnerEditProfile,
            page: () =>
              import('../features/partner-profile/routes/edit-profile-page').then(
                (module) => module.EditProfilePage,
              ),
          },
          {
            path: paths.partnerChangePassword,
            page: () =>
              import('../features/partner-profile/routes/change-password-page').then(
                (module) => module.ChangePasswordPage,
              ),
          },
          {
            path: paths.partnerPromoBanners,
            page: () =>
              import('../features/partner-banners/routes/promo-banners-page').then(
                (module) => module.PromoBannersLayout,
              ),
            children: [
              {
                index: true,
                page: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => module.PromoBannersIndex,
                  ),
              },
              {
                path: 'rpcbounty',
                page: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => module.RpcBountyBanners,
                  ),
              },
              {
                path: 'hdbounty',
                page: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => module.HdBountyBanners,
                  ),
              },
              {
                path: 'rpcreferral',
                page: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => module.RpcReferralBanners,
                  ),
              },
              {
                path: 'hdreferral',
                page: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => module.HdReferralBanners,
                  ),
              },
            ],
          },
          {
            path: paths.partnerCommissionReport,
            page: () =>
              import('../features/partner-reports/routes/commission-report-layout').then(
                (module) => module.CommissionReportLayout,
              ),
            children: [
              {
                index: true,
                page: () =>
                  import('../features/partner-reports/routes/overview-page').then(
                    (module) => module.ReportsOverviewPage,
                  ),
              },
              {
                path: 'bounty',
                page: () =>
                  import('../features/partner-reports/routes/bounty-page').then(
                    (module) => module.BountyReportPage,
                  ),
              },
              {
                path: 'referral',
                page: () =>
                  import('../features/partner-reports/routes/referral-page').then(
                    (module) => module.ReferralReportPage,
                  ),
              },
              {
                path: 'referral/rpc/quarterly',
                page: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => module.RpcQuarterlyDefault,
                  ),
              },
              {
                path: 'referral/rpc/quarterly/:quarter/:year',
                page: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => module.RpcQuarterlyPage,
                  ),
              },
              {
                path: 'referral/rpc/monthly',
                page: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => module.RpcMonthlyDefault,
                  ),
              },
              {
                path: 'referral/rpc/monthly/:from_month/:from_year/:to_month/:to_year',
                page: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => module.RpcMonthlyPage,
                  ),
              },
              {
                path: 'referral/hd/quarterly',
                page: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => module.HdQuarterlyDefault,
                  ),
              },
              {
                path: 'referral/hd/quarterly/:quarter/:year',
                page: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => module.HdQuarterlyPage,
                  ),
              },
              {
                path: 'referral/hd/monthly',
                page: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => module.HdMonthlyDefault,
                  ),
              },
              {
                path: 'referral/hd/monthly/:from_month/:from_year/:to_month/:to_year',
                page: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => module.HdMonthlyPage,
                  ),
              },
            ],
          },
        ],
      },
      {
        // Unknown paths get the error screen with "Not Found".
        path: '*',
        element: <ErrorScreen statusText="Not Found" />,
      },
    ],
  },
];

/** The tree as React Router route objects, built once (see route-tree.tsx). */
export const routeObjects = toRouteObjects(routes);

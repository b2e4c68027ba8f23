import { data, Outlet, redirect, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';
import { PageLoader } from '../ui/page-loader';
import { ErrorScreen } from './error-screen';
import { LinkExpiredScreen } from './link-expired-screen';
import { redirectFromRoot, redirectIfResellerSignedIn, requireSignedIn } from './route-guards';

/**
 * The whole route tree under the /rpc-app base (spec section 2). Only screens that work are
 * listed; each area's code is a separate chunk, so the sign-in page loads little. Later issues
 * add their routes here.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: paths.root,
    element: <Outlet />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, loader: redirectFromRoot, element: <PageLoader /> },
      {
        path: paths.resellerLogin,
        loader: redirectIfResellerSignedIn,
        lazy: () =>
          import('../features/reseller-auth/routes/login-page').then((module) => ({
            Component: module.ResellerLoginPage,
          })),
      },
      {
        path: paths.resellerForgotPassword,
        lazy: () =>
          import('../features/reseller-auth/routes/forgot-password-page').then((module) => ({
            Component: module.ForgotPasswordPage,
          })),
      },
      {
        path: paths.resellerResetPassword,
        lazy: () =>
          import('../features/reseller-auth/routes/reset-password-page').then((module) => ({
            Component: module.ResetPasswordPage,
          })),
      },
      { path: paths.linkExpired, Component: LinkExpiredScreen },
      {
        // Public: the e-mail change's link may be opened in a browser that is not signed in.
        path: paths.resellerConfirmEmail,
        lazy: () =>
          import('../features/reseller-auth/routes/confirm-email-page').then((module) => ({
            Component: module.ConfirmEmailPage,
          })),
      },
      {
        path: paths.resellerSignup,
        loader: redirectIfResellerSignedIn,
        lazy: () =>
          import('../features/reseller-signup/routes/signup-page').then((module) => ({
            Component: module.ResellerSignupPage,
          })),
      },
      {
        // Public: the signup's link may be opened in a browser that is not signed in.
        path: paths.registrationVerify,
        lazy: () =>
          import('../features/reseller-signup/routes/verify-registration-page').then((module) => ({
            Component: module.VerifyRegistrationPage,
          })),
      },
      {
        path: paths.chromebookCaptcha,
        lazy: () =>
          import('../features/reseller-signup/routes/chromebook-captcha-page').then((module) => ({
            Component: module.ChromebookCaptchaPage,
          })),
      },
      {
        path: paths.chromebookCaptchaResponse,
        lazy: () =>
          import('../features/reseller-signup/routes/chromebook-captcha-page').then((module) => ({
            Component: module.ChromebookCaptchaResponsePage,
          })),
      },
      {
        path: paths.invitedSignup,
        lazy: () =>
          import('../features/invite/routes/invited-signup-page').then((module) => ({
            Component: module.InvitedSignupPage,
          })),
      },
      {
        path: paths.partnerSignup,
        lazy: () =>
          import('../features/partner-signup/routes/signup-page').then((module) => ({
            Component: module.PartnerSignupPage,
          })),
      },
      {
        path: paths.partnerForgotPassword,
        lazy: () =>
          import('../features/partner-profile/routes/forgot-password-page').then((module) => ({
            Component: module.PartnerForgotPasswordPage,
          })),
      },
      {
        path: paths.partnerResetPassword,
        lazy: () =>
          import('../features/partner-profile/routes/reset-password-page').then((module) => ({
            Component: module.PartnerResetPasswordPage,
          })),
      },
      {
        id: 'reseller',
        loader: requireSignedIn('reseller'),
        lazy: () =>
          import('./layouts/reseller-layout').then((module) => ({
            Component: module.ResellerLayout,
          })),
        children: [
          {
            path: paths.home,
            lazy: () =>
              import('../features/reseller-home/routes/home-page').then((module) => ({
                Component: module.ResellerHomePage,
              })),
          },
          // Billing (issue 7): invoices and transactions; upgrade and billingInfo are ACCOUNT tabs.
          {
            path: paths.invoices,
            lazy: () =>
              import('../features/billing/routes/invoices-page').then((module) => ({
                Component: module.InvoicesPage,
              })),
          },
          {
            path: paths.invoiceDetail,
            lazy: () =>
              import('../features/billing/routes/invoice-detail-page').then((module) => ({
                Component: module.InvoiceDetailPage,
              })),
          },
          {
            path: paths.transactions,
            lazy: () =>
              import('../features/billing/routes/transactions-page').then((module) => ({
                Component: module.TransactionsPage,
              })),
          },
          {
            path: paths.homeUsers,
            lazy: () =>
              import('../features/reseller-users/routes/users-page').then((module) => ({
                Component: module.UsersPage,
              })),
          },
          {
            path: paths.homeTeams,
            lazy: () =>
              import('../features/teams/routes/teams-page').then((module) => ({
                Component: module.TeamsPage,
              })),
          },
          {
            path: paths.homeComputers,
            lazy: () =>
              import('../features/computers/routes/computers-page').then((module) => ({
                Component: module.ComputersPage,
              })),
          },
          {
            path: paths.cancelledUsers,
            lazy: () =>
              import('../features/reseller-users/routes/cancelled-users-page').then((module) => ({
                Component: module.CancelledUsersPage,
              })),
          },
          {
            path: paths.account,
            lazy: () =>
              import('../features/reseller-account/routes/account-layout').then((module) => ({
                Component: module.AccountLayout,
              })),
            children: [
              { index: true, loader: () => redirect(paths.accountSettings) },
              {
                path: 'settings',
                lazy: () =>
                  import('../features/reseller-account/routes/settings-page').then((module) => ({
                    Component: module.SettingsPage,
                  })),
              },
              {
                path: 'profile',
                lazy: () =>
                  import('../features/reseller-account/routes/profile-page').then((module) => ({
                    Component: module.ProfilePage,
                  })),
              },
              {
                path: 'upgrade',
                lazy: () =>
                  import('../features/billing/routes/upgrade-page').then((module) => ({
                    Component: module.UpgradePage,
                  })),
              },
              {
                path: 'billingInfo',
                lazy: () =>
                  import('../features/billing/routes/billing-info-page').then((module) => ({
                    Component: module.BillingInfoPage,
                  })),
              },
              {
                path: 'rpc-api',
                lazy: () =>
                  import('../features/reseller-account/routes/api-keys-page').then((module) => ({
                    Component: module.ApiKeysPage,
                  })),
              },
            ],
          },
          {
            path: paths.twoFactor,
            lazy: () =>
              import('../features/two-factor/routes/two-factor-page').then((module) => ({
                Component: module.TwoFactorPage,
              })),
          },
          {
            path: paths.twoFactorPhone,
            lazy: () =>
              import('../features/two-factor/routes/phone-setup-page').then((module) => ({
                Component: module.PhoneSetupPage,
              })),
          },
          {
            path: paths.twoFactorTotp,
            lazy: () =>
              import('../features/two-factor/routes/totp-setup-page').then((module) => ({
                Component: module.TotpSetupPage,
              })),
          },
          {
            path: paths.twoFactorTotpDeactivate,
            lazy: () =>
              import('../features/two-factor/routes/totp-deactivate-page').then((module) => ({
                Component: module.TotpDeactivatePage,
              })),
          },
          {
            path: paths.activityLog,
            lazy: () =>
              import('../features/activity-log/routes/activity-log-page').then((module) => ({
                Component: module.ActivityLogPage,
              })),
          },
          {
            path: paths.activityLogSupport,
            lazy: () =>
              import('../features/activity-log/routes/activity-log-page').then((module) => ({
                Component: module.ActivityLogPage,
              })),
          },
        ],
      },
      {
        id: 'partner',
        loader: requireSignedIn('partner'),
        lazy: () =>
          import('./layouts/partner-layout').then((module) => ({
            Component: module.PartnerLayout,
          })),
        children: [
          {
            path: paths.partnerDashboard,
            lazy: () =>
              import('../features/partner-dashboard/routes/dashboard-page').then((module) => ({
                Component: module.PartnerDashboardPage,
              })),
          },
          {
            path: paths.partnerApproval,
            lazy: () =>
              import('../features/partner-dashboard/routes/approval-page').then((module) => ({
                Component: module.PartnerApprovalPage,
              })),
          },
          {
            path: paths.partnerSignupW9,
            lazy: () =>
              import('../features/partner-signup/routes/w9-page').then((module) => ({
                Component: module.SignupW9Page,
              })),
          },
          {
            path: paths.partnerW9,
            lazy: () =>
              import('../features/partner-signup/routes/w9-page').then((module) => ({
                Component: module.PartnerW9Page,
              })),
          },
          {
            path: paths.partnerEditProfile,
            lazy: () =>
              import('../features/partner-profile/routes/edit-profile-page').then((module) => ({
                Component: module.EditProfilePage,
              })),
          },
          {
            path: paths.partnerChangePassword,
            lazy: () =>
              import('../features/partner-profile/routes/change-password-page').then((module) => ({
                Component: module.ChangePasswordPage,
              })),
          },
          {
            path: paths.partnerPromoBanners,
            lazy: () =>
              import('../features/partner-banners/routes/promo-banners-page').then((module) => ({
                Component: module.PromoBannersLayout,
              })),
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => ({
                      Component: module.PromoBannersIndex,
                    }),
                  ),
              },
              {
                path: 'rpcbounty',
                lazy: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => ({
                      Component: module.RpcBountyBanners,
                    }),
                  ),
              },
              {
                path: 'hdbounty',
                lazy: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => ({
                      Component: module.HdBountyBanners,
                    }),
                  ),
              },
              {
                path: 'rpcreferral',
                lazy: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => ({
                      Component: module.RpcReferralBanners,
                    }),
                  ),
              },
              {
                path: 'hdreferral',
                lazy: () =>
                  import('../features/partner-banners/routes/promo-banners-page').then(
                    (module) => ({
                      Component: module.HdReferralBanners,
                    }),
                  ),
              },
            ],
          },
          {
            path: paths.partnerCommissionReport,
            lazy: () =>
              import('../features/partner-reports/routes/commission-report-layout').then(
                (module) => ({ Component: module.CommissionReportLayout }),
              ),
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/partner-reports/routes/overview-page').then((module) => ({
                    Component: module.ReportsOverviewPage,
                  })),
              },
              {
                path: 'bounty',
                lazy: () =>
                  import('../features/partner-reports/routes/bounty-page').then((module) => ({
                    Component: module.BountyReportPage,
                  })),
              },
              {
                path: 'referral',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-page').then((module) => ({
                    Component: module.ReferralReportPage,
                  })),
              },
              {
                path: 'referral/rpc/quarterly',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => ({
                      Component: module.RpcQuarterlyDefault,
                    }),
                  ),
              },
              {
                path: 'referral/rpc/quarterly/:quarter/:year',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => ({
                      Component: module.RpcQuarterlyPage,
                    }),
                  ),
              },
              {
                path: 'referral/rpc/monthly',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => ({
                      Component: module.RpcMonthlyDefault,
                    }),
                  ),
              },
              {
                path: 'referral/rpc/monthly/:from_month/:from_year/:to_month/:to_year',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => ({
                      Component: module.RpcMonthlyPage,
                    }),
                  ),
              },
              {
                path: 'referral/hd/quarterly',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => ({
                      Component: module.HdQuarterlyDefault,
                    }),
                  ),
              },
              {
                path: 'referral/hd/quarterly/:quarter/:year',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => ({
                      Component: module.HdQuarterlyPage,
                    }),
                  ),
              },
              {
                path: 'referral/hd/monthly',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => ({
                      Component: module.HdMonthlyDefault,
                    }),
                  ),
              },
              {
                path: 'referral/hd/monthly/:from_month/:from_year/:to_month/:to_year',
                lazy: () =>
                  import('../features/partner-reports/routes/referral-view-page').then(
                    (module) => ({
                      Component: module.HdMonthlyPage,
                    }),
                  ),
              },
            ],
          },
        ],
      },
      {
        // Unknown paths get the error screen with "Not Found".
        path: '*',
        loader: () => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router reads a thrown data() as the route's error response
          throw data(null, { status: 404, statusText: 'Not Found' });
        },
      },
    ],
  },
];

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every concrete path of a route tree (no splats), e.g. for an automated route sweep. */
export function collectPaths(tree: readonly RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.path === undefined ? parent : joinPath(parent, route.path);
    const here = route.path !== undefined && !own.includes('*') ? [own] : [];
    return [...here, ...collectPaths(route.children ?? [], own)];
  });
}

/** The plain list of console paths (relative to /rpc-app) that have a screen. */
export const routePaths: readonly string[] = collectPaths(routes);

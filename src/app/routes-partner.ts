import { paths } from '../lib/paths';
import { requireSignedIn } from './route-guards';
import type { AppRoute } from './route-tree';

/** The signed-in partner's screens, inside the partner layout. */
export const partnerRoutes: AppRoute = {
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
        import('../features/partner-signup/routes/w9-page').then((module) => module.SignupW9Page),
    },
    {
      path: paths.partnerW9,
      page: () =>
        import('../features/partner-signup/routes/w9-page').then((module) => module.PartnerW9Page),
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
};

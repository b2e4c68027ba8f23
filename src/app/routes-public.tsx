import { paths } from '../lib/paths';
import { PageLoader } from '../ui/page-loader';
import { LinkExpiredScreen } from './link-expired-screen';
import { redirectFromRoot, redirectIfResellerSignedIn } from './route-guards';
import type { AppRoute } from './route-tree';

/** The screens anyone may open: sign-in, signup, password reset and the links sent by e-mail. */
export const publicRoutes: AppRoute[] = [
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
    // "Sign in with SSO" (issue 20): the e-mail or SSO name form, and where SSO lands.
    path: '/reseller/sso',
    guard: redirectIfResellerSignedIn,
    page: () =>
      import('../features/sso/routes/sso-sign-in-page').then((module) => module.SsoSignInPage),
  },
  {
    path: '/reseller/sso/done',
    page: () => import('../features/sso/routes/sso-done-page').then((module) => module.SsoDonePage),
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
];

/**
 * Console paths (relative to the /rpc-app base) that have a working screen, and the server pages
 * the console sends the browser to. The route tree in src/app/routes.tsx is built from these.
 */
export const paths = {
  root: '/',
  resellerLogin: '/reseller/login',
  resellerForgotPassword: '/reseller/forgotPassword',
  resellerResetPassword: '/reseller/reset_password',
  linkExpired: '/reseller/addUser/linkExpired',
  resellerConfirmEmail: '/reseller/confirmEmail',
  resellerSignup: '/reseller/signup',
  registrationVerify: '/reseller/registration/verify',
  chromebookCaptcha: '/chromebook/captcha/verify',
  chromebookCaptchaResponse: '/chromebook/captcha/verify/response',
  invitedSignup: '/reseller/addUser',
  home: '/home',
  billingInfo: '/account/billingInfo',
  upgrade: '/account/upgrade',
  invoices: '/invoice',
  invoiceDetail: '/invoice/:invoiceID',
  transactions: '/transactions/preview',
  homeUsers: '/home/users',
  homeTeams: '/home/teams',
  homeComputers: '/home/computers',
  cancelledUsers: '/cancelled-users',
  account: '/account',
  accountSettings: '/account/settings',
  accountProfile: '/account/profile',
  accountApiKeys: '/account/rpc-api',
  accountSessions: '/account/sessions',
  activityLog: '/activityLog',
  twoFactor: '/2fa',
  twoFactorPhone: '/2fa/phone',
  twoFactorTotp: '/2fa/totp',
  twoFactorTotpDeactivate: '/2fa/totp/deactivate',
  activityLogSupport: '/activity-log-support',
  partnerDashboard: '/partner/dashboard',
  partnerApproval: '/partner/approvalPage',
  partnerCommissionReport: '/partner/newcommissionreport',
  partnerSignup: '/partner/signup',
  partnerSignupW9: '/partner/SignUp/W9Form',
  partnerW9: '/partner/W9Form',
  partnerPromoBanners: '/partner/promobanners',
  partnerForgotPassword: '/partner/forgotPassword',
  partnerResetPassword: '/partner/resetpartner_password',
  partnerConfirmEmail: '/partner/confirmEmail',
  partnerEditProfile: '/partner/editprofile',
  partnerChangePassword: '/partner/changepassword',
} as const;

export const CONSOLE_BASE = '/rpc-app';

/** Pages served by the API server, outside the console (full-page navigations). */
export const serverPages = {
  partnerSignIn: '/partner/',
  logout: (productType: 'partner' | 'reseller') => `/rpc-api/${productType}/logout`,
} as const;

import { totpCode } from '../../../server/services/twofa/totp';
import { message, post, R, WALKER, type Walk, type WalkStep } from './activity-walk';

/* The walk's steps for a user's own account: profile, password, e-mail and two-factor. */

export const NEW_EMAIL = 'walker.new@walk.example.com';

const enableTotp = async (w: Walk) => {
  const setup = await w.walker.post(`${R}/twofa/user/generatePasscode`, { method: 'totp' });
  w.totpSecret = message<{ secret: string }>(setup).secret;
  return setup;
};

export const profileSteps: WalkStep[] = [
  {
    ...post(`${R}/account/update`, ['Updated profile'], async (w) => {
      const profile = message<{ proxy: string }>(await w.walker.get(`${R}/account/get`));
      return w.walker.post(`${R}/account/update`, {
        firstname: 'Walter',
        lastname: 'Walkabout',
        proxy: profile.proxy,
      });
    }),
    target: 'Walter Walkabout',
    prepare: async (w) => {
      w.walker = await w.signedIn(WALKER, w.walkerPassword);
    },
  },
  post(`${R}/account/change/password`, ['Changed password'], async (w) => {
    const response = await w.walker.post(`${R}/account/change/password`, {
      currentPassword: w.walkerPassword,
      newPassword: 'Walk@67890',
      confirmPassword: 'Walk@67890',
    });
    w.walkerPassword = 'Walk@67890';
    return response;
  }),
  post(
    `${R}/account/change/email`,
    ['Requested an e-mail address change'],
    (w) =>
      w.walker.post(`${R}/account/change/email`, { email: NEW_EMAIL, password: w.walkerPassword }),
    { target: NEW_EMAIL },
  ),
  post(
    `${R}/account/change/email/resend`,
    ['Resent the e-mail address confirmation'],
    (w) => w.walker.post(`${R}/account/change/email/resend`),
    { target: NEW_EMAIL },
  ),
  post(
    `${R}/account/change/email/cancel`,
    ['Cancelled the e-mail address change'],
    (w) => w.walker.post(`${R}/account/change/email/cancel`),
    { target: NEW_EMAIL },
  ),
  {
    ...post(`${R}/account/change/email/confirm`, ['Changed e-mail address'], async (w) => {
      const token = decodeURIComponent(w.fromMail(NEW_EMAIL, /confirmEmail\?token=(\S+)/));
      const visitor = w.agent();
      await visitor.csrf();
      const response = await visitor.post(`${R}/account/change/email/confirm`, { token });
      w.walkerEmail = NEW_EMAIL;
      return response;
    }),
    target: NEW_EMAIL,
    prepare: async (w) => {
      await w.walker.post(`${R}/account/change/email`, {
        email: NEW_EMAIL,
        password: w.walkerPassword,
      });
    },
  },
  post(
    `${R}/twofa/user/generatePasscode`,
    ['Started two-factor authentication setup'],
    enableTotp,
    {
      target: 'authenticator app',
    },
  ),
  post(
    `${R}/twofa/user/enable`,
    ['Turned two-factor authentication on'],
    (w) =>
      w.walker.post(`${R}/twofa/user/enable`, {
        password: w.walkerPassword,
        otp: totpCode(w.totpSecret),
      }),
    { target: 'authenticator app' },
  ),
  post(`${R}/twofa/user/recoveryCode`, ['Generated new recovery codes'], async (w) => {
    const response = await w.walker.post(`${R}/twofa/user/recoveryCode`, {
      password: w.walkerPassword,
    });
    w.recoveryCodes = message<{ recoveryCodes: string[] }>(response).recoveryCodes;
    return response;
  }),
  {
    ...post(
      `${R}/twofa/login/validatePasscode`,
      ['Signed in with two-factor authentication'],
      (w) =>
        w.challenge.post(`${R}/twofa/login/validatePasscode`, {
          otp: totpCode(w.totpSecret),
          trustBrowser: 'true',
        }),
    ),
    prepare: async (w) => {
      // The code that turned it on was this very step's: a later sign-in may use it again here.
      await w.t.db.updateTable('twofa_settings').set({ last_totp_step: 0 }).execute();
      w.challenge = await w.signedIn(w.walkerEmail, w.walkerPassword);
    },
  },
  post(
    `${R}/twofa/user/trustedBrowsers/revoke`,
    ['Revoked a trusted browser'],
    async (w) => {
      const list = await w.walker.get(`${R}/twofa/user/trustedBrowsers`);
      const id = message<{ items: { id: string }[] }>(list).items[0]?.id ?? '';
      return w.walker.post(`${R}/twofa/user/trustedBrowsers/revoke`, { id });
    },
    { target: true },
  ),
  {
    ...post(
      `${R}/twofa/login/deactivateTwoFA`,
      ['Turned two-factor authentication off', 'Signed in'],
      (w) =>
        w.challenge.post(`${R}/twofa/login/deactivateTwoFA`, {
          recoveryCode: w.recoveryCodes[0] ?? '',
        }),
    ),
    target: 'recovery code',
    prepare: async (w) => {
      w.challenge = await w.signedIn(w.walkerEmail, w.walkerPassword);
    },
  },
  {
    ...post(`${R}/twofa/user/disable`, ['Turned two-factor authentication off'], (w) =>
      w.walker.post(`${R}/twofa/user/disable`, { password: w.walkerPassword }),
    ),
    target: 'authenticator app',
    prepare: async (w) => {
      await enableTotp(w);
      await w.walker.post(`${R}/twofa/user/enable`, {
        password: w.walkerPassword,
        otp: totpCode(w.totpSecret),
      });
    },
  },
  // "Where you're signed in": each step first signs the walker in on another browser.
  {
    ...post(
      `${R}/sessions/signOut`,
      ['Signed out a session'],
      async (w) => {
        const list = await w.walker.get(`${R}/sessions`);
        const items = message<{ items: { id: string; current: boolean }[] }>(list).items;
        const id = items.find((item) => !item.current)?.id ?? '';
        return w.walker.post(`${R}/sessions/signOut`, { sessionId: id });
      },
      { target: true },
    ),
    prepare: async (w) => {
      await w.signedIn(w.walkerEmail, w.walkerPassword);
    },
  },
  {
    ...post(
      `${R}/sessions/signOutOthers`,
      ['Signed out all other sessions'],
      (w) => w.walker.post(`${R}/sessions/signOutOthers`),
      { target: true },
    ),
    prepare: async (w) => {
      await w.signedIn(w.walkerEmail, w.walkerPassword);
    },
  },
];

import fs from 'node:fs';
import path from 'node:path';
import { markTested } from '../../server/services/sso/config';
import { totpCode } from '../../server/services/twofa/totp';
import { accountIdOfUser } from '../../tests/server/helpers/accounts';
import { DEMO_TOTP_SECRET } from '../../server/db/seed/reseller-account';
import type { Agent } from '../../tests/server/helpers/agent';
import type { Walk } from '../../tests/server/helpers/activity-walk';
import { solveCaptcha } from '../../tests/server/helpers/captcha';
import { idpKeys, idpMetadataXml } from '../../tests/server/helpers/saml-idp';
import type { Recorder } from './recorder';

/**
 * Calls the activity-log walk does not make: sessions renewed, look-ups, the two-factor and
 * Chromebook checks, the partner's own calls (a new partner signs up and files the W-9; the demo
 * partner edits its profile), and single sign-on once it is set up. Each runs where what it
 * needs exists; a failed one only leaves its operation unrecorded (the capture lists those).
 */

export interface Context {
  w: Walk;
  partner: Agent;
  recorder: Recorder;
}
type Call = (c: Context) => Promise<unknown>;

const R = '/rpc-api/reseller';
const P = '/rpc-api/partner';

async function visitorOf(w: Walk): Promise<Agent> {
  const visitor = w.agent();
  await visitor.csrf();
  return visitor;
}

const newPartner = {
  partnerId: 'harbor_it',
  emailId: 'owner@harbor-it.example.com',
  password: 'Harbor@123',
  confirmPassword: 'Harbor@123',
  companyName: 'Harbor IT Services',
  dbaname: '',
  contactPerson: 'Morgan Reyes',
  paypalEmailId: '',
  address1: '1 Harbour Street',
  address2: '',
  city: 'Seattle',
  country: 'United States of America',
  state: 'Washington',
  zip: '98101',
  phoneNumber: '2065550100',
  partnerType: 'Reseller',
  hearAbout: 'Search engine',
  referal_others: '',
};

const w9 = {
  companyNameW9: 'Harbor IT Services',
  dbanameW9: '',
  federalTaxClassification: 'C_CORPORATION',
  federalTaxClassificationDetails: '',
  address1W9: '1 Harbour Street',
  address2W9: 'Seattle, WA 98101',
  requestersNameAddress: '',
  tinType: 'ein',
  tin: '12-3456789',
  signature: 'Morgan Reyes',
  w9Date: new Date().toISOString().slice(0, 10),
};

const firstUserId = (recorder: Recorder, operationId: string): string => {
  const answer = recorder.examples.get(operationId)?.response as
    { message: { users: { id: string }[] } } | undefined;
  return answer?.message.users[0]?.id ?? '';
};

function lastSmsCode(w: Walk): string {
  const outbox = path.join(w.t.config.dataDir, 'outbox');
  const file = fs
    .readdirSync(outbox)
    .filter((name) => name.includes('-sms-'))
    .sort()
    .at(-1);
  const sms = JSON.parse(fs.readFileSync(path.join(outbox, file ?? ''), 'utf8')) as {
    text: string;
  };
  return /\d{6}/.exec(sms.text)?.[0] ?? '';
}

/** Before the walk: the demo accounts as seeded. */
export const beforeWalk: Call[] = [
  ({ w }) => w.admin.post(`${R}/auth/v1/refresh-token`),
  ({ partner }) => partner.post(`${P}/auth/v1/refresh-token`),
  ({ w }) =>
    w.admin.post(`${R}/account/validateExistingPassword`, { currentPassword: 'Demo@1234' }),
  async ({ w }) => {
    const visitor = await visitorOf(w);
    await visitor.post('/rpc-api/forgot_password', { email: 'reseller@example.com' });
    const token = w.fromMail('reseller@example.com', /reset_password\?token=([\w-]+)/);
    return visitor.get('/rpc-api/reset_password/check', { token });
  },
  async ({ w }) => {
    const challenge = w.agent();
    await challenge.signIn('reseller', 'twofa@example.com');
    await challenge.get(`${R}/twofa/login/state`);
    await challenge.post(`${R}/twofa/login/generatePasscode`);
    return challenge.post(`${R}/twofa/login/validatePasscode`, {
      otp: totpCode(DEMO_TOTP_SECRET),
      trustBrowser: 'false',
    });
  },
  async ({ w }) => {
    // A code by text message: the demo sub-user turns it on, then signs in with it.
    const settings = await w.signedIn('subuser@example.com');
    const phone = { method: 'phone', phone: '+15035550100' };
    await settings.post(`${R}/twofa/user/generatePasscode`, phone);
    await settings.post(`${R}/twofa/user/enable`, { password: 'Demo@1234', otp: lastSmsCode(w) });
    const challenge = w.agent();
    await challenge.signIn('reseller', 'subuser@example.com');
    return challenge.post(`${R}/twofa/login/generatePasscode`);
  },
  async ({ w }) => {
    await w.admin.post(`${R}/user/invite`, {
      email: 'new.hire@example.com',
      role: 'sub_user',
      allotedComputers: '1',
    });
    const id = await w.userId('new.hire@example.com');
    const copied = await w.admin.post(`${R}/user/invite/link`, { userId: id });
    const link = new URL(copied.json<{ message: { link: string } }>().message.link);
    const visitor = await visitorOf(w);
    return visitor.get(`${R}/invite/check`, Object.fromEntries(link.searchParams));
  },
  async ({ w }) => {
    const visitor = await visitorOf(w);
    const session = 'app-session-0123456789abcdef';
    await visitor.post('/rpc-api/chromebook/captcha/verify', {
      session,
      altcha: await solveCaptcha(visitor),
    });
    return visitor.get('/rpc-api/chromebook/captcha/verify/response', { session });
  },
  async ({ w }) => {
    const applicant = await visitorOf(w);
    await applicant.post(`${P}/partnerSignup`, newPartner);
    await applicant.post(`${P}/continuePartenrSignup`, newPartner);
    await applicant.post(`${P}/confirmPartnerW9Form`, w9);
    await applicant.post(`${P}/partnerW9FormConfirm`, w9);
    return applicant.post(`${P}/partnerCancelAccount`, { password: newPartner.password });
  },
  ({ partner, recorder }) =>
    partner.post(`${P}/askToConfirmUser`, {
      id: firstUserId(recorder, 'listPartnerUnconfirmedUsers'),
    }),
  ({ partner, recorder }) =>
    partner.post(`${P}/askToConfirmhdUser`, {
      id: firstUserId(recorder, 'listHelpdeskPartnerUnconfirmedUsers'),
    }),
  ({ partner }) => partner.post(`${P}/updatePartnerEditProfile`, { city: 'Oakland', zip: '94612' }),
  async ({ w, partner }) => {
    await partner.post(`${P}/updatePartnerEditProfile`, {
      emailId: 'dana@northwind.example.com',
      currentPassword: 'Demo@1234',
    });
    const token = decodeURIComponent(
      w.fromMail('dana@northwind.example.com', /confirmEmail\?token=([\w%-]+)/),
    );
    return (await visitorOf(w)).post(`${P}/email/confirm`, { token });
  },
  ({ partner }) =>
    partner.post(`${P}/updatePartnerPassword`, {
      currentPassword: 'Demo@1234',
      newPassword: 'Northwind@2026',
      confirmPassword: 'Northwind@2026',
    }),
  async ({ w }) => {
    const visitor = await visitorOf(w);
    await visitor.post(`${P}/forgotPasswordLink`, { emailId: 'dana@northwind.example.com' });
    const token = w.fromMail('dana@northwind.example.com', /token=([\w-]+)/);
    return visitor.post(`${P}/resetpartner_password`, {
      token,
      newPassword: 'Reset@2026',
      confirmPassword: 'Reset@2026',
    });
  },
];

/** After the walk: single sign-on set up for the whole account, tested, then used. */
export const afterWalk: Call[] = [
  async ({ w }) => {
    await w.admin.post(`${R}/sso/config`, {
      protocol: 'saml',
      samlMetadataXml: idpMetadataXml({
        entityId: 'https://idp.acme-remote.example.com/',
        ssoUrl: 'https://idp.acme-remote.example.com/sso',
        sloUrl: null,
        keys: await idpKeys(),
      }),
    });
    await w.admin.post(`${R}/sso/test`);
    // The identity provider's half of "Test sign-in" is not part of the capture.
    await markTested(w.t.db, await accountIdOfUser(w.t.db, 'reseller@example.com'));
    await w.admin.post(`${R}/sso/enable`, { scope: 'account' });
    return (await visitorOf(w)).post(`${R}/sso/start`, { login: 'subuser@example.com' });
  },
];

import { issueSupportOtp } from '../../../server/services/support-otp';
import { accountIdOfUser } from './accounts';
import { NEW_EMAIL, profileSteps } from './activity-walk-account';
import {
  address,
  API_INVITEE,
  goodCard,
  message,
  PASSWORD,
  peopleSteps,
  post,
  R,
  signupForm,
  WALKER,
  type Walk,
  type WalkStep,
} from './activity-walk';
import { solveCaptcha } from './captcha';
import { idpKeys, idpMetadataXml } from './saml-idp';
import { insertPendingCharge } from './pending-charge';

const TRIAL = 'trial.walk@stone-it.example.com';
const PAID = 'paid.walk@stone-it.example.com';

const groupId = async (w: Walk, name: string) =>
  (
    await w.t.db
      .selectFrom('computer_groups')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

const computerSteps: WalkStep[] = [
  post(
    `${R}/group/create`,
    ['Created group'],
    (w) => w.admin.post(`${R}/group/create`, { name: 'Walk Group' }),
    { target: 'Walk Group' },
  ),
  post(
    `${R}/group/rename`,
    ['Renamed group'],
    async (w) =>
      w.admin.post(`${R}/group/rename`, {
        groupId: await groupId(w, 'Walk Group'),
        name: 'Walk Bay',
      }),
    { target: 'Walk Bay' },
  ),
  post(
    `${R}/computer/add`,
    ['Added computer'],
    async (w) => {
      const response = await w.admin.post(`${R}/computer/add`, {
        name: 'Walk-PC-01',
        description: 'Walk bench',
        personalKey: 'Secret-Key9',
        groupId: '',
      });
      w.ids.set('computer', message<{ computer: { id: string } }>(response).computer.id);
      return response;
    },
    { target: 'Walk-PC-01' },
  ),
  post(
    `${R}/computer/update`,
    ['Updated computer'],
    (w) =>
      w.admin.post(`${R}/computer/update`, {
        computerId: w.id('computer'),
        name: 'Walk-PC-02',
        description: 'Walk bench',
        personalKey: 'Secret-Key9',
        groupId: '',
      }),
    { target: 'Walk-PC-02' },
  ),
  post(
    `${R}/computer/move`,
    ['Moved computers to a group'],
    async (w) =>
      w.admin.post(`${R}/computer/move`, {
        computerIds: w.id('computer'),
        groupId: await groupId(w, 'Walk Bay'),
      }),
    { target: 'Walk Bay' },
  ),
  post(
    `${R}/computer/allot`,
    ['Allotted computers to a user'],
    async (w) =>
      w.admin.post(`${R}/computer/allot`, {
        computerIds: w.id('computer'),
        userId: await w.userId(WALKER),
      }),
    { target: WALKER },
  ),
  post(
    `${R}/computer/comment/add`,
    ['Commented on a computer'],
    (w) =>
      w.admin.post(`${R}/computer/comment/add`, {
        computerId: w.id('computer'),
        comment: 'Checked',
      }),
    { target: 'Walk-PC-02' },
  ),
  post(
    `${R}/computer/message/send`,
    ['Sent a message to a computer'],
    (w) =>
      w.admin.post(`${R}/computer/message/send`, {
        computerId: w.id('computer'),
        message: 'Hello',
      }),
    { target: 'Walk-PC-02' },
  ),
  post(
    `${R}/computer/delete`,
    ['Deleted computers'],
    (w) => w.admin.post(`${R}/computer/delete`, { computerIds: w.id('computer') }),
    { target: 'Walk-PC-02' },
  ),
  post(
    `${R}/group/delete`,
    ['Deleted group'],
    async (w) => w.admin.post(`${R}/group/delete`, { groupId: await groupId(w, 'Walk Bay') }),
    { target: 'Walk Bay' },
  ),
];

const apiSteps: WalkStep[] = [
  post(`${R}/config/token/update`, ['Changed the API key'], async (w) => {
    const response = await w.admin.post(`${R}/config/token/update`, { password: PASSWORD });
    w.apiKey = message<{ token: string }[]>(response)[0]?.token ?? '';
    return response;
  }),
  post(`${R}/config/token/generate`, ['Viewed the API key'], (w) =>
    w.admin.post(`${R}/config/token/generate`, { password: PASSWORD }),
  ),
  post(
    '/reseller-api/v1/users/invite',
    ['Invited user'],
    (w) =>
      w.api('/reseller-api/v1/users/invite', {
        email: API_INVITEE,
        role: 'sub_user',
        allotedComputers: '0',
      }),
    { target: API_INVITEE },
  ),
  post(
    '/reseller-api/v1/users/update',
    ['Updated user'],
    async (w) =>
      w.api('/reseller-api/v1/users/update', {
        userId: await w.userId(API_INVITEE),
        firstName: 'Api',
        lastName: 'Invitee',
        role: 'sub_user',
        allotedComputers: '0',
      }),
    { target: API_INVITEE },
  ),
  post(
    '/reseller-api/v1/users/delete',
    ['Deleted user'],
    async (w) => w.api('/reseller-api/v1/users/delete', { userIds: await w.userId(API_INVITEE) }),
    { target: API_INVITEE },
  ),
];

const billingSteps: WalkStep[] = [
  post(
    `${R}/vat/update`,
    ['Updated VAT number'],
    (w) => w.eu.post(`${R}/vat/update`, { vatid: 'DE123456789' }),
    { target: 'DE123456789' },
  ),
  post(
    `${R}/gst/updateGSTNumber`,
    ['Updated GSTIN'],
    (w) => w.challenge.post(`${R}/gst/updateGSTNumber`, { gstin: '27AAPFU0939F1ZV' }),
    {
      target: '27AAPFU0939F1ZV',
      prepare: async (w) => {
        // GSTIN is India's: the demo trial account is moved there.
        const accountId = await accountIdOfUser(w.t.db, 'trial@example.com');
        await w.t.db
          .insertInto('billing_accounts')
          .values({ account_id: accountId, country: 'IN', updated_at: new Date().toISOString() })
          .onConflict((oc) => oc.column('account_id').doUpdateSet({ country: 'IN' }))
          .execute();
        w.challenge = await w.signedIn('trial@example.com');
      },
    },
  ),
  post(
    `${R}/ecom/continueInvoiceUpg`,
    ['Upgraded plan'],
    (w) => w.eu.post(`${R}/ecom/continueInvoiceUpg`, { planCode: 'BR-100' }),
    { target: true },
  ),
  post(
    `${R}/ecom/continueUpg`,
    ['Upgraded plan'],
    (w) => w.admin.post(`${R}/ecom/continueUpg`, { planCode: 'BR-250' }),
    { target: true },
  ),
  post(
    `${R}/v1_ecom/updateCCAndGetPendingStatus`,
    ['Updated card'],
    (w) => w.eu.post(`${R}/v1_ecom/updateCCAndGetPendingStatus`, { ...goodCard, ...address }),
    { target: 'Card ending 4242' },
  ),
  post(
    `${R}/ecom/updateBillingAddress`,
    ['Updated billing address'],
    (w) => w.eu.post(`${R}/ecom/updateBillingAddress`, address),
    { target: true },
  ),
  {
    ...post(`${R}/v1_ecom/payPendingCharge`, ['Paid pending charges'], (w) =>
      w.eu.post(`${R}/v1_ecom/payPendingCharge`),
    ),
    target: true,
    prepare: async (w) => {
      await insertPendingCharge(w.t.db, await accountIdOfUser(w.t.db, 'eu@example.com'), 500);
    },
  },
  post(
    `${R}/autorenewal/enableAutoRenewal`,
    ['Turned auto-renewal off'],
    (w) => w.eu.post(`${R}/autorenewal/enableAutoRenewal`, { enable: 'false' }),
    { target: true },
  ),
  post(
    `${R}/autorenewal/updateRenewDetails`,
    ['Changed renewal term'],
    (w) => w.eu.post(`${R}/autorenewal/updateRenewDetails`, { renewTerm: 'month' }),
    { target: 'Monthly' },
  ),
];

const publicSteps: WalkStep[] = [
  post(
    '/rpc-api/forgot_password',
    ['Requested a password reset'],
    async (w) => {
      const visitor = w.agent();
      await visitor.csrf();
      return visitor.post('/rpc-api/forgot_password', { email: w.walkerEmail });
    },
    { target: NEW_EMAIL },
  ),
  post(
    '/rpc-api/reset_password',
    ['Reset password'],
    async (w) => {
      const token = w.fromMail(w.walkerEmail, /reset_password\?token=([\w-]+)/);
      const visitor = w.agent();
      await visitor.csrf();
      return visitor.post('/rpc-api/reset_password', {
        token,
        newPassword: 'Walk@24680',
        confirmPassword: 'Walk@24680',
      });
    },
    { target: NEW_EMAIL },
  ),
  {
    ...post(`${R}/support/otp_signin`, ['Support agent signed in'], async (w) => {
      const visitor = w.agent();
      await visitor.csrf();
      return visitor.post(`${R}/support/otp_signin`, {
        username: 'subuser@example.com',
        otp: w.id('otp'),
      });
    }),
    prepare: async (w) => {
      w.ids.set('otp', (await issueSupportOtp(w.t.db, 'subuser@example.com')).code);
    },
  },
  post(
    `${R}/freeRBSTrialSignup`,
    ['Signed up for a free trial'],
    async (w) => {
      const visitor = w.agent();
      await visitor.csrf();
      return visitor.post(`${R}/freeRBSTrialSignup`, {
        ...signupForm(TRIAL),
        altcha: await solveCaptcha(visitor),
      });
    },
    { target: TRIAL },
  ),
  post(
    `${R}/registration/process`,
    ['Verified e-mail address'],
    async (w) => {
      const visitor = w.agent();
      await visitor.csrf();
      const token = w.fromMail(TRIAL, /registration\/verify\?token=([\w-]+)/);
      return visitor.post(`${R}/registration/process`, { token });
    },
    { target: TRIAL },
  ),
  post(
    `${R}/paidRBSSignup`,
    ['Signed up and paid'],
    async (w) => {
      const visitor = w.agent();
      await visitor.csrf();
      return visitor.post(`${R}/paidRBSSignup`, {
        ...signupForm(PAID),
        planCode: 'BR-50',
        term: 'year',
        ...goodCard,
        ...address,
        altcha: await solveCaptcha(visitor),
      });
    },
    { target: PAID },
  ),
  {
    method: 'GET',
    url: `${R}/logout`,
    labels: ['Signed out'],
    run: (w) => w.challenge.get(`${R}/logout`),
    prepare: async (w) => {
      w.challenge = await w.signedIn('reseller@example.com');
    },
  },
  {
    ...post(`${R}/ecom/cancelAccount`, ['Cancelled the account'], (w) =>
      w.challenge.post(`${R}/ecom/cancelAccount`, { password: 'Strong@123' }),
    ),
    prepare: async (w) => {
      w.challenge = await w.signedIn(TRIAL, 'Strong@123');
    },
  },
];

/** Single sign-on settings (issue 20): pasted SAML metadata, and SSO turned off. */
const ssoSteps: WalkStep[] = [
  post(`${R}/sso/config`, ['Saved the single sign-on settings'], async (w) =>
    w.admin.post(`${R}/sso/config`, {
      protocol: 'saml',
      samlMetadataXml: idpMetadataXml({
        entityId: 'https://idp.walk.example/',
        ssoUrl: 'https://idp.walk.example/sso',
        sloUrl: null,
        keys: await idpKeys(),
      }),
    }),
  ),
  post(`${R}/sso/enable`, ['Turned single sign-on off'], (w) =>
    w.admin.post(`${R}/sso/enable`, { scope: 'off' }),
  ),
];

/** Every step of the walk, in order. */
export const walkSteps: WalkStep[] = [
  ...peopleSteps,
  ...computerSteps,
  ...apiSteps,
  ...ssoSteps,
  ...billingSteps,
  ...profileSteps,
  ...publicSteps,
];

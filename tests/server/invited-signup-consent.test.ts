import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './helpers/agent';
import { invitationLinkFromOutbox } from './helpers/outbox';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('reseller', 'reseller@example.com');
});
afterAll(() => t.close());

/** Invites the address and signs the invitee up with the given extra form fields. */
async function signUp(email: string, extra: Record<string, string>) {
  const invited = await admin.post('/rpc-api/reseller/user/invite', {
    email,
    allotedComputers: '1',
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const params = new URL(invitationLinkFromOutbox(t.config.dataDir, email)).searchParams;
  const visitor = new Agent(t.app);
  await visitor.csrf();
  const signup = await visitor.post('/rpc-api/reseller/invitedUserSignup', {
    uniqueId: params.get('unique_id') ?? '',
    firstName: 'Ivy',
    lastName: 'Vited',
    invitedUserEmailId: email,
    password: 'Welcome@1',
    allotedComputers: '1',
    dcFlag: 'VA',
    ...extra,
  });
  expect(signup.statusCode, signup.body).toBe(200);
  const row = await t.db
    .selectFrom('users')
    .select(['marketing_consent', 'marketing_consent_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    link: signup.json<{ message: { rpc_redirect_link: string } }>().message.rpc_redirect_link,
    row,
  };
}

describe('invited-user signup: marketing consent and the way to sign in', () => {
  it('stores no marketing consent unless the invitee ticked its own box', async () => {
    const { row } = await signUp('no.mail@example.com', {});
    expect(row).toEqual({ marketing_consent: 0, marketing_consent_at: null });
  });

  it('stores the consent, with when, when the box was ticked', async () => {
    const { row } = await signUp('yes.mail@example.com', { marketingConsent: 'true' });
    expect(row.marketing_consent).toBe(1);
    expect(Date.parse(row.marketing_consent_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sends the invitee to the sign-in page that says the account is ready, e-mail filled in', async () => {
    const { link } = await signUp('ready@example.com', { marketingConsent: 'false' });
    const url = new URL(link);
    expect(url.pathname).toBe('/rpc-app/reseller/login');
    expect(url.searchParams.get('account')).toBe('ready');
    expect(url.searchParams.get('email')).toBe('ready@example.com');
  });
});

describe('the terms the signup links', () => {
  it('are the product’s pages by default', async () => {
    const response = await t.app.inject({ url: '/rpc-api/config' });
    expect(response.json()).toMatchObject({
      message: {
        termsUrl: 'https://www.remotepc.com/terms',
        pricingTermsUrl: 'https://www.remotepc.com/pricing',
      },
    });
  });

  it('follow TERMS_URL and PRICING_TERMS_URL', async () => {
    const other = await createTestApp({
      TERMS_URL: 'https://example.com/legal/terms',
      PRICING_TERMS_URL: 'https://example.com/legal/pricing',
    });
    try {
      const response = await other.app.inject({ url: '/rpc-api/config' });
      expect(response.json()).toMatchObject({
        message: {
          termsUrl: 'https://example.com/legal/terms',
          pricingTermsUrl: 'https://example.com/legal/pricing',
        },
      });
    } finally {
      await other.close();
    }
  });
});

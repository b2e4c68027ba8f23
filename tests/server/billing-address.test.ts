import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingInfo } from '../../src/domain/api/billing';
import { Agent, errorOf, expectRefusal } from './helpers/agent';
import { addressesFrom, signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const nextAddress = addressesFrom('127.0.4.', 41);
const signedIn = (email: string) => signedInAgent(t.app, 'reseller', email, { ip: nextAddress() });
const info = async (agent: Agent) =>
  (await agent.get('/rpc-api/reseller/ecom/billingInfo')).json<{ message: BillingInfo }>().message;
const PATH = '/rpc-api/reseller/ecom/updateBillingAddress';
const newAddress = {
  address1: '1 Market Street',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Billing address without the card', () => {
  it('saves the address, keeps the card on file and records it in the activity log', async () => {
    const agent = await signedIn('reseller@example.com');
    const before = await info(agent);
    const response = await agent.post(PATH, newAddress);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: { text: string } }>().message.text).toBe(
      'Billing address updated successfully',
    );
    const after = await info(agent);
    expect(after).toMatchObject({ address1: '1 Market Street', zip: '94105', state: 'CA' });
    expect(after.card).toEqual(before.card);
    const log = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'billing.address.updated')
      .execute();
    expect(log).toEqual([
      {
        action: 'billing.address.updated',
        target: '1 Market Street, San Francisco, CA, 94105, US',
      },
    ]);
  });

  it.each([
    [{ address1: '' }, 'address1', 'Billing address cannot be blank'],
    [{ zip: '10001' }, 'zip', 'invalid zip code'],
    [{ city: '' }, 'city', 'Enter your city'],
    [{ state: 'ZZ' }, 'state', undefined],
    [{ country: 'QQ' }, 'country', undefined],
  ])('refuses %o and changes nothing', async (change, field, text) => {
    const agent = await signedIn('reseller@example.com');
    const before = await info(agent);
    const response: LightMyRequestResponse = await agent.post(PATH, { ...newAddress, ...change });
    expectRefusal(response);
    expect(errorOf(response)?.field).toBe(field);
    if (text) expect(errorOf(response)?.message).toBe(text);
    expect(await info(agent)).toEqual(before);
  });

  it('refuses the signed-out (401), a user without billing (403) and a missing CSRF token', async () => {
    const anonymous = new Agent(t.app, '127.0.4.200');
    await anonymous.csrf();
    expect((await anonymous.post(PATH, newAddress)).statusCode).toBe(401);
    const subUser = await signedIn('subuser@example.com');
    expect((await subUser.post(PATH, newAddress)).statusCode).toBe(403);
    const admin = await signedIn('reseller@example.com');
    const noCsrf = await admin.post(PATH, newAddress, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("changes only the caller's own account", async () => {
    const eu = await signedIn('eu@example.com');
    const euBefore = await info(eu);
    const acme = await signedIn('reseller@example.com');
    expect((await acme.post(PATH, { ...newAddress, address1: '9 Other Road' })).statusCode).toBe(
      200,
    );
    expect(await info(eu)).toEqual(euBefore);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unconfirmedUsersSchema } from '../../src/domain/api/partner-reports';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

// The unconfirmed-users report says how many customers were referred at all, so the console can
// tell "everyone you referred has confirmed" apart from "you have not referred anyone".
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (agent: Agent, url: string) => {
  const response = await agent.get(url);
  expect(response.statusCode, url).toBe(200);
  return unconfirmedUsersSchema.parse(response.json<{ message: unknown }>().message);
};

describe('unconfirmed users: how many were referred', () => {
  it('a new approved partner has referred nobody, in either product', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const created = await agent.post('/rpc-api/partner/continuePartenrSignup', {
      partnerId: 'nobody_referred',
      emailId: 'owner@nobody-referred.example.com',
      password: 'Strong@123',
      confirmPassword: 'Strong@123',
      companyName: 'Quiet Partner Ltd',
      contactPerson: 'Pat Lee',
      address1: '1 Harbour Street',
      city: 'Seattle',
      country: 'United States of America',
      state: 'Washington',
      zip: '98101',
      phoneNumber: '2065550100',
      partnerType: 'Reseller',
      hearAbout: 'Search engine',
    });
    expect(created.statusCode).toBe(200);
    await t.db
      .updateTable('partners')
      .set({ account_status: 'APPROVED' })
      .where('partner_id', '=', 'nobody_referred')
      .execute();
    for (const url of [
      '/rpc-api/partner/getPartnerUnconfirmedUsers',
      '/rpc-api/partner/getHdPartnerUnconfirmedUsers',
    ]) {
      expect(await list(agent, url)).toEqual({ referredCount: 0, users: [] });
    }
  });

  it('the demo partner has referred customers, more than are unconfirmed', async () => {
    const agent = new Agent(t.app);
    expect((await agent.signIn('partner', 'demopartner', 'Demo@1234')).statusCode).toBe(200);
    const rpc = await list(agent, '/rpc-api/partner/getPartnerUnconfirmedUsers');
    expect(rpc.referredCount).toBeGreaterThan(rpc.users.length);
    const referred = await t.db
      .selectFrom('partner_referrals')
      .innerJoin('partners', 'partners.id', 'partner_referrals.partner_id')
      .select('partner_referrals.id')
      .where('partners.partner_id', '=', 'demopartner')
      .where('partner_referrals.program', '=', 'rpc')
      .execute();
    expect(rpc.referredCount).toBe(referred.length);
  });
});

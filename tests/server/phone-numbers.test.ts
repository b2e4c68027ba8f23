import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

// Spec section 5, "Phone": the API takes a number as people write it ("+1 (408) 555-0100"),
// checks it without spaces, dashes, dots and parentheses, and stores it in that form.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_ACCOUNT: '1000', SIGNIN_LIMIT_PER_IP: '1000' });
});
afterAll(() => t.close());

const signup = (overrides: Record<string, string> = {}) => ({
  partnerId: 'phone_partner',
  emailId: 'owner@phone-partner.example.com',
  password: 'Strong@123',
  confirmPassword: 'Strong@123',
  companyName: 'Phone Partner Ltd',
  dbaname: '',
  contactPerson: 'Pat Lee',
  paypalEmailId: '',
  address1: '1 Harbour Street',
  address2: '',
  city: 'Seattle',
  country: 'United States of America',
  state: 'Washington',
  zip: '98101',
  phoneNumber: '+1 (206) 555-0100',
  partnerType: 'Reseller',
  hearAbout: 'Search engine',
  referal_others: '',
  ...overrides,
});

const partnerPhone = async (partnerId: string) =>
  (
    await t.db
      .selectFrom('partners')
      .select('phone')
      .where('partner_id', '=', partnerId)
      .executeTakeFirstOrThrow()
  ).phone;

describe('phone numbers as people write them', () => {
  it('partner signup stores "+1 (206) 555-0100" as +12065550100', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const created = await agent.post('/rpc-api/partner/continuePartenrSignup', signup());
    expect(created.statusCode).toBe(200);
    expect(await partnerPhone('phone_partner')).toBe('+12065550100');
  });

  it('partner signup still refuses a number that is not one', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const refused = await agent.post(
      '/rpc-api/partner/continuePartenrSignup',
      signup({ partnerId: 'phone_partner2', phoneNumber: '206/555/0100' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)?.message).toBe('Enter a valid phone number');
  });

  it.each([
    ['(408) 555-0100', '4085550100'],
    ['408-555-0100', '4085550100'],
    ['+1 408 555 0100', '+14085550100'],
    ['408.555.0100', '4085550100'],
  ])('partner profile stores %s as %s', async (typed, stored) => {
    const agent = new Agent(t.app);
    expect((await agent.signIn('partner', 'demopartner', 'Demo@1234')).statusCode).toBe(200);
    const saved = await agent.post('/rpc-api/partner/updatePartnerEditProfile', {
      phoneNumber: typed,
    });
    expect(saved.statusCode).toBe(200);
    const info = await agent.get('/rpc-api/partner/user_info');
    expect(
      info.json<{ message: { rpcPartnerInfo: { phoneNumber: string } } }>().message.rpcPartnerInfo
        .phoneNumber,
    ).toBe(stored);
  });

  it('two-factor phone setup texts the normalised number', async () => {
    const agent = new Agent(t.app);
    expect((await agent.signIn('reseller', 'subuser@example.com')).statusCode).toBe(200);
    const sent = await agent.post('/rpc-api/reseller/twofa/user/generatePasscode', {
      method: 'phone',
      phone: '+1 (503) 555-0100',
    });
    expect(sent.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('twofa_settings')
      .innerJoin('users', 'users.id', 'twofa_settings.user_id')
      .select('twofa_settings.pending_phone')
      .where('users.email', '=', 'subuser@example.com')
      .executeTakeFirstOrThrow();
    expect(row.pending_phone).toBe('+15035550100');
  });
});

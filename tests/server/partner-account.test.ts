import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptField } from '../../server/services/crypto';
import { decidePartner } from '../../server/services/partners/approval';
import { createMailer } from '../../server/services/mail';
import { loadSecrets } from '../../server/services/secrets';
import { Agent, errorOf, expectRefusal } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (overrides: Record<string, string> = {}) => ({
  partnerId: 'acme_partner',
  emailId: 'owner@acme-partner.example.com',
  password: 'Strong@123',
  confirmPassword: 'Strong@123',
  companyName: 'Acme Partner Ltd',
  dbaname: '',
  contactPerson: 'Pat Lee',
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
  ...overrides,
});

const w9 = (overrides: Record<string, string> = {}) => ({
  companyNameW9: 'Acme Partner Ltd',
  dbanameW9: '',
  federalTaxClassification: 'C_CORPORATION',
  federalTaxClassificationDetails: '',
  address1W9: '1 Harbour Street',
  address2W9: 'Seattle, WA 98101',
  requestersNameAddress: '',
  tinType: 'ein',
  tin: '12-3456789',
  signature: 'Pat Lee',
  w9Date: new Date().toISOString().slice(0, 10),
  ...overrides,
});

async function anonymous() {
  const agent = new Agent(t.app);
  await agent.csrf();
  return agent;
}

describe('partner signup: section 5 rules and messages', () => {
  it.each([
    [{ partnerId: '' }, 'partnerId', 'Enter Partner ID'],
    [{ partnerId: 'abc' }, 'partnerId', 'The Partner id must contain between 4 to 50 characters.'],
    [{ partnerId: 'Acme-1' }, 'partnerId', 'Partner ID can only contain characters a-z, 0-9 and _'],
    [{ emailId: '' }, 'emailId', 'Email cannot be blank'],
    [{ emailId: 'owner@' }, 'emailId', 'Enter a valid email address'],
    [{ password: '' }, 'password', 'Password cannot be blank'],
    [
      { password: 'a b:c', confirmPassword: 'a b:c' },
      'password',
      'Password can contain A-Z, a-z, 0-9 and ~`!@#$%^&*()-_+={}|[];\'"<>,.?/',
    ],
    [
      { password: 'abc', confirmPassword: 'abc' },
      'password',
      'Password should be between 6 - 20 characters',
    ],
    [
      { confirmPassword: 'Other@123' },
      'confirmPassword',
      'New Password and Confirm Password should match',
    ],
    [
      { password: 'password', confirmPassword: 'password' },
      'password',
      "Password cannot be 'password'",
    ],
  ])('step one %o → %s: "%s"', async (overrides, field, message) => {
    const agent = await anonymous();
    const response = await agent.post('/rpc-api/partner/partnerSignup', signup(overrides));
    expectRefusal(response);
    expect(errorOf(response)).toMatchObject({ message, ...(field ? {} : {}) });
  });

  it.each([
    [{ companyName: '' }, 'Enter company name'],
    [{ companyName: 'Acme (US)' }, "Company name cannot contain characters <> () % ? '"],
    [{ dbaname: 'Acme "Best"' }, "DBA name cannot contain characters <> () % ? ' and quotes"],
    [{ contactPerson: '' }, 'Enter your full name'],
    [{ contactPerson: 'Pat 2' }, 'Full name can only contain a-z, A-Z and space'],
    [{ paypalEmailId: 'pay@@x' }, 'Enter a valid paypal email address'],
    [{ address1: '' }, 'Address Line 1 cannot be blank'],
    [{ address1: '1 "Main" St' }, 'Enter a valid Address Line 1'],
    [{ city: '' }, 'Enter your city'],
    [{ city: 'Seattle!' }, 'City name can only contain characters A-Z, a-z, 0-9 and space'],
    [{ state: '' }, 'State/Province/Region cannot be blank'],
    [{ state: 'Select' }, 'Select a state/province/region'],
    [{ state: 'Choose a state' }, 'Select a state'],
    [{ state: 'Bavaria' }, 'Select a state/province/region'],
    [{ zip: '' }, 'Enter your ZIP Code'],
    [{ phoneNumber: '' }, 'Phone number cannot be blank'],
    [{ phoneNumber: '12345' }, 'Enter a valid phone number'],
    [{ country: '' }, 'Select a country'],
    [{ partnerType: '' }, 'Select a partner type'],
    [{ hearAbout: '' }, 'Tell us how you heard about us'],
    [{ hearAbout: 'others', referal_others: '' }, 'Tell us where you heard about us'],
  ])('step two %o: "%s"', async (overrides, message) => {
    const agent = await anonymous();
    const response = await agent.post('/rpc-api/partner/continuePartenrSignup', signup(overrides));
    expectRefusal(response);
    expect(errorOf(response)?.message).toBe(message);
  });

  it('a taken Partner ID or e-mail is refused', async () => {
    const agent = await anonymous();
    const id = await agent.post(
      '/rpc-api/partner/partnerSignup',
      signup({ partnerId: 'demopartner' }),
    );
    expect(errorOf(id)).toMatchObject({
      message: 'This Partner ID is already taken. Choose another one',
      field: 'partnerId',
    });
    const email = await agent.post(
      '/rpc-api/partner/partnerSignup',
      signup({ emailId: 'PARTNER@example.com' }),
    );
    expect(errorOf(email)).toMatchObject({
      message: 'Email address already exists',
      field: 'emailId',
    });
  });

  it('the state list follows the country', async () => {
    const us = await t.app.inject({
      url: '/rpc-api/partner/states?country=United%20States%20of%20America',
    });
    expect(us.json<{ message: string[] }>().message).toContain('Washington');
    const de = await t.app.inject({ url: '/rpc-api/partner/states?country=DE' });
    expect(de.json<{ message: string[] }>().message).toContain('Bavaria');
    const countries = await t.app.inject({ url: '/rpc-api/partner/countries' });
    expect(countries.json<{ message: { name: string }[] }>().message.length).toBeGreaterThan(200);
  });
});

describe('signup → W-9 → approval', () => {
  it('signs up, files the W-9 (TIN encrypted, only ever masked), waits, is approved', async () => {
    const agent = await anonymous();
    expect((await agent.post('/rpc-api/partner/partnerSignup', signup())).statusCode).toBe(200);
    const created = await agent.post('/rpc-api/partner/continuePartenrSignup', signup());
    expect(created.statusCode).toBe(200);
    expect(created.json<{ message: { next: string } }>().message.next).toBe(
      '/partner/SignUp/W9Form',
    );

    // Not approved: the reporting calls are refused.
    expect((await agent.get('/rpc-api/partner/getPartnerUserReport')).statusCode).toBe(403);

    const bad = await agent.post('/rpc-api/partner/confirmPartnerW9Form', w9({ tin: '12-34' }));
    expect(errorOf(bad)).toMatchObject({ message: 'Enter a valid EIN (9 digits)', field: 'tin' });
    const llc = await agent.post(
      '/rpc-api/partner/confirmPartnerW9Form',
      w9({ federalTaxClassification: 'LLC' }),
    );
    expect(errorOf(llc)?.message).toBe('Enter the LLC tax classification (C, S or P)');

    const preview = await agent.post('/rpc-api/partner/confirmPartnerW9Form', w9());
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('3456789');
    expect(preview.json<{ message: { maskedTin: string } }>().message.maskedTin).toBe('*****6789');

    const saved = await agent.post('/rpc-api/partner/partnerW9FormConfirm', w9());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('3456789');
    expect(saved.json<{ message: { next: string } }>().message.next).toBe('/partner/approvalPage');

    const row = await t.db
      .selectFrom('partners')
      .selectAll()
      .where('partner_id', '=', 'acme_partner')
      .executeTakeFirstOrThrow();
    expect(row.account_status).toBe('APPROVAL_PENDING');
    expect(row.tin_encrypted).not.toContain('3456789');
    expect(decryptField(loadSecrets(t.config).fieldKey, row.tin_encrypted)).toBe('12-3456789');

    const info = await agent.get('/rpc-api/partner/user_info');
    expect(info.body).not.toContain('3456789');
    expect(
      info.json<{ message: { rpcPartnerInfo: { ein: string; ssn: string } } }>().message
        .rpcPartnerInfo,
    ).toMatchObject({ ein: '*****6789', ssn: '' });

    const mailer = createMailer(t.config, t.db);
    const line = await decidePartner(t.db, mailer, {
      partnerId: 'acme_partner',
      decision: { action: 'approve' },
      productName: 'RemotePC',
      publicOrigin: t.config.publicOrigin,
    });
    expect(line).toContain('approved');
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(
      mails.some((m) => m.includes('owner@acme-partner.example.com') && m.includes('approved')),
    ).toBe(true);
    expect((await agent.get('/rpc-api/partner/getPartnerUserReport')).statusCode).toBe(200);
  });

  it('a rejected partner sees the reason; a partner without a W-9 cannot be approved', async () => {
    const mailer = createMailer(t.config, t.db);
    const options = { productName: 'RemotePC', publicOrigin: t.config.publicOrigin };
    await decidePartner(t.db, mailer, {
      ...options,
      partnerId: 'newpartner',
      decision: { action: 'reject', reason: 'Incomplete company details' },
    });
    const agent = new Agent(t.app);
    await agent.signIn('partner', 'newpartner');
    const info = await agent.get('/rpc-api/partner/user_info');
    expect(
      info.json<{
        message: { rpcPartnerInfo: { accountStatus: string; rejectionReason: string } };
      }>().message.rpcPartnerInfo,
    ).toMatchObject({
      accountStatus: 'REJECTED',
      rejectionReason: 'Incomplete company details',
    });
    expect((await agent.get('/rpc-api/partner/dashboard/summary')).statusCode).toBe(403);

    const fresh = await anonymous();
    await fresh.post(
      '/rpc-api/partner/continuePartenrSignup',
      signup({ partnerId: 'no_w9_yet', emailId: 'no.w9@example.com' }),
    );
    await expect(
      decidePartner(t.db, mailer, {
        ...options,
        partnerId: 'no_w9_yet',
        decision: { action: 'approve' },
      }),
    ).rejects.toThrow('has not filed the W-9');
    await expect(
      decidePartner(t.db, mailer, {
        ...options,
        partnerId: 'nobody',
        decision: { action: 'approve' },
      }),
    ).rejects.toThrow('No partner');
  });

  it('W-9 calls need a partner session', async () => {
    const agent = await anonymous();
    expect((await agent.post('/rpc-api/partner/confirmPartnerW9Form', w9())).statusCode).toBe(401);
    expect((await agent.post('/rpc-api/partner/partnerW9FormConfirm', w9())).statusCode).toBe(401);
  });
});

describe('the TIN is never sent unmasked', () => {
  it('no partner GET answer carries the full EIN of demopartner', async () => {
    const agent = new Agent(t.app);
    await agent.signIn('partner', 'demopartner');
    const urls = t.app.routeTable
      .filter((r) => r.method === 'GET' && r.url.startsWith('/rpc-api/partner/'))
      .map((r) => r.url)
      .filter((url) => !url.includes(':') && !url.endsWith('/logout'));
    expect(urls.length).toBeGreaterThan(8);
    for (const url of urls) {
      const response = await agent.get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toMatch(/3456789/);
    }
  });
});

describe('the operator command', () => {
  it('prints its usage for a wrong command', () => {
    let status = 0;
    try {
      execFileSync('npx', ['tsx', 'server/cli/admin.ts', 'partner', 'reject', 'someone'], {
        stdio: 'pipe',
      });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(2);
  });
});

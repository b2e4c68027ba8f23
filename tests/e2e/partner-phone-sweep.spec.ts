import { expect, hasHorizontalScroll, signInAsPartner, test } from './fixtures';

// Partners mostly use a phone: no partner screen may scroll sideways at 390x844.
test.use({ viewport: { width: 390, height: 844 } });

const signedInScreens = [
  ['/rpc-app/partner/dashboard', 'Welcome, Dana Whitfield'],
  ['/rpc-app/partner/newcommissionreport', 'Commission reports'],
  ['/rpc-app/partner/newcommissionreport/bounty', 'Commission reports'],
  ['/rpc-app/partner/newcommissionreport/referral', 'Commission reports'],
  [
    '/rpc-app/partner/newcommissionreport/referral/rpc/monthly/1/2025/12/2025',
    'Commission reports',
  ],
  ['/rpc-app/partner/newcommissionreport/referral/hd/quarterly/2/2025', 'Commission reports'],
  ['/rpc-app/partner/promobanners', 'Promo banners'],
  ['/rpc-app/partner/promobanners/rpcbounty', 'Promo banners'],
  ['/rpc-app/partner/editprofile', 'Edit profile'],
  ['/rpc-app/partner/changepassword', 'Change password'],
  ['/rpc-app/partner/W9Form', 'W-9 tax form'],
  ['/rpc-app/partner/approvalPage', 'Application status'],
] as const;

test('every signed-in partner screen fits the phone', async ({ page }) => {
  // Twelve full page loads, charts included: past 30 s on a loaded 2-core runner.
  test.setTimeout(90_000);
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  for (const [url, heading] of signedInScreens) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading }), url).toBeVisible();
    // Loaded: no spinner left (tables and charts are in place).
    await expect(page.locator('.mantine-Loader-root'), url).toHaveCount(0);
    expect(await hasHorizontalScroll(page), url).toBe(false);
  }
});

test('the public partner screens fit the phone', async ({ page }) => {
  for (const url of [
    '/rpc-app/partner/signup',
    '/rpc-app/partner/forgotPassword',
    '/rpc-app/partner/resetpartner_password?token=x',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible();
    expect(await hasHorizontalScroll(page), url).toBe(false);
  }
});

test('ask a referred user to confirm, once a day', async ({ page }) => {
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await page.goto('/rpc-app/partner/newcommissionreport/referral?program=rpc');
  const list = page.getByRole('region', {
    name: 'Remote access users who have not confirmed their account',
  });
  const ask = list.getByRole('button', { name: /^Ask .* to confirm$/ }).first();
  await expect(ask).toBeVisible();
  const name = (await ask.getAttribute('aria-label')) ?? '';
  await ask.click();
  await expect(page.getByText('A reminder to confirm the account has been sent')).toBeVisible();
  await expect(list.getByRole('button', { name })).toHaveText('Reminded today');
  await expect(list.getByRole('button', { name })).toBeDisabled();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('a partner awaiting approval who opens a report sees the application status', async ({
  page,
}) => {
  await signInAsPartner(page, 'newpartner');
  await expect(page).toHaveURL(/\/partner\/approvalPage$/);
  await page.goto('/rpc-app/partner/newcommissionreport/referral/rpc/quarterly/1/2026');
  await expect(page).toHaveURL(/\/rpc-app\/partner\/approvalPage$/);
  await expect(page.getByText('Your application is being reviewed')).toBeVisible();
});

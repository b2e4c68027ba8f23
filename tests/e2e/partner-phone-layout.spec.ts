import type { Locator, Page } from '@playwright/test';
import { withE2eDatabase } from './e2e-database';
import { expect, hasHorizontalScroll, signInAsPartner, test } from './fixtures';

// Issue 23, "Partner on a phone": phone numbers as people write them, and a 390 px layout whose
// step indicator, tabs, charts and lists read properly, also for a partner with nothing yet.
test.use({ viewport: { width: 390, height: 844 } });

/** The steps of the signup indicator sit in one row, inside its box. */
async function expectStepsInOneRow(page: Page) {
  const steps = page.locator('.mantine-Stepper-step');
  await expect(steps).toHaveCount(3);
  const tops = await steps.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect().top),
  );
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
  const row = page.locator('.mantine-Stepper-steps');
  expect(await row.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  for (const label of ['Account', 'Company', 'W-9 form']) {
    const text = page.locator('.mantine-Stepper-stepLabel', { hasText: label });
    await expect(text).toHaveText(label);
    const box = await text.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, label).toBe(true);
  }
}

/** The chart's card shows its empty text and draws no chart. */
async function expectEmptyChart(card: Locator, text: string) {
  await expect(card.getByText(text, { exact: true })).toBeVisible();
  await expect(card.locator('svg')).toHaveCount(0);
}

test('a new partner signs up on a phone, then sees empty reports said plainly', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = `empty_${String(Date.now()).slice(-8)}`;
  await page.goto('/rpc-app/partner/signup');
  await expect(page.getByRole('heading', { name: 'Become a RemotePC partner' })).toBeVisible();
  await expectStepsInOneRow(page);
  await page.getByRole('textbox', { name: 'Partner ID', exact: true }).fill(id);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${id}@example.org`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Phone@1234');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Phone@1234');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toBeVisible();
  await expectStepsInOneRow(page);
  await page.getByRole('textbox', { name: 'Company name', exact: true }).fill('Quiet Start');
  await page.getByRole('textbox', { name: 'Contact person', exact: true }).fill('Robin Park');
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('9 Pine Street');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Denver');
  await page.getByRole('combobox', { name: 'State/Province/Region' }).click();
  await page.getByRole('option', { name: 'Colorado' }).click();
  await page.getByRole('textbox', { name: 'ZIP Code', exact: true }).fill('80202');
  const phone = page.getByRole('textbox', { name: 'Phone number', exact: true });
  await expect(phone).toHaveAttribute('placeholder', '+1 408 555 0100');
  await phone.fill('(303) 555-0100');
  await page.getByRole('combobox', { name: 'Partner type' }).click();
  await page.getByRole('option', { name: 'Consultant' }).click();
  await page.getByRole('combobox', { name: 'How did you hear about us?' }).click();
  await page.getByRole('option', { name: 'Search engine' }).click();
  await page.getByRole('button', { name: 'Create partner account' }).click();
  await expect(page).toHaveURL(/\/rpc-app\/partner\/SignUp\/W9Form$/);
  await expect(page.getByText('Enter a valid phone number')).toHaveCount(0);

  // Stored without its punctuation; then approved, with nothing referred and nothing earned.
  const stored = withE2eDatabase((db) => {
    db.prepare("UPDATE partners SET account_status = 'APPROVED' WHERE partner_id = ?").run(id);
    return db.prepare('SELECT phone FROM partners WHERE partner_id = ?').get(id);
  });
  expect(stored).toEqual({ phone: '3035550100' });
  // Signed out, with nothing remembered from the pending account (the W-9 page may be moving on).
  await page.context().clearCookies();
  await page.goto('/partner/');
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.getByLabel('Partner ID or Email').fill(id);
  await page.getByLabel('Password', { exact: true }).fill('Phone@1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/rpc-app\/partner\/dashboard$/);
  await expectEmptyChart(
    page.getByRole('region', { name: 'Commissions over the last 12 months' }),
    'No commissions in the last 12 months yet.',
  );

  await page.goto('/rpc-app/partner/newcommissionreport/referral?program=rpc');
  await expectEmptyChart(
    page.getByRole('region', { name: 'Commission over the range' }),
    'No commissions in this range.',
  );
  const unconfirmed = page.getByRole('region', {
    name: 'Remote access users who have not confirmed their account',
  });
  await expect(unconfirmed.getByText('You have not referred anyone yet.')).toBeVisible();
  await expect(unconfirmed.getByText('Everyone you referred has confirmed')).toHaveCount(0);
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('the promo banner tabs show their whole names on a phone', async ({ page }) => {
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await page.goto('/rpc-app/partner/promobanners/rpcbounty');
  const list = page.getByRole('tablist');
  await expect(list).toBeVisible();
  expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const names = [
    'Remote access bounty',
    'Helpdesk bounty',
    'Remote access referral',
    'Helpdesk referral',
  ];
  for (const name of names) {
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toHaveText(name);
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, name).toBe(true);
    expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth), name).toBe(
      true,
    );
  }
  await expect(page.getByRole('tab', { name: 'Remote access bounty' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('the demo partner, who has referred customers, still sees who has not confirmed', async ({
  page,
}) => {
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await page.goto('/rpc-app/partner/newcommissionreport/referral?program=rpc');
  const unconfirmed = page.getByRole('region', {
    name: 'Remote access users who have not confirmed their account',
  });
  await expect(
    unconfirmed.getByRole('button', { name: /^Ask .* to confirm$/ }).first(),
  ).toBeVisible();
  await expect(unconfirmed.getByText('You have not referred anyone yet.')).toHaveCount(0);
});

test('no tab or switch label is cut on any partner screen', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  for (const url of [
    '/rpc-app/partner/newcommissionreport',
    '/rpc-app/partner/newcommissionreport/bounty',
    '/rpc-app/partner/newcommissionreport/referral',
    '/rpc-app/partner/newcommissionreport/referral/rpc/monthly/1/2025/12/2025',
    '/rpc-app/partner/newcommissionreport/referral/hd/quarterly/2/2025',
    '/rpc-app/partner/promobanners/hdreferral',
  ]) {
    await page.goto(url);
    await expect(page.locator('.mantine-Loader-root'), url).toHaveCount(0);
    const labels = page.locator('[role="tab"], .mantine-SegmentedControl-label');
    await expect(labels.first(), url).toBeVisible();
    const cut = await labels.evaluateAll((elements) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return (
            element.scrollWidth > element.clientWidth ||
            box.left < 0 ||
            box.right > window.innerWidth
          );
        })
        .map((element) => element.textContent),
    );
    expect(cut, url).toEqual([]);
  }
});

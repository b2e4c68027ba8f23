import { execFileSync } from 'node:child_process';
import { expect, hasHorizontalScroll, test } from './fixtures';
import { serverDataDir } from './outbox';

// Partners mostly use a phone.
test.use({ viewport: { width: 390, height: 844 } });

/** The operator command, against the e2e server's database. */
function admin(partnerId: string, ...args: string[]) {
  return execFileSync('npx', ['tsx', 'server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: serverDataDir(), DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

test('a partner signs up, files the W-9, waits, is approved and sees the dashboard', async ({
  page,
}) => {
  // A long flow (two forms, the W-9, the operator command, sign-in): more than the default 30 s
  // when the machine is busy.
  test.setTimeout(90_000);
  const id = `phone_${String(Date.now()).slice(-8)}`;
  await page.goto('/rpc-app/partner/signup');
  await expect(page.getByRole('heading', { name: 'Become a RemotePC partner' })).toBeVisible();

  // Step one: the section-5 messages, then valid values.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter Partner ID')).toBeVisible();
  await page.getByRole('textbox', { name: 'Partner ID', exact: true }).fill('Bad-ID');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Partner ID can only contain characters a-z, 0-9 and _'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Partner ID', exact: true }).fill(id);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${id}@example.org`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Phone@1234');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Phone@1234');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step two: company details; the state list follows the country.
  await page.getByRole('textbox', { name: 'Company name', exact: true }).fill('Pocket Support');
  await page.getByRole('textbox', { name: 'Contact person', exact: true }).fill('Robin Park');
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('9 Pine Street');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Denver');
  await page.getByRole('combobox', { name: 'State/Province/Region' }).click();
  await page.getByRole('option', { name: 'Colorado' }).click();
  await page.getByRole('textbox', { name: 'ZIP Code', exact: true }).fill('80202');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('3035550100');
  await page.getByRole('combobox', { name: 'Partner type' }).click();
  await page.getByRole('option', { name: 'Consultant' }).click();
  await page.getByRole('combobox', { name: 'How did you hear about us?' }).click();
  await page.getByRole('option', { name: 'Search engine' }).click();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.getByRole('button', { name: 'Create partner account' }).click();

  // The W-9.
  await expect(page).toHaveURL(/\/rpc-app\/partner\/SignUp\/W9Form$/);
  await page.getByRole('combobox', { name: 'Federal tax classification' }).click();
  await page.getByRole('option', { name: 'C Corporation' }).click();
  await page.getByLabel('Employer identification number (EIN)', { exact: true }).check();
  await page.getByRole('textbox', { name: 'EIN' }).fill('98-7654321');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText('*****4321')).toBeVisible();
  await expect(page.getByText('7654321')).toHaveCount(0);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.getByRole('button', { name: 'Confirm and submit' }).click();

  // Waiting for approval.
  await expect(page).toHaveURL(/\/rpc-app\/partner\/approvalPage$/);
  await expect(page.getByText('Your application is being reviewed')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);

  // The operator approves; the partner signs in and reaches the dashboard.
  expect(admin(id, 'partner', 'approve', id)).toContain(`Partner ${id} approved`);
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.goto('/partner/');
  await page.getByLabel('Partner ID or Email').fill(id);
  await page.getByLabel('Password', { exact: true }).fill('Phone@1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/rpc-app\/partner\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Robin Park' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'This month' })).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

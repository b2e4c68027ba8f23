import { expect, signInAsPartner, test } from './fixtures';

test.describe('Partner sign-in on /partner/', () => {
  test('an approved partner lands on the dashboard with the tracking links', async ({ page }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/rpc-app\/partner\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Dana Whitfield' })).toBeVisible();
    const links = page.getByRole('region', { name: 'Your tracking links' });
    for (const label of [
      'Remote access referral link',
      'Remote access bounty link',
      'Helpdesk referral link',
      'Helpdesk bounty link',
    ]) {
      await expect(links.getByText(label, { exact: true })).toBeVisible();
      await expect(links.getByRole('button', { name: `Copy ${label}` })).toBeVisible();
    }
    await expect(links).toContainText('/demopartner');
    expect(await page.evaluate(() => localStorage.getItem('IS_SIGNED_IN_RPC_PARTNER'))).toBe(
      'true',
    );
  });

  test('a copy button puts the link on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsPartner(page, 'demopartner');
    const links = page.getByRole('region', { name: 'Your tracking links' });
    await links.getByRole('button', { name: 'Copy Helpdesk referral link' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/ref\/hd\/demopartner$/);
  });

  test('a partner awaiting approval lands on the approval page', async ({ page }) => {
    await signInAsPartner(page, 'newpartner');
    await expect(page).toHaveURL(/\/rpc-app\/partner\/approvalPage$/);
    await expect(page.getByText('Your application is being reviewed')).toBeVisible();
    await expect(page.getByText('What is missing')).toBeVisible();
    await expect(page.getByText('What happens next')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('a partner awaiting approval who opens the dashboard sees the status', async ({ page }) => {
    await signInAsPartner(page, 'newpartner');
    await expect(page).toHaveURL(/\/partner\/approvalPage$/);
    await page.goto('/rpc-app/partner/dashboard');
    await expect(page).toHaveURL(/\/rpc-app\/partner\/approvalPage$/);
  });

  test('a wrong password shows the spec message', async ({ page }) => {
    await page.goto('/partner/');
    await page.getByLabel('Partner ID or Email').fill('demopartner');
    await page.getByLabel('Password', { exact: true }).fill('Wrong@1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Partner ID / Email or Password is incorrect')).toBeVisible();
  });

  test('a signed-out visit to the dashboard goes to the partner sign-in page', async ({ page }) => {
    await page.goto('/rpc-app/partner/dashboard');
    await expect(page).toHaveURL(/\/partner\/$/);
    await expect(page.getByLabel('Partner ID or Email')).toBeVisible();
  });

  test('log out returns to the partner sign-in page', async ({ page }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/partner\/dashboard$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/partner\/$/);
    expect(await page.evaluate(() => localStorage.getItem('IS_SIGNED_IN_RPC_PARTNER'))).toBeNull();
  });
});

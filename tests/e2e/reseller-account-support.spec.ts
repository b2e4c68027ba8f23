import { expect, test } from './fixtures';

test.describe('Support sign-in (/reseller/login?support=1)', () => {
  test('is reachable by its address only and refuses a wrong code', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    await expect(page.getByRole('link', { name: /support/i })).toHaveCount(0);
    await page.goto('/rpc-app/reseller/login?support=1');
    await expect(page.getByRole('heading', { name: 'Support sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('OTP cannot be blank')).toBeVisible();
    await page.getByLabel('Customer email or username').fill('reseller@example.com');
    await page.getByLabel('One-time code').fill('12345678');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Entered OTP has expired or is incorrect');
  });
});

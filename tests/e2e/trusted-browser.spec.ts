import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { axeViolations, DEMO_PASSWORD, expect, resellerLoginFields, test } from './fixtures';

/** The demo two-factor user's authenticator secret, as the start-up output prints it. */
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const currentCode = () =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(DEMO_TOTP_SECRET),
  }).generate();

async function passwordStep(page: Page) {
  await page.goto('/rpc-app/reseller/login');
  const fields = resellerLoginFields(page);
  await fields.email.fill('twofa@example.com');
  await fields.password.fill(DEMO_PASSWORD);
  await fields.submit.click();
}

/** Signs out on the server and in the console, keeping the browser's other cookies. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
}

test.describe('Trust this browser for 30 days', () => {
  test('the code field is focused; a trusted browser skips the step until revoked', async ({
    page,
    context,
  }) => {
    await passwordStep(page);
    await expect(page).toHaveURL(/\/reseller\/login\?step=twofa$/);
    const code = page.getByRole('textbox', { name: 'Verification code' });
    await expect(code).toBeFocused();
    const trust = page.getByRole('checkbox', { name: 'Trust this browser for 30 days' });
    await expect(trust).not.toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await trust.check();
    await code.fill(currentCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/home$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'rsr_tb');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // Next sign-in on this browser: the password alone.
    await signOut(page);
    await passwordStep(page);
    await expect(page).toHaveURL(/\/rpc-app\/home$/);

    // Listed in the two-factor settings (Playwright's desktop Chrome says Windows), revoked there.
    await page.goto('/rpc-app/2fa');
    const list = page.getByRole('region', { name: 'Trusted browsers' });
    await expect(list.getByText('This browser')).toBeVisible();
    await expect(list.getByText('Chrome on Windows')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await list.getByRole('button', { name: 'Revoke Chrome on Windows' }).click();
    await expect(list.getByText('No trusted browsers.')).toBeVisible();

    // Revoked: the step is back.
    await signOut(page);
    await passwordStep(page);
    await expect(page).toHaveURL(/\/reseller\/login\?step=twofa$/);
    await expect(page.getByRole('textbox', { name: 'Verification code' })).toBeFocused();
    // The recovery code, when chosen instead, gets the cursor too.
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await expect(page.getByRole('textbox', { name: 'Recovery code' })).toBeFocused();
    await page.getByRole('button', { name: 'Use a verification code instead' }).click();
    await expect(page.getByRole('textbox', { name: 'Verification code' })).toBeFocused();
  });
});

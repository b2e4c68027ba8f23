import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, expect, resellerLoginFields, signInAsReseller, test } from './fixtures';

/** The demo user's authenticator secret, as the start-up output prints it. */
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: at });

test.describe('Two-factor authentication', () => {
  test('sign-in with TOTP: a wrong code, then the code the app would show', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    const fields = resellerLoginFields(page);
    await fields.email.fill('twofa@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    await expect(page).toHaveURL(/\/reseller\/login\?step=twofa$/);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    const code = page.getByRole('textbox', { name: 'Verification code' });
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('OTP cannot be blank')).toBeVisible();
    await code.fill(codeFor(DEMO_TOTP_SECRET, Date.now() - 10 * 60_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('OTP is incorrect')).toBeVisible();
    await code.fill(codeFor(DEMO_TOTP_SECRET));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Jordan', level: 1 })).toBeVisible();
  });

  test('setting up an authenticator app shows a QR code and recovery codes once', async ({
    page,
  }) => {
    await signInAsReseller(page, 'reseller@example.com');
    await page.getByRole('link', { name: 'Two-factor authentication' }).first().click();
    await expect(page).toHaveURL(/\/rpc-app\/2fa$/);
    await page.getByRole('link', { name: 'Set up authenticator app' }).click();
    await page.getByRole('button', { name: 'Show QR code' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByRole('textbox', { name: 'Verification code' }).fill(codeFor(secret));
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      page.getByText('Two-factor authentication has been enabled successfully'),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Codes come from your authenticator app.')).toBeVisible();

    await page.getByRole('link', { name: 'Turn off' }).click();
    await expect(page).toHaveURL(/\/2fa\/totp\/deactivate$/);
    await page.getByLabel('Current password').fill('Wrong@1234');
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Incorrect password')).toBeVisible();
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(
      page.getByText('Two-factor authentication has been disabled successfully'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Set up phone' })).toBeVisible();
  });
});

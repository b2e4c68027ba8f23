import { DEMO_PASSWORD, expect, hasHorizontalScroll, signInAsPartner, test } from './fixtures';
import { latestMailTo } from './outbox';

// Partners mostly use a phone.
test.use({ viewport: { width: 390, height: 844 } });

test('edit profile: a change is saved, no change says so', async ({ page }) => {
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await page.goto('/rpc-app/partner/editprofile');
  const city = page.getByRole('textbox', { name: 'City', exact: true });
  await expect(city).toHaveValue(/\S/);
  await city.fill('Oakland');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('You have not made any changes to your profile')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  // Cancellation asks first.
  await page.getByRole('button', { name: 'Cancel account' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel your partner account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('change password shows the server rules in the spec words', async ({ page }) => {
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await page.goto('/rpc-app/partner/changepassword');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current Password cannot be blank')).toBeVisible();
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('Wrong@1234');
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Next@1234');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Next@1234');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current Password is invalid')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('forgot password sends the link message', async ({ page }) => {
  await page.goto('/rpc-app/partner/forgotPassword');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email cannot be blank')).toBeVisible();
  await page.getByRole('textbox', { name: 'Partner ID or Email', exact: true }).fill('newpartner');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('A link to reset password has been sent to your registered email address'),
  ).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('a reset link that is not valid says the link expired', async ({ page }) => {
  await page.goto('/rpc-app/partner/resetpartner_password?token=not-a-real-token');
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Reset@1234');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Reset@1234');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password link expired')).toBeVisible();
});

test('a new email needs the password and becomes the sign-in only through its mailed link', async ({
  page,
}) => {
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await page.goto('/rpc-app/partner/editprofile');
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveValue('partner@example.com');
  const newAddress = `moved${String(Date.now())}@example.org`;
  await email.fill(newAddress);
  // The password field appears only for a credential change, and is required.
  const password = page.getByLabel('Current password');
  await expect(password).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByText('Enter your current password to change your email or PayPal email'),
  ).toBeVisible();
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByText(
      `We sent a confirmation link to ${newAddress}. Your email changes when you open it.`,
    ),
  ).toBeVisible();
  // Nothing changed yet: the form shows the current address again.
  await expect(email).toHaveValue('partner@example.com');
  expect(await hasHorizontalScroll(page)).toBe(false);

  const link = /https?:\/\/\S+\/rpc-app\/partner\/confirmEmail\?token=\S+/.exec(
    latestMailTo(newAddress),
  )?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByText(`Your email address is now ${newAddress}.`)).toBeVisible();

  // Back to the demo address through the same path, so other tests find it as it was.
  await page.goto('/rpc-app/partner/editprofile');
  await email.fill('partner@example.com');
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(/We sent a confirmation link to partner@example.com/)).toBeVisible();
  const back = /https?:\/\/\S+\/rpc-app\/partner\/confirmEmail\?token=\S+/.exec(
    latestMailTo('partner@example.com'),
  )?.[0];
  await page.goto(new URL(back ?? '').pathname + new URL(back ?? '').search);
  await expect(page.getByText('Your email address is now partner@example.com.')).toBeVisible();
});

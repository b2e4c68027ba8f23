import { expect, hasHorizontalScroll, signInAsPartner, test } from './fixtures';

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

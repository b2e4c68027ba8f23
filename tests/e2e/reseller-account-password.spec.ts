import { DEMO_PASSWORD, expect, resellerLoginFields, signInAsReseller, test } from './fixtures';
import { latestMailTo } from './outbox';

/** The reset link of the newest outbox mail to `to`. */
function resetLinkFor(to: string): string {
  const link = /(http\S+reset_password\?token=[\w-]+)/.exec(latestMailTo(to))?.[1];
  if (!link) throw new Error(`No reset mail to ${to}`);
  return link;
}

// These tests change passwords for good, so they use demo sub-users that no other spec signs in
// as (trial@ and subuser@ must keep Demo@1234 for the specs that run after this one).
const RESET_USER = 'morgan.khan11@acme-remote.example.com';
const CHANGE_USER = 'logan.diaz10@acme-remote.example.com';

test.describe('Forgot and reset password', () => {
  test('a reset link from the outbox sets a new password, once', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/forgotPassword$/);
    // The URL changes before the lazy page replaces the sign-in form, whose Email box has the same
    // name: fill the forgot-password form's own box, once it is there.
    const forgotForm = page.getByRole('form', { name: 'Forgot password' });
    await forgotForm.getByRole('textbox', { name: 'Email' }).fill(RESET_USER);
    await forgotForm.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('A link to reset password has been sent to your registered email address'),
    ).toBeVisible();

    const link = resetLinkFor(RESET_USER);
    await page.goto(link);
    await expect(page.getByText(`for ${RESET_USER}`)).toBeVisible();
    // A password manager's 32 characters are kept whole and refused with the rule's message,
    // never cut to their first 20 and saved.
    const long = 'Aa1@'.repeat(8);
    const newPassword = page.getByRole('textbox', { name: 'New Password', exact: true });
    await newPassword.fill(long);
    await expect(newPassword).toHaveValue(long);
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(long);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByText('Password should be between 6 - 20 characters').first(),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Fresh@5678');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Other@5678');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('New Password and Confirm Password should match')).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Fresh@5678');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('You have successfully reset your password')).toBeVisible();

    await page.goto(link);
    await expect(page.getByText('Password link expired')).toBeVisible();

    await page.goto('/rpc-app/reseller/login');
    const fields = resellerLoginFields(page);
    await fields.email.fill(RESET_USER);
    await fields.password.fill('Fresh@5678');
    await fields.submit.click();
    await expect(page).toHaveURL(/\/rpc-app\/(home|account\/upgrade)/);
  });
});

test.describe('Account settings and profile', () => {
  test('the password change shows each server rule and then succeeds', async ({ page }) => {
    await signInAsReseller(page, CHANGE_USER, '/rpc-app/account');
    await expect(page).toHaveURL(/\/rpc-app\/account\/settings$/);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('textbox', { name: 'Current Password', exact: true }).fill('Wrong@1234');
    await form.getByRole('textbox', { name: 'New Password', exact: true }).fill('Fresh@5678');
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Fresh@5678');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Current Password is invalid')).toBeVisible();
    await form.getByRole('textbox', { name: 'Current Password', exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('textbox', { name: 'New Password', exact: true }).fill('password');
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText("Password cannot be 'password'")).toBeVisible();
    await form.getByRole('textbox', { name: 'New Password', exact: true }).fill('Fresh@5678');
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Fresh@5678');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password has been changed successfully')).toBeVisible();
  });

  test('the profile saves a change and says when nothing changed', async ({ page }) => {
    await signInAsReseller(page);
    await page.getByRole('link', { name: 'Account' }).first().click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/account\/profile$/);
    await expect(
      page.getByRole('region', { name: 'Email Address' }).getByText('reseller@example.com'),
    ).toBeVisible();
    // The toast container is drawn from the first toast on, not with every page.
    await expect(page.locator('.console-toasts')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('You have not made any changes to your profile')).toBeVisible();
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Morgan-Lee');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.locator('.console-toasts').first()).toBeAttached();
    // The toast sits below the header: the name and avatar stay visible and clickable.
    const toastBox = await page.getByText('Profile updated successfully').boundingBox();
    const headerBox = await page.getByRole('banner').boundingBox();
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
    // Put the demo name back: later specs read "Riley Morgan" (e.g. in invitations).
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Morgan');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully').last()).toBeVisible();
  });
});

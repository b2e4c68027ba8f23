import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, resellerLoginFields, signInAsReseller, test } from './fixtures';
import { latestMailTo } from './outbox';

// leaving@example.com exists for this spec only: its e-mail changes and the account is cancelled.
const OLD_EMAIL = 'leaving@example.com';
const NEW_EMAIL = 'alex.rivera@lakeside.example.com';

async function openAccountTab(page: Page, tab: string) {
  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.getByRole('link', { name: tab }).click();
}

test.describe.configure({ mode: 'serial' });

test.describe('E-mail change and cancellation', () => {
  test('a new e-mail address takes effect from the mailed link', async ({ page, browser }) => {
    await signInAsReseller(page, OLD_EMAIL);
    await openAccountTab(page, 'Profile');
    const section = page.getByRole('region', { name: 'Email Address' });
    await expect(section.getByText(OLD_EMAIL)).toBeVisible();

    await section.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change email address' });
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(dialog.getByText('Email cannot be blank')).toBeVisible();
    await dialog.getByLabel('New Email Address').fill(NEW_EMAIL);
    await dialog.getByRole('textbox', { name: 'Password' }).fill('Wrong@1234');
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(dialog.getByText('Incorrect password')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      section.getByText(`We sent a link to ${NEW_EMAIL}.`, { exact: false }),
    ).toBeVisible();

    // The link opens in a browser that is not signed in.
    const link = /(http\S+confirmEmail\?token=[\w-]+)/.exec(latestMailTo(NEW_EMAIL))?.[1] ?? '';
    expect(link).not.toBe('');
    const visitor = await browser.newPage();
    await visitor.goto(link);
    await expect(visitor.getByText(`Your e-mail address is now ${NEW_EMAIL}.`)).toBeVisible();
    await visitor.close();

    await page.reload();
    await expect(section.getByText(NEW_EMAIL)).toBeVisible();
    await expect(section.getByText('Waiting for confirmation')).toBeHidden();
  });

  test('the administrator cancels the account with the password', async ({ page }) => {
    await signInAsReseller(page, NEW_EMAIL);
    await openAccountTab(page, 'Settings');
    await page.getByRole('button', { name: 'Cancel account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your account?' });
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Cancel account' }).click();
    await dialog.getByRole('button', { name: 'Cancel account' }).click();
    await expect(dialog.getByText('Password cannot be blank')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password' }).fill('Wrong@1234');
    await dialog.getByRole('button', { name: 'Cancel account' }).click();
    await expect(dialog.getByText('Incorrect password')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Cancel account' }).click();

    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login\?cancelled=done$/);
    await expect(page.getByText('Your account has been cancelled successfully')).toBeVisible();
    const fields = resellerLoginFields(page);
    await fields.email.fill(NEW_EMAIL);
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    await expect(page.getByText('You are trying to access a cancelled account')).toBeVisible();
  });

  test('a sub-admin is not offered cancellation', async ({ page }) => {
    await signInAsReseller(page, 'subadmin@example.com');
    await openAccountTab(page, 'Settings');
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel account' })).toHaveCount(0);
  });
});

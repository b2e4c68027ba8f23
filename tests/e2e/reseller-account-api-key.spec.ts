import { DEMO_PASSWORD, expect, signInAsReseller, test } from './fixtures';

test.describe('API Keys tab (/account/rpc-api)', () => {
  test('View: a wrong then the right password shows the key, copy and close', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsReseller(page);
    await page.getByRole('link', { name: 'Account' }).first().click();
    await page.getByRole('link', { name: 'API Keys' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/account\/rpc-api$/);
    await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();
    await expect(page.getByText('Keys used to access RemotePC Bulk Reseller.')).toBeVisible();
    await expect(page.getByText('Reseller API Key')).toBeVisible();

    await page.getByRole('button', { name: 'View', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const password = dialog.getByLabel('Password', { exact: true });
    const confirm = dialog.getByRole('button', { name: 'View', exact: true });
    await expect(confirm).toBeDisabled();
    await password.fill('Wrong');
    await expect(confirm).toBeDisabled();
    await password.fill('Wrong@1234');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(dialog.getByText('Incorrect password')).toBeVisible();
    await expect(password).toBeFocused();

    await password.fill(DEMO_PASSWORD);
    await confirm.click();
    const key = dialog.getByTestId('api-key-value');
    await expect(key).toHaveText(/^rsk_/);
    await expect(dialog.getByText('Protect this key like a password!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy Key' }).click();
    await expect(dialog.getByText('Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await key.textContent());
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Change: a new key with "Key generated successfully", which hides after 5 seconds', async ({
    page,
  }) => {
    await signInAsReseller(page, undefined, '/rpc-app/account/rpc-api');
    await page.getByRole('button', { name: 'View', exact: true }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'View', exact: true }).click();
    const before = await dialog.getByTestId('api-key-value').textContent();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Change', exact: true }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong@1234');
    await dialog.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(dialog.getByText('Incorrect password')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(dialog.getByText('Key generated successfully')).toBeVisible();
    const after = await dialog.getByTestId('api-key-value').textContent();
    expect(after).toMatch(/^rsk_/);
    expect(after).not.toBe(before);
    await expect(dialog.getByText('Key generated successfully')).toBeHidden({ timeout: 7000 });
    // The tab says the new key has not been used; a call with it changes that.
    await page.keyboard.press('Escape');
    const dates = page.getByTestId('api-key-dates');
    await expect(dates).toHaveText(/^Created .+ · Never used$/);
    const status = await page.evaluate(
      async (key) =>
        (await fetch('/reseller-api/v1/account', { headers: { 'x-api-key': key } })).status,
      after ?? '',
    );
    expect(status).toBe(200);
    await page.reload();
    await expect(dates).toHaveText(/^Created .+ · Last used .+$/);
  });

  test('Cancel closes the password dialog', async ({ page }) => {
    await signInAsReseller(page, undefined, '/rpc-app/account/rpc-api');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

import { DEMO_PASSWORD, expect, resellerLoginFields, test } from './fixtures';

test.describe('Sign-in cases of spec section 8', () => {
  test('an e-mail shared by two accounts asks for a username', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    const fields = resellerLoginFields(page);
    await fields.email.fill('shared@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    const choice = page.getByRole('radiogroup', {
      name: 'Multiple accounts are associated with your email, select a Username',
    });
    await expect(choice).toBeVisible();
    await expect(choice.getByRole('radio')).toHaveCount(2);
    await choice.getByRole('radio', { name: 'shared.nordlicht' }).check();
    await fields.submit.click();
    await expect(page).not.toHaveURL(/\/reseller\/login/);
    const info = await page.request.get('/rpc-api/reseller/user_info');
    const body = (await info.json()) as { message: { username: string } };
    expect(body.message.username).toBe('shared.nordlicht');
  });

  test('an SSO-enabled user is sent to SSO', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    const fields = resellerLoginFields(page);
    await fields.email.fill('sso@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    await expect(
      page.getByRole('alert').getByText('Your account is SSO-enabled. Sign in to SSO account.'),
    ).toBeVisible();
  });
});

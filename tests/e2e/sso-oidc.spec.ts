import { DEMO_PASSWORD, expect, resellerLoginFields, signInAsReseller, test } from './fixtures';

/*
 * Single sign-on with OpenID Connect as a newcomer meets it: the demo data wires the account of
 * sso@example.com to the demo identity provider the server runs (oidc-provider at /demo-idp);
 * "Sign in with SSO", the IdP's own sign-in page, and the console home.
 */

test.describe('Sign in with SSO (OpenID Connect)', () => {
  test('signs in through the demo identity provider and lands on the console home', async ({
    page,
  }) => {
    await page.goto('/rpc-app/reseller/login');
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with SSO' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email or SSO name' }).fill('sso@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();

    // The identity provider's own page, not the console's.
    await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
    await expect(page).toHaveURL(/\/demo-idp\/interaction\//);
    await page.getByRole('textbox', { name: 'E-mail' }).fill('sso@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/rpc-app\/home$/);
    const info = await page.request.get('/rpc-api/reseller/user_info');
    const body = (await info.json()) as { message: { username: string } };
    expect(body.message.username).toBe('sso@example.com');
  });

  test('log out ends the session here and at the identity provider', async ({ page }) => {
    await page.goto('/rpc-app/reseller/sso');
    await page.getByRole('textbox', { name: 'Email or SSO name' }).fill('sso@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('sso@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/home$/);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    // The IdP's own sign-out page (RP-initiated logout), then back to the console's sign-in.
    await expect(
      page.getByRole('heading', { name: 'Sign out of the demo identity provider?' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
    expect((await page.request.get('/rpc-api/reseller/user_info')).status()).toBe(401);
  });

  test('the refused password sign-in of an SSO user leads to SSO', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    const fields = resellerLoginFields(page);
    await fields.email.fill('sso@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your account is SSO-enabled. Sign in to SSO account.');
    await alert.getByRole('link', { name: 'Sign in with SSO' }).click();
    await expect(page.getByRole('textbox', { name: 'Email or SSO name' })).toHaveValue(
      'sso@example.com',
    );
  });

  test('an SSO attempt by a user whose SSO is off gets the spec message', async ({ page }) => {
    await page.goto('/rpc-app/reseller/sso');
    await page.getByRole('textbox', { name: 'Email or SSO name' }).fill('reseller@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Your account is not SSO-enabled. Sign in to non-SSO account or contact admin to enable SSO.',
    );
  });
});

test.describe('The administrator screen "Single sign-on"', () => {
  test('"Test sign-in" goes through the IdP and comes back with the outcome', async ({ page }) => {
    await signInAsReseller(page, 'trial@example.com', '/rpc-app/account/sso');
    await expect(page.getByRole('heading', { name: 'Single sign-on', exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'You, the administrator, keep your password sign-in when SSO is on, so a broken identity provider cannot lock the account out.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Test sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('sso@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/account\/sso\?ssoTest=ok$/);
    await expect(page.getByRole('status')).toContainText(
      'The test sign-in worked: the identity provider signed you in and you were recognised.',
    );
  });

  test('a sub-user has no "Single sign-on" tab', async ({ page }) => {
    await signInAsReseller(page, 'subuser@example.com', '/rpc-app/account/settings');
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Single sign-on' })).toHaveCount(0);
  });
});

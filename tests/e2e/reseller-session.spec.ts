import { DEMO_PASSWORD, expect, resellerLoginFields, signInAsReseller, test } from './fixtures';

test.describe('Reseller login', () => {
  test('the root sends a signed-out visitor to the login page', async ({ page }) => {
    await page.goto('/rpc-app/');
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('©');
  });

  test('signing in through the form shows the home screen with the plan', async ({ page }) => {
    await signInAsReseller(page);
    await expect(page.getByRole('heading', { name: 'Welcome, Riley', level: 1 })).toBeVisible();
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan).toContainText('Bulk Reseller');
    await expect(plan).toContainText('Active');
    // Dates read "Mon dd, yyyy, hh:mm am/pm".
    await expect(plan).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2} (am|pm)/);
    expect(await page.evaluate(() => localStorage.getItem('IS_SIGNED_IN_RPC_BULK_RESELLER'))).toBe(
      'true',
    );
    expect(await page.evaluate(() => localStorage.getItem('product_type'))).toBe('reseller');
  });

  test('a wrong password shows the spec message', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    const fields = resellerLoginFields(page);
    await fields.email.fill('reseller@example.com');
    await fields.password.fill('Wrong@1234');
    await fields.submit.click();
    await expect(page.getByRole('alert')).toContainText(
      'Email or password you entered is invalid. Please try again',
    );
    await expect(page).toHaveURL(/\/reseller\/login$/);
  });

  test('a lost CSRF cookie is fetched again and the sign-in still works', async ({
    page,
    context,
  }) => {
    await page.goto('/rpc-app/reseller/login');
    await expect(resellerLoginFields(page).submit).toBeVisible();
    await context.clearCookies({ name: 'XSRF-TOKEN' });
    const fields = resellerLoginFields(page);
    await fields.email.fill('reseller@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    await expect(page).toHaveURL(/\/rpc-app\/home$/);
  });

  test('empty fields are refused before any request', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    await resellerLoginFields(page).submit.click();
    await expect(page.getByText('Email cannot be blank')).toBeVisible();
    await expect(page.getByText('Password cannot be blank')).toBeVisible();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    const { password } = resellerLoginFields(page);
    await password.fill(DEMO_PASSWORD);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('a trial account shows the days left', async ({ page }) => {
    await signInAsReseller(page, 'trial@example.com');
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan).toContainText('Free trial');
    await expect(plan).toContainText(/Trial days left\s*\d+ days?/);
  });
});

test.describe('Reseller session', () => {
  test('reloading a deep link while signed in keeps the screen', async ({ page }) => {
    await signInAsReseller(page);
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Bulk Reseller');
    await page.reload();
    await expect(page).toHaveURL(/\/rpc-app\/home$/);
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Bulk Reseller');
  });

  test('a signed-out visit to a private route goes to the login page', async ({ page }) => {
    await page.goto('/rpc-app/home');
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
  });

  test('a lost access token is refreshed and the request retried', async ({ page, context }) => {
    await signInAsReseller(page);
    const cookies = await context.cookies();
    await context.clearCookies({ name: 'rsr_at' });
    expect(cookies.some((cookie) => cookie.name === 'rsr_at')).toBe(true);
    // The plan may first show from the persisted cache; the proof is on the wire: one refresh,
    // then user_info answered again.
    const refreshed = page.waitForResponse((response) =>
      response.url().includes('/reseller/auth/v1/refresh-token'),
    );
    const retried = page.waitForResponse(
      (response) => response.url().includes('/reseller/user_info') && response.status() === 200,
    );
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await retried;
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Bulk Reseller');
    const after = await context.cookies();
    expect(after.some((cookie) => cookie.name === 'rsr_at')).toBe(true);
  });

  test('a session that cannot be refreshed logs out to the login page', async ({
    page,
    context,
  }) => {
    await signInAsReseller(page);
    await context.clearCookies({ name: 'rsr_at' });
    await context.clearCookies({ name: 'rsr_rt' });
    await page.reload();
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
    expect(
      await page.evaluate(() => localStorage.getItem('IS_SIGNED_IN_RPC_BULK_RESELLER')),
    ).toBeNull();
  });

  test('log out returns to the login page and ends the session', async ({ page }) => {
    await signInAsReseller(page);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
    expect(
      await page.evaluate(() => localStorage.getItem('IS_SIGNED_IN_RPC_BULK_RESELLER')),
    ).toBeNull();
    await page.goto('/rpc-app/home');
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
    // The server revoked the session too: user_info now refuses the old cookies.
    const status = await page.evaluate(
      async () => (await fetch('/rpc-api/reseller/user_info', { credentials: 'include' })).status,
    );
    expect(status).toBe(401);
  });
});

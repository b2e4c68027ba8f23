import { DEMO_PASSWORD, expect, PRODUCT, resellerLoginFields, test } from './fixtures';

test.describe('A signed-out deep link', () => {
  test('a reseller returns to the invoice asked for after signing in', async ({
    page,
    browser,
  }) => {
    // An invoice of the demo reseller, read in another browser.
    const other = await browser.newContext();
    const helper = await other.newPage();
    await helper.goto('/rpc-app/reseller/login');
    const helperFields = resellerLoginFields(helper);
    await helperFields.email.fill('reseller@example.com');
    await helperFields.password.fill(DEMO_PASSWORD);
    await helperFields.submit.click();
    await expect(helper).toHaveURL(/\/rpc-app\/home$/);
    const invoices = await helper.request.get('/rpc-api/reseller/ecom/invoices');
    const body = (await invoices.json()) as { message: { items: { id: string }[] } };
    const id = body.message.items[0]?.id ?? '';
    expect(id).not.toBe('');
    await other.close();

    await page.goto(`/rpc-app/invoice/${id}`);
    await expect(page).toHaveURL(
      new RegExp(`/rpc-app/reseller/login\\?next=${encodeURIComponent(`/invoice/${id}`)}$`),
    );
    const fields = resellerLoginFields(page);
    await fields.email.fill('reseller@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    await expect(page).toHaveURL(new RegExp(`/rpc-app/invoice/${id}$`));
  });

  test('the two-factor step keeps the page asked for, and so does its way back', async ({
    page,
  }) => {
    await page.goto('/rpc-app/activityLog');
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login\?next=%2FactivityLog$/);
    const fields = resellerLoginFields(page);
    await fields.email.fill('twofa@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    await expect(page).toHaveURL(/\/reseller\/login\?step=twofa&next=%2FactivityLog$/);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login\?next=%2FactivityLog$/);
    await fields.email.fill('reseller@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    await expect(page).toHaveURL(/\/rpc-app\/activityLog$/);
  });

  test('a return address to another site is not followed', async ({ page }) => {
    for (const next of ['//evil.example/home', '/\\evil.example', 'https://evil.example/']) {
      await page.context().clearCookies();
      await page
        .evaluate(() => {
          localStorage.clear();
        })
        .catch(() => undefined);
      await page.goto(`/rpc-app/reseller/login?next=${encodeURIComponent(next)}`);
      const fields = resellerLoginFields(page);
      await fields.email.fill('reseller@example.com');
      await fields.password.fill(DEMO_PASSWORD);
      await fields.submit.click();
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/rpc-app\/home$/);
    }
  });

  test('a partner returns to the report asked for after signing in', async ({ page }) => {
    await page.goto('/rpc-app/partner/newcommissionreport/bounty');
    await expect(page).toHaveURL(/\/partner\/\?next=%2Fpartner%2Fnewcommissionreport%2Fbounty$/);
    await page.getByLabel('Partner ID or Email').fill('demopartner');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/partner\/newcommissionreport\/bounty$/);
  });
});

test('the partner page follows only a partner page of this console', async ({ page }) => {
  for (const next of ['//evil.example/partner/', '/\\evil.example', '/home']) {
    await page.context().clearCookies();
    await page.goto(`/partner/?next=${encodeURIComponent(next)}`);
    await page.evaluate(() => {
      localStorage.clear();
    });
    await page.getByLabel('Partner ID or Email').fill('demopartner');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/rpc-app\/partner\/dashboard$/);
  }
});

test.describe('An address that does not exist', () => {
  test('shows a page with a way back to the console, not raw JSON', async ({ page }) => {
    const response = await page.goto('/login');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops!', level: 1 })).toBeVisible();
    await expect(page.getByText('Not Found')).toBeVisible();
    await page.getByRole('link', { name: `Take me back to ${PRODUCT} Reseller Homepage` }).click();
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
  });
});

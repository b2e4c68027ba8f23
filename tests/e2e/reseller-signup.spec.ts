import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { latestMailTo } from './outbox';

/** Ticks the ALTCHA box and waits for the browser's proof of work to finish. */
async function solveCaptcha(page: Page) {
  // The box animates, so the label is what a person (and the test) clicks.
  await page.getByText('Please confirm you are not a robot').click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
}

async function fillAccount(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'First name' }).fill('Alex');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Stone');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Stone Remote IT');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Strong@123');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Strong@123');
}

test('free trial signup: through the captcha to the home screen, then the mailed link', async ({
  page,
}) => {
  const email = `trial.${String(Date.now())}@stone-it.example.com`;
  await page.goto('/rpc-app/reseller/login');
  await page.getByRole('link', { name: 'Start a free trial' }).click();
  await expect(page).toHaveURL(/\/rpc-app\/reseller\/signup$/);
  await expect(page.getByRole('radio', { name: 'Free trial (14 days)' })).toBeChecked();

  const start = page.getByRole('button', { name: 'Start free trial' });
  await expect(start).toBeDisabled();
  await fillAccount(page, email);
  await solveCaptcha(page);
  await start.click();

  await expect(page).toHaveURL(/\/rpc-app\/home$/);
  await expect(
    page.getByText(`We sent a link to ${email}. Open it to verify your e-mail address.`),
  ).toBeVisible();

  const link = /http:\/\/\S+\/rpc-app\/reseller\/registration\/verify\?token=[\w-]+/.exec(
    latestMailTo(email),
  )?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByText('Your e-mail address has been verified')).toBeVisible();
});

test('a registered e-mail is refused under its field, and the captcha asks again', async ({
  page,
}) => {
  await page.goto('/rpc-app/reseller/signup');
  await fillAccount(page, 'reseller@example.com');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(
    page.getByText('An account is already registered with this email address'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start free trial' })).toBeDisabled();
});

test('paid signup: plan, card and address, then the billing page shows the plan', async ({
  page,
}) => {
  const email = `paid.${String(Date.now())}@stone-it.example.com`;
  await page.goto('/rpc-app/reseller/signup');
  await page.getByText('Buy now').click();
  await expect(page).toHaveURL(/plan=paid/);
  await fillAccount(page, email);
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /^Bulk Reseller 50:/ }).click();
  await page.getByRole('textbox', { name: 'Name on card' }).fill('Alex Stone');
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await page.getByRole('combobox', { name: 'Expiry month' }).click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  await page.getByRole('combobox', { name: 'Expiry year' }).click();
  await page
    .getByRole('option', { name: String(new Date().getFullYear() + 2), exact: true })
    .click();
  await page.getByRole('textbox', { name: 'CVV' }).fill('123');
  await page.getByRole('textbox', { name: 'Address' }).fill('1 Harbour Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Seattle');
  await page.getByRole('combobox', { name: 'State', exact: true }).click();
  await page.getByRole('option', { name: 'Washington' }).click();
  await page.getByRole('textbox', { name: 'ZIP / postal code' }).fill('98101');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Pay and create account' }).click();
  await expect(page).toHaveURL(/\/rpc-app\/home$/);
  await page.goto('/rpc-app/account/billingInfo');
  await expect(page.getByText('ending in 4242').first()).toBeVisible();
});

test('the Chromebook check: without the app session it says where to start', async ({ page }) => {
  await page.goto('/rpc-app/chromebook/captcha/verify');
  await expect(page.getByText('Open this page from the app to verify')).toBeVisible();
  await page.goto('/rpc-app/chromebook/captcha/verify?session=chromebook-app-session-0001');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/chromebook\/captcha\/verify\/response$/);
  await expect(page.getByText('Verification complete. You can return to the app.')).toBeVisible();
  const poll = await page.request.get(
    '/rpc-api/chromebook/captcha/verify/response?session=chromebook-app-session-0001',
  );
  expect(((await poll.json()) as { message: { verified: boolean } }).message.verified).toBe(true);
});

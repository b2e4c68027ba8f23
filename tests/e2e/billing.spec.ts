import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  hasHorizontalScroll,
  resellerLoginFields,
  signInAsReseller,
  test,
} from './fixtures';

const PAYMENT_FAILED =
  'There was an error in completing the payment. Check your credit card information and try again.';

async function fillCard(page: Page, scope: ReturnType<Page['locator']>, number: string) {
  await scope.getByLabel('Name on card').fill('Riley Morgan');
  await scope.getByLabel('Card number').fill(number);
  await scope.getByRole('combobox', { name: 'Expiry month' }).click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  await scope.getByRole('combobox', { name: 'Expiry year' }).click();
  await page
    .getByRole('option', { name: String(new Date().getFullYear() + 2), exact: true })
    .click();
  await scope.getByLabel('CVV').fill('123');
}

test.describe('Invoices and transactions', () => {
  test('the invoice list opens an invoice that prints without the console frame', async ({
    page,
  }) => {
    await signInAsReseller(page);
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('row')).toHaveCount(9);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /^Invoice INV-/ })).toBeVisible();
    const sheet = page.getByRole('article');
    await expect(sheet).toContainText('Acme Remote Services');
    await expect(sheet).toContainText('RemotePC Ltd.');
    await expect(sheet.getByRole('row', { name: 'Sales Tax (CA) 7.25% $10.87' })).toBeVisible();
    await expect(sheet).not.toContainText('(rate');
    await expect(sheet).toContainText('Payment method: Visa ending in 4242');
    await expect(sheet).toContainText('$160.86');

    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^INV-.*\.pdf$/);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(sheet).toBeVisible();
    // One A4 page at 96 dpi is about 1123 px tall (less the margins).
    const height = await sheet.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThan(1000);
    await page.emulateMedia({ media: 'screen' });
  });

  test('transactions filter by date and export CSV', async ({ page }) => {
    await signInAsReseller(page, undefined, '/rpc-app/transactions/preview');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByText('Refund', { exact: true })).toBeVisible();
    await expect(table.getByText('Failed', { exact: true })).toBeVisible();
    await expect(table.getByText(PAYMENT_FAILED)).toBeVisible();
    // At 1280 px no badge is cut short ("Refu…").
    await page.setViewportSize({ width: 1280, height: 800 });
    const cutBadges = await table
      .locator('.mantine-Badge-label')
      .evaluateAll(
        (labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).length,
      );
    expect(cutBadges).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From').fill(today);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No transactions in this date range.')).toBeVisible();
    await page.getByLabel('From').fill('2000-01-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(table.getByRole('row')).toHaveCount(21);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^transactions-.*\.csv$/);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});

test.describe('Upgrade', () => {
  /** Review, then pay in the review dialog; a refusal closes it and shows on the page. */
  async function reviewAndPay(
    page: Page,
    paymentText: string,
    pay = 'click' as 'click' | 'dblclick',
  ) {
    await page.getByRole('button', { name: 'Review upgrade' }).click();
    const review = page.getByRole('dialog', { name: 'Review your upgrade' });
    await expect(review).toContainText('Bulk Reseller 250');
    await expect(review).toContainText(paymentText);
    await expect(review.getByTestId('upgrade-preview')).toContainText('Total due now');
    await review.getByRole('button', { name: 'Pay and upgrade' })[pay]();
  }

  test('a declined card, then a good card upgrades with the prorated amount', async ({ page }) => {
    await signInAsReseller(page, undefined, '/rpc-app/account/upgrade');
    await expect(page.getByRole('heading', { name: 'Upgrade', level: 2 })).toBeVisible();
    await expect(page.getByText('Bulk Reseller 100: 100 computers')).toBeVisible();
    // The current plan on its current term is marked and cannot be chosen.
    await expect(
      page.getByRole('radio', { name: 'Bulk Reseller 100 (your current plan)' }),
    ).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Review upgrade' })).toBeDisabled();
    await page.getByRole('radio', { name: 'Bulk Reseller 250' }).click();
    const preview = page.getByTestId('upgrade-preview');
    await expect(preview).toContainText(/Prorated for the \d+ of \d+ days left/);
    await expect(preview).toContainText('Sales Tax (CA) 7.25%');
    await expect(preview).not.toContainText('(rate');
    await expect(preview).toContainText('Total due now');
    await page.getByRole('radio', { name: 'A new credit card' }).check();
    const payment = page.getByRole('region', { name: 'Payment' });
    // Each empty card field says which one it is.
    await page.getByRole('button', { name: 'Review upgrade' }).click();
    for (const text of [
      'Card number cannot be blank',
      'CVV cannot be blank',
      'Expiry month cannot be blank',
      'Expiry year cannot be blank',
    ]) {
      await expect(payment.getByText(text)).toBeVisible();
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await fillCard(page, payment, '4000000000000341');
    await reviewAndPay(page, 'New card ending in 0341');
    await expect(page.getByRole('alert')).toContainText(PAYMENT_FAILED);
    // Choosing again clears the old refusal.
    await page.getByRole('radio', { name: 'Bulk Reseller 500' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Bulk Reseller 250' }).click();
    await payment.getByLabel('Card number').fill('4000000000000002');
    await reviewAndPay(page, 'New card ending in 0002');
    await expect(page.getByRole('alert')).toContainText('Credit card could not be processed');
    await payment.getByLabel('Card number').fill('4242424242424242');
    // A double click pays once and shows the one outcome: success and the invoice.
    await reviewAndPay(page, 'New card ending in 4242', 'dblclick');
    await expect(page.getByText('Your account has been upgraded successfully')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: /^Invoice INV-/ })).toBeVisible();
    await expect(page.getByText('You are already subscribed to this plan')).toHaveCount(0);
    await expect(page.getByRole('article')).toContainText(
      'Upgrade from Bulk Reseller 100 to Bulk Reseller 250',
    );
    await page.goto('/rpc-app/account/upgrade');
    await expect(page.getByText('Bulk Reseller 250: 250 computers')).toBeVisible();
  });

  test('turning auto-renewal off asks first, then says when the subscription ends', async ({
    page,
  }) => {
    await signInAsReseller(page, 'eu@example.com', '/rpc-app/account/billingInfo');
    const renewal = page.getByRole('region', { name: 'Auto-renewal' });
    const toggle = renewal.getByRole('switch', { name: 'Renew my subscription automatically' });
    await expect(toggle).toBeChecked();
    await expect(renewal).toContainText('Next renewal on');
    await toggle.click({ force: true });
    const confirm = page.getByRole('dialog', { name: 'Turn off auto-renewal?' });
    await confirm.getByRole('button', { name: 'Keep it on' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();
    await toggle.click({ force: true });
    await confirm.getByRole('button', { name: 'Turn off auto-renewal' }).click();
    await expect(toggle).not.toBeChecked();
    await expect(renewal).toContainText('Auto-renewal is off: your subscription ends on');
    await expect(renewal).not.toContainText('Next renewal on');
    await expect(renewal.getByText('Renew for')).toHaveCount(0);
    // The switch stays off-limits until the change and the refetch after it have settled.
    await expect(toggle).toBeEnabled();
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
    await expect(renewal).toContainText('Next renewal on');
  });
});

test.describe('Pending charges', () => {
  test('a CCFAILEDACC account pays its pending charges after updating the card', async ({
    page,
  }) => {
    await page.goto('/rpc-app/reseller/login');
    const fields = resellerLoginFields(page);
    await fields.email.fill('suspended@example.com');
    await fields.password.fill(DEMO_PASSWORD);
    await fields.submit.click();
    await expect(page).toHaveURL(/\/rpc-app\/account\/billingInfo$/);
    const pending = page.getByRole('region', { name: 'Pending charges' });
    await expect(pending).toContainText('Account has exceeded due date. Apply pending charges');
    await pending.getByRole('button', { name: 'Pay $53.24 now' }).click();
    await expect(pending).toContainText(PAYMENT_FAILED);

    await page.getByRole('button', { name: 'Update card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update credit card' });
    await fillCard(page, dialog, '5555555555554444');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(
      page.getByText('Your Credit card details have been updated successfully'),
    ).toBeVisible();
    await expect(page.getByText('Mastercard ending in 4444')).toBeVisible();
    await pending.getByRole('button', { name: 'Pay $53.24 now' }).click();
    await expect(
      page.getByText(
        "Your account has been reactivated and you can provide a solution for your customer's remote access and support needs.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pending charges' })).toHaveCount(0);
  });
});

test.describe('Billing address', () => {
  test('the address changes without typing the card again', async ({ page }) => {
    await signInAsReseller(page, 'eu@example.com', '/rpc-app/account/billingInfo');
    const card = page.getByRole('region', { name: 'Credit card' });
    await expect(card).toContainText('Mastercard ending in 4444');
    const address = page.getByRole('region', { name: 'Billing address' });
    await address.getByRole('button', { name: 'Edit address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit billing address' });
    await expect(dialog.getByLabel('Card number')).toHaveCount(0);
    const line = dialog.getByRole('textbox', { name: 'Billing address' });
    await line.fill('');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog.getByText('Billing address cannot be blank')).toBeVisible();
    await expect(line).toBeFocused();
    await line.fill('Friedrichstrasse 68');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Billing address updated successfully')).toBeVisible();
    await expect(address).toContainText('Friedrichstrasse 68');
    await expect(card).toContainText('Mastercard ending in 4444');
  });
});

test.describe('VAT', () => {
  test('a business VAT ID makes the next invoice reverse-charge', async ({ page }) => {
    await signInAsReseller(page, 'eu@example.com', '/rpc-app/account/billingInfo');
    const tax = page.getByRole('region', { name: 'Tax' });
    await expect(tax).toContainText('VAT (DE) 19%');
    await expect(tax).not.toContainText('(rate');
    await expect(tax).not.toContainText('VAT: VAT');
    await expect(tax).toContainText('may not have to pay VAT');
    const vat = tax.getByRole('textbox', { name: 'Business VAT ID' });
    await expect(vat).toHaveAttribute('placeholder', 'Enter your Business VAT ID (Optional)');
    await vat.fill('DE1');
    await tax.getByRole('button', { name: 'Update VAT ID' }).click();
    await expect(tax).toContainText('Enter a valid VAT ID');
    await vat.fill('DE123456789');
    await tax.getByRole('button', { name: 'Update VAT ID' }).click();
    await expect(tax).toContainText('Your invoices are issued under the reverse charge.');

    await page.goto('/rpc-app/account/upgrade');
    await page.getByRole('radio', { name: 'Bulk Reseller 100', exact: true }).click();
    await expect(page.getByTestId('upgrade-preview')).toContainText('VAT reverse charge 0%');
    await page.getByRole('button', { name: 'Review upgrade' }).click();
    await page
      .getByRole('dialog', { name: 'Review your upgrade' })
      .getByRole('button', { name: 'Pay and upgrade' })
      .click();
    await expect(page.getByRole('heading', { name: /^Invoice INV-/ })).toBeVisible();
    const sheet = page.getByRole('article');
    await expect(sheet).toContainText('VAT reverse charge 0%');
    await expect(sheet).toContainText('Reverse charge: VAT to be accounted for by the recipient');
    await expect(sheet).toContainText('VAT ID DE123456789');
  });
});

test.describe('Upgrade from two tabs', () => {
  // After the VAT test: eu@example.com is on Bulk Reseller 100 with its card on file.
  test("a second tab paying for the same upgrade shows the first one's outcome", async ({
    page,
    context,
  }) => {
    await signInAsReseller(page, 'eu@example.com');
    const second = await context.newPage();
    for (const tab of [page, second]) {
      await tab.goto('/rpc-app/account/upgrade');
      await tab.getByRole('radio', { name: 'Bulk Reseller 250' }).click();
      await tab.getByRole('button', { name: 'Review upgrade' }).click();
      await expect(tab.getByRole('dialog', { name: 'Review your upgrade' })).toBeVisible();
    }
    const pay = (tab: Page) =>
      tab
        .getByRole('dialog', { name: 'Review your upgrade' })
        .getByRole('button', { name: 'Pay and upgrade' })
        .click();
    await pay(page);
    await expect(page.getByText('Your account has been upgraded successfully')).toBeVisible();
    await pay(second);
    await expect(
      second.getByText(
        'Your account is already on Bulk Reseller 250: an earlier request upgraded it.',
      ),
    ).toBeVisible();
    await expect(second.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect(second.getByText('You are already subscribed to this plan')).toHaveCount(0);
  });
});

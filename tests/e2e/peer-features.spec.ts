import { expect, signInAsReseller, test } from './fixtures';

test.describe('Invoice list', () => {
  test('each row downloads its invoice as a PDF', async ({ page }) => {
    await signInAsReseller(page);
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await expect(page.getByRole('row')).toHaveCount(11);
    await expect(page.getByRole('columnheader', { name: 'PDF' })).toBeVisible();
    const row = page.getByRole('row').nth(2);
    const number = (await row.getByRole('link').first().textContent()) ?? '';
    expect(number).toMatch(/^INV-/);
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${number} as PDF` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

test.describe('Home', () => {
  test('shows computers and users against the plan, computers online, and quick actions', async ({
    page,
  }) => {
    await signInAsReseller(page);
    const usage = page.getByRole('region', { name: 'Plan usage' });
    await expect(usage.getByTestId('usage-computers')).toHaveText(/^\d+ of \d+$/);
    await expect(usage.getByTestId('usage-users')).toHaveText(/^\d+ of \d+$/);
    await expect(usage.getByTestId('usage-online')).toHaveText(/^\d+$/);
    await expect(
      usage.getByRole('progressbar', { name: /^Computers used: \d+ of \d+$/ }),
    ).toBeVisible();

    const actions = page.getByRole('region', { name: 'Quick actions' });
    await expect(actions.getByRole('link')).toHaveText(['Add user', 'Add computer', 'Invoices']);
    await actions.getByRole('link', { name: 'Add user' }).click();
    await expect(page.getByRole('dialog', { name: 'Add user' })).toBeVisible();
    await page.goBack();
    await page
      .getByRole('region', { name: 'Quick actions' })
      .getByRole('link', { name: 'Add computer' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Add computer' })).toBeVisible();
    await page.goBack();
    await page
      .getByRole('region', { name: 'Quick actions' })
      .getByRole('link', { name: 'Invoices' })
      .click();
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  });

  test('a plain user sees neither the plan usage nor quick actions', async ({ page }) => {
    await signInAsReseller(page, 'subuser@example.com');
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Plan usage' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Quick actions' })).toHaveCount(0);
  });
});

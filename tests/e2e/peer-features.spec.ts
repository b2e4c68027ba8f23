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

import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { expect, signInAsReseller, test } from './fixtures';

/** The PDF's text with runs of white space as one space (a wrapped line reads as one). */
async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(file)) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

test.describe('Invoice PDF', () => {
  test('the built server’s PDF says what the print view says', async ({ page }) => {
    await signInAsReseller(page, undefined, '/rpc-app/invoice');
    await page.getByRole('row').nth(1).getByRole('link', { name: /^INV-/ }).click();
    const sheet = page.getByRole('article');
    await expect(sheet).toContainText('Payment method: Visa ending in 4242');
    const issued = (await sheet.getByText(/^Issued /).textContent()) ?? '';
    expect(issued).toMatch(/^Issued [A-Z][a-z]{2} \d{2}, \d{4}$/);
    // Whichever invoice is newest (earlier specs may have added one): its own tax line and total.
    const footRow = async (name: RegExp) => {
      const row = sheet.getByRole('row', { name });
      return `${(await row.locator('th').textContent()) ?? ''} ${(await row.locator('td').textContent()) ?? ''}`;
    };
    const taxLine = await footRow(/^Sales Tax \(CA\) 7\.25% \$/);
    const total = await footRow(/^Total \$/);
    expect(taxLine).toMatch(/^Sales Tax \(CA\) 7\.25% \$[\d,.]+$/);
    expect(total).toMatch(/^Total \$[\d,.]+$/);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const text = await pdfText(await (await download).path());
    expect(text).toContain(issued);
    expect(text).toContain('Payment method: Visa ending in 4242');
    expect(text).toContain('Acme Remote Services');
    expect(text).toContain(taxLine);
    expect(text).toContain(total);
  });
});

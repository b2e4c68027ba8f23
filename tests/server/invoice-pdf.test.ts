import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceList } from '../../src/domain/api/billing';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let acme: Agent;
beforeAll(async () => {
  t = await createTestApp();
  acme = new Agent(t.app);
  expect((await acme.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
});
afterAll(() => t.close());

/** The success payload, typed by the caller. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the payload type
const message = <T>(body: { json: () => unknown }): T => (body.json() as { message: T }).message;

/** The text of every page, lines joined by single spaces (a wrapped line reads as one). */
async function pdfText(data: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

const LONG =
  'Upgrade to Bulk Reseller 100 computers, prorated for the remaining 18 of 30 days in your term';

describe('Invoice PDF', () => {
  it('says what the print view says, wraps long lines whole and prints any script', async () => {
    const list = message<InvoiceList>(await acme.get('/rpc-api/reseller/ecom/invoices'));
    const id = list.items[0]?.id ?? '';
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['buyer_json', 'lines_json'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const buyer = JSON.parse(invoice.buyer_json) as InvoiceDetail['buyer'];
    const lines = JSON.parse(invoice.lines_json) as InvoiceDetail['lines'];
    await t.db
      .updateTable('invoices')
      .set({
        buyer_json: JSON.stringify({
          ...buyer,
          name: 'Zürich Łódź 東京 GmbH',
          lines: ['Ul. Piotrkowska 1', 'Łódź 90-001', 'Polska'],
        }),
        lines_json: JSON.stringify(lines.map((line) => ({ ...line, description: LONG }))),
      })
      .where('id', '=', id)
      .execute();

    const detail = message<InvoiceDetail>(
      await acme.get('/rpc-api/reseller/ecom/invoiceDetails', { invoiceID: id }),
    );
    expect(detail.paymentMethod).toBe('Visa ending in 4242');

    const response = await acme.get('/rpc-api/reseller/ecom/invoicePdf', { invoiceID: id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await pdfText(response.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain(LONG);
    expect(text).toContain('18 of 30 days');
    expect(text).toContain('Zürich Łódź 東京 GmbH');
    expect(text).toContain('Łódź 90-001');
    expect(text).toContain('Payment method: Visa ending in 4242');
    expect(text).toContain(`Invoice ${detail.number}`);
    expect(text).toContain('Sales Tax (CA) 7.25% $10.87');
    expect(text).not.toContain('rate 7.25%');
    expect(text).toContain('Total $160.86');
    expect(text).not.toContain('?');
  });
});

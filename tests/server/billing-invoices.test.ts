import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceList, Transaction } from '../../src/domain/api/billing';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let acme: Agent;
let eu: Agent;
beforeAll(async () => {
  t = await createTestApp();
  acme = new Agent(t.app);
  expect((await acme.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
  eu = new Agent(t.app, '127.0.0.2');
  expect((await eu.signIn('reseller', 'eu@example.com')).statusCode).toBe(200);
});
afterAll(() => t.close());

/** The success payload, typed by the caller. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the payload type
const message = <T>(response: LightMyRequestResponse): T => response.json<{ message: T }>().message;

describe('Invoices', () => {
  it('lists 18 months of the demo reseller’s invoices, newest first, paged', async () => {
    const response = await acme.get('/rpc-api/reseller/ecom/invoices', { pageSize: '10' });
    expect(response.statusCode).toBe(200);
    const list = message<InvoiceList>(response);
    expect(list.total).toBe(18);
    expect(list.items).toHaveLength(10);
    const dates = list.items.map((item) => item.issuedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list.items.some((item) => item.status === 'PAID')).toBe(true);
    const page2 = message<InvoiceList>(
      await acme.get('/rpc-api/reseller/ecom/invoices', { pageSize: '10', page: '2' }),
    );
    expect(page2.items).toHaveLength(8);
    const all = message<InvoiceList>(
      await acme.get('/rpc-api/reseller/ecom/invoices', { pageSize: '100' }),
    );
    expect(all.items.filter((item) => item.status === 'REFUNDED')).toHaveLength(1);
  });

  it('shows an invoice with seller, buyer, lines, the tax line and totals', async () => {
    const list = message<InvoiceList>(await acme.get('/rpc-api/reseller/ecom/invoices'));
    const id = list.items[0]?.id ?? '';
    const response = await acme.get('/rpc-api/reseller/ecom/invoiceDetails', { invoiceID: id });
    expect(response.statusCode).toBe(200);
    const invoice = message<InvoiceDetail>(response);
    expect(invoice.buyer.name).toBe('Acme Remote Services');
    expect(invoice.seller.name).toBe('RemotePC Ltd.');
    expect(invoice.lines[0]?.amountMinor).toBe(14_999);
    // California nexus: 7.25 % of 149.99 = 10.87.
    expect(invoice.taxLines).toEqual([
      { label: 'Sales Tax (CA) 7.25%', rateBp: 725, amountMinor: 1_087 },
    ]);
    expect(invoice.totalMinor).toBe(16_086);
  });

  it('downloads the invoice as a one-page PDF', async () => {
    const list = message<InvoiceList>(await acme.get('/rpc-api/reseller/ecom/invoices'));
    const first = list.items[0];
    const response = await acme.get('/rpc-api/reseller/ecom/invoicePdf', {
      invoiceID: first?.id ?? '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`${first?.number ?? ''}.pdf`);
    // Its text is read back in invoice-pdf.test.ts.
    const text = response.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/Count 1');
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(
      (await eu.get('/rpc-api/reseller/ecom/invoicePdf', { invoiceID: first?.id ?? '' }))
        .statusCode,
    ).toBe(404);
  });

  it('another reseller’s invoice is not found', async () => {
    const list = message<InvoiceList>(await acme.get('/rpc-api/reseller/ecom/invoices'));
    const id = list.items[0]?.id ?? '';
    const response = await eu.get('/rpc-api/reseller/ecom/invoiceDetails', { invoiceID: id });
    expect(response.statusCode).toBe(404);
    const euList = message<InvoiceList>(await eu.get('/rpc-api/reseller/ecom/invoices'));
    expect(euList.items.map((item) => item.id)).not.toContain(id);
    expect(
      (await eu.get('/rpc-api/reseller/ecom/invoiceDetails', { invoiceID: 'nope' })).statusCode,
    ).toBe(404);
  });

  it('a sub-user may not see billing', async () => {
    const sub = new Agent(t.app, '127.0.0.3');
    await sub.signIn('reseller', 'subuser@example.com');
    const response = await sub.get('/rpc-api/reseller/ecom/invoices');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)?.message).toBe('You do not have permission to perform this action');
  });

  it('needs a session', async () => {
    const anonymous = new Agent(t.app, '127.0.0.4');
    expect((await anonymous.get('/rpc-api/reseller/ecom/invoices')).statusCode).toBe(401);
  });
});

describe('Transactions', () => {
  it('has every charge, the refund and the failed attempt', async () => {
    const response = await acme.get('/rpc-api/reseller/ecom/transactions');
    const items = message<{ items: Transaction[] }>(response).items;
    expect(items.filter((item) => item.kind === 'charge')).toHaveLength(18);
    expect(items.filter((item) => item.kind === 'refund')).toHaveLength(1);
    const failed = items.filter((item) => item.kind === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.failureReason).toBe(
      'There was an error in completing the payment. Check your credit card information and try again.',
    );
    expect(items[0]?.rateBp).toBe(725);
  });

  it('filters by date range (inclusive days)', async () => {
    const all = message<{ items: Transaction[] }>(
      await acme.get('/rpc-api/reseller/ecom/transactions'),
    ).items;
    const newest = all[0]?.createdAt.slice(0, 10) ?? '';
    const filtered = message<{ items: Transaction[] }>(
      await acme.get('/rpc-api/reseller/ecom/transactions', { from: newest, to: newest }),
    ).items;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((item) => item.createdAt.startsWith(newest))).toBe(true);
    const bad = await acme.get('/rpc-api/reseller/ecom/transactions', { from: '01-02-2025' });
    expect(bad.statusCode).toBe(400);
  });

  it('exports CSV with a header and one line per transaction', async () => {
    const response = await acme.get('/rpc-api/reseller/ecom/transactions/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date (UTC),Type,Description,Invoice,Card,Amount,Tax,Tax rate,Currency,Failure reason',
    );
    expect(lines).toHaveLength(1 + 20);
    // Timestamps carry their zone; cards read as on every screen.
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z,/);
    }
    expect(lines.some((line) => line.includes(',Visa ending in 4242,'))).toBe(true);
    expect(lines.some((line) => line.includes(',7.25%,'))).toBe(true);
    expect(lines.some((line) => line.includes(',refund,') && line.includes(',-160.86,'))).toBe(
      true,
    );
  });
});

import { toCsv } from '../../../src/domain/csv';
import { formatCardSummary, formatCsvTimestamp, formatRateBp } from '../../../src/domain/formats';
import type { Database, Executor } from '../../db/database';
import { compileByShape, compileOnce } from '../../db/compile-once';
import { listTotal, matchesColumn } from '../../db/list-total';
import type {
  InvoiceDetail,
  InvoiceLine,
  InvoiceList,
  Transaction,
} from '../../../src/domain/api/billing';
import { errorCodes } from '../../../src/domain/api/envelope';
import { AppError } from '../../app-error';
import { SELLER_VAT_COUNTRY } from '../tax/rates';

const notFound = () => new AppError(errorCodes.NOT_FOUND, 'The requested resource was not found.');

export function sellerOf(productName: string) {
  return {
    name: `${productName} Ltd.`,
    lines: ['2 Grand Canal Square', 'Dublin 2, D02 A342', 'Ireland', 'billing@example.com'],
    taxId: `VAT ID ${SELLER_VAT_COUNTRY}9825613N`,
  };
}

const sortColumns = {
  issuedAt: 'issued_at',
  totalMinor: 'total_minor',
  number: 'number',
} as const;

/** How many invoices the account has: counted on its own, or carried by a page (list-total.ts). */
function countQuery(db: Executor, accountId: string) {
  return db
    .selectFrom('invoices')
    .where('account_id', '=', accountId)
    .select((eb) => eb.fn.countAll<string | number>().as('n'));
}

/** An account's invoices, one page: compiled once per sort and order (compile-once.ts). */
const invoicePage = compileByShape(
  (
    db,
    shape: { sort: keyof typeof sortColumns; order: 'asc' | 'desc' },
    values: { accountId: string; limit: number; offset: number },
  ) =>
    db
      .selectFrom('invoices')
      .where('account_id', '=', values.accountId)
      // Only the columns the list shows; the total with the page on PostgreSQL, on its own on
      // SQLite (see list-total.ts).
      .select([
        matchesColumn(db, countQuery(db, values.accountId)).as('matches'),
        'id',
        'number',
        'kind',
        'status',
        'issued_at',
        'period_start',
        'period_end',
        'total_minor',
        'currency',
      ])
      .orderBy(sortColumns[shape.sort], shape.order)
      // Sorted by date, ties follow the order too: the (account, date, id) index then gives the
      // page in order both ways (2026-11-27-0100).
      .orderBy('id', shape.sort === 'issuedAt' ? shape.order : 'asc')
      .limit(values.limit)
      .offset(values.offset),
);

const invoiceCount = compileOnce(countQuery);

export async function listInvoices(
  db: Database,
  accountId: string,
  query: { page: number; pageSize: number; sort: keyof typeof sortColumns; order: 'asc' | 'desc' },
): Promise<InvoiceList> {
  const rows = await invoicePage(
    db,
    { sort: query.sort, order: query.order },
    { accountId, limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const total = await listTotal(rows, async () => (await invoiceCount(db, accountId))[0]?.n);
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      status: row.status,
      issuedAt: row.issued_at,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      totalMinor: row.total_minor,
      currency: row.currency,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function invoiceDetail(
  db: Database,
  accountId: string,
  invoiceId: string,
  productName: string,
): Promise<InvoiceDetail> {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const notes: string[] = [];
  if (row.is_reverse_charge === 1) {
    notes.push(
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC).',
    );
  }
  if (row.status === 'DUE') notes.push('Payment is due by the date shown.');
  if (row.status === 'REFUNDED') notes.push('This invoice has been refunded to the card used.');
  return {
    paymentMethod: await paymentMethodOf(db, accountId, row.id, row.status),
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    issuedAt: row.issued_at,
    dueAt: row.due_at,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    totalMinor: row.total_minor,
    currency: row.currency,
    seller: sellerOf(productName),
    buyer: JSON.parse(row.buyer_json) as InvoiceDetail['buyer'],
    lines: JSON.parse(row.lines_json) as InvoiceLine[],
    subtotalMinor: row.subtotal_minor,
    taxLines: row.tax_label
      ? [{ label: row.tax_label, rateBp: row.tax_rate_bp, amountMinor: row.tax_minor }]
      : [],
    taxMinor: row.tax_minor,
    isReverseCharge: row.is_reverse_charge === 1,
    notes,
  };
}

/**
 * "Visa ending in 4242": the card the invoice was charged to, or for one still due the card on
 * file that will be charged; "" when neither is known.
 */
async function paymentMethodOf(
  db: Database,
  accountId: string,
  invoiceId: string,
  status: string,
): Promise<string> {
  const charged = await db
    .selectFrom('transactions')
    .select(['card_brand', 'card_last4'])
    .where('account_id', '=', accountId)
    .where('invoice_id', '=', invoiceId)
    .where('card_last4', '!=', '')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (charged) return formatCardSummary(charged.card_brand, charged.card_last4);
  if (status !== 'DUE') return '';
  const onFile = await db
    .selectFrom('billing_accounts')
    .select(['card_brand', 'card_last4'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return onFile ? formatCardSummary(onFile.card_brand, onFile.card_last4) : '';
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const dayEnd = (day: string) => `${day}T23:59:59.999Z`;

export async function listTransactions(
  db: Database,
  accountId: string,
  range: { from: string; to: string },
): Promise<Transaction[]> {
  let query = db
    .selectFrom('transactions as t')
    .leftJoin('invoices as i', 'i.id', 't.invoice_id')
    .select([
      't.id',
      't.created_at',
      't.kind',
      't.description',
      't.amount_minor',
      't.tax_minor',
      't.tax_rate_bp',
      't.currency',
      't.card_brand',
      't.card_last4',
      't.invoice_id',
      't.failure_reason',
      'i.number as invoice_number',
    ])
    .where('t.account_id', '=', accountId);
  if (range.from) query = query.where('t.created_at', '>=', dayStart(range.from));
  if (range.to) query = query.where('t.created_at', '<=', dayEnd(range.to));
  const rows = await query.orderBy('t.created_at', 'desc').orderBy('t.id').limit(2000).execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    kind: row.kind as Transaction['kind'],
    description: row.description,
    amountMinor: row.amount_minor,
    taxMinor: row.tax_minor,
    rateBp: row.tax_rate_bp,
    currency: row.currency,
    card: formatCardSummary(row.card_brand, row.card_last4),
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number ?? '',
    failureReason: row.failure_reason,
  }));
}

const decimal = (minor: number) => (minor / 100).toFixed(2);

export function transactionsCsv(rows: Transaction[]): string {
  const header = [
    'Date (UTC)',
    'Type',
    'Description',
    'Invoice',
    'Card',
    'Amount',
    'Tax',
    'Tax rate',
    'Currency',
    'Failure reason',
  ];
  const lines = rows.map((row) => [
    formatCsvTimestamp(row.createdAt, { isUtc: true }),
    row.kind,
    row.description,
    row.invoiceNumber,
    row.card,
    decimal(row.kind === 'refund' ? -row.amountMinor : row.amountMinor),
    decimal(row.kind === 'refund' ? -row.taxMinor : row.taxMinor),
    formatRateBp(row.rateBp),
    row.currency,
    row.failureReason,
  ]);
  return `${toCsv([header, ...lines])}\r\n`;
}

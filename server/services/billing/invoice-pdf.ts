import type { InvoiceDetail } from '../../../src/domain/api/billing';
import { formatMoney, formatDisplayDay, formatTaxLine } from '../../../src/domain/formats';
import { fontFor, invoiceFonts } from './pdf-fonts';

/**
 * A one-page A4 PDF of an invoice that says what the console's print view says
 * (src/features/billing/routes/invoice-detail-page.tsx), made with pdfkit. The fonts are embedded
 * (subset) Noto Sans, with Noto Sans JP for what Noto Sans lacks, so any company or address prints
 * as written; long descriptions wrap instead of being cut.
 */
const LEFT = 50;
const RIGHT = 545;
const columns = { qty: 380, unit: 460, amount: RIGHT, descriptionWidth: 270 } as const;

type Doc = PDFKit.PDFDocument;

interface Write {
  x: number;
  y?: number;
  size: number;
  isBold?: boolean;
  width?: number;
  align?: 'left' | 'right';
}

/** Writes text in runs, each in the first font that has its characters; wraps within `width`. */
function write(doc: Doc, text: string, at: Write): number {
  const runs = fontFor(text, at.isBold === true);
  doc.fontSize(at.size);
  const width = at.width ?? RIGHT - at.x;
  runs.forEach((run, index) => {
    doc.font(run.font);
    const options = {
      width,
      align: at.align ?? 'left',
      continued: index < runs.length - 1,
      lineGap: 1,
    };
    if (index === 0) doc.text(run.text, at.x, at.y ?? doc.y, options);
    else doc.text(run.text, options);
  });
  return doc.y;
}

/** Right-aligned in a column ending at `right`. */
const right = (doc: Doc, text: string, rightEdge: number, y: number, size = 10, isBold = false) =>
  write(doc, text, { x: rightEdge - 150, y, size, isBold, width: 150, align: 'right' });

function header(doc: Doc, invoice: InvoiceDetail) {
  const day = (iso: string) => formatDisplayDay(iso, { isUtc: true });
  write(doc, `Invoice ${invoice.number}`, { x: LEFT, y: 50, size: 18, isBold: true, width: 380 });
  right(doc, invoice.status, RIGHT, 54, 12, true);
  let y = write(doc, `Issued ${day(invoice.issuedAt)}`, { x: LEFT, y: 78, size: 10 });
  y = write(doc, `Period ${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`, {
    x: LEFT,
    y,
    size: 10,
  });
  if (invoice.status === 'DUE')
    y = write(doc, `Due ${day(invoice.dueAt)}`, { x: LEFT, y, size: 10 });
  if (invoice.paymentMethod) {
    y = write(doc, `Payment method: ${invoice.paymentMethod}`, { x: LEFT, y, size: 10 });
  }
  return y + 20;
}

function parties(doc: Doc, invoice: InvoiceDetail, top: number) {
  let bottom = top;
  for (const [x, title, party] of [
    [LEFT, 'From', invoice.seller],
    [310, 'Bill to', invoice.buyer],
  ] as const) {
    let y = write(doc, title.toUpperCase(), { x, y: top, size: 9, isBold: true, width: 235 });
    y = write(doc, party.name, { x, y, size: 11, isBold: true, width: 235 });
    for (const line of [...party.lines, party.taxId].filter(Boolean)) {
      y = write(doc, line, { x, y, size: 10, width: 235 });
    }
    bottom = Math.max(bottom, y);
  }
  return bottom + 24;
}

function rule(doc: Doc, y: number) {
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor('#999999').stroke();
}

function lines(doc: Doc, invoice: InvoiceDetail, top: number) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  write(doc, 'Description', { x: LEFT, y: top, size: 10, isBold: true, width: 260 });
  right(doc, 'Qty', columns.qty, top, 10, true);
  right(doc, 'Unit price', columns.unit, top, 10, true);
  let y = right(doc, 'Amount', columns.amount, top, 10, true) + 4;
  rule(doc, y);
  for (const line of invoice.lines) {
    const rowTop = y + 6;
    const below = write(doc, line.description, {
      x: LEFT,
      y: rowTop,
      size: 10,
      width: columns.descriptionWidth,
    });
    right(doc, String(line.quantity), columns.qty, rowTop);
    right(doc, money(line.unitMinor), columns.unit, rowTop);
    y = Math.max(below, right(doc, money(line.amountMinor), columns.amount, rowTop));
  }
  rule(doc, y + 4);
  y += 10;
  const total = (label: string, amount: string, isBold = false) => {
    write(doc, label, { x: 200, y, size: 10, isBold, width: 260, align: 'right' });
    y = right(doc, amount, columns.amount, y, 10, isBold) + 2;
  };
  total('Subtotal', money(invoice.subtotalMinor));
  for (const line of invoice.taxLines) {
    total(formatTaxLine(line.label, line.rateBp), money(line.amountMinor));
  }
  total('Total', money(invoice.totalMinor), true);
  return y + 20;
}

export async function renderInvoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  // Loaded on the first PDF asked for, not at start-up (every server test file builds an app).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `Invoice ${invoice.number}`, Author: invoice.seller.name },
  });
  invoiceFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = header(doc, invoice);
  y = parties(doc, invoice, y);
  y = lines(doc, invoice, y);
  for (const note of invoice.notes) y = write(doc, note, { x: LEFT, y, size: 9 }) + 2;
  doc.end();
  return done;
}

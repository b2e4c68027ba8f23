import { formatMoney, formatRateBp, type InvoiceDetail } from '../../../src/domain/api/billing';

/**
 * A one-page A4 PDF of an invoice, written by hand (PDF 1.4, the standard Helvetica fonts, no
 * package needed). Text is WinAnsi: characters outside Latin-1 are replaced.
 */
interface TextItem {
  x: number;
  y: number;
  size: number;
  isBold?: boolean;
  text: string;
}

const toLatin1 = (text: string) =>
  text
    .replaceAll('–', '-')
    .replaceAll('—', '-')
    .replaceAll('•', '*')
    .replaceAll('’', "'")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const escapePdf = (text: string) =>
  toLatin1(text).replaceAll('\\', '\\\\').replaceAll('(', '\\(').replaceAll(')', '\\)');

const day = (iso: string) => iso.slice(0, 10);

/** Helvetica is about half an em wide per character on average: enough to right-align numbers. */
const approxWidth = (text: string, size: number) => text.length * size * 0.52;

export function renderInvoicePdf(invoice: InvoiceDetail): Buffer {
  const items: TextItem[] = [];
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const right = (x: number, y: number, size: number, text: string, isBold = false) =>
    items.push({ x: x - approxWidth(text, size), y, size, text, isBold });
  let y = 800;
  items.push({ x: 50, y, size: 18, isBold: true, text: `Invoice ${invoice.number}` });
  right(545, y, 12, invoice.status, true);
  y -= 20;
  items.push({ x: 50, y, size: 10, text: `Issued ${day(invoice.issuedAt)}` });
  y -= 14;
  items.push({
    x: 50,
    y,
    size: 10,
    text: `Period ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`,
  });
  if (invoice.status === 'DUE') {
    y -= 14;
    items.push({ x: 50, y, size: 10, text: `Due ${day(invoice.dueAt)}` });
  }
  y -= 32;
  const partyTop = y;
  for (const [x, title, party] of [
    [50, 'From', invoice.seller],
    [310, 'Bill to', invoice.buyer],
  ] as const) {
    let py = partyTop;
    items.push({ x, y: py, size: 9, isBold: true, text: title.toUpperCase() });
    py -= 14;
    items.push({ x, y: py, size: 11, isBold: true, text: party.name });
    for (const line of [...party.lines, party.taxId].filter(Boolean)) {
      py -= 13;
      items.push({ x, y: py, size: 10, text: line });
    }
    y = Math.min(y, py);
  }
  y -= 36;
  items.push({ x: 50, y, size: 10, isBold: true, text: 'Description' });
  right(380, y, 10, 'Qty', true);
  right(460, y, 10, 'Unit price', true);
  right(545, y, 10, 'Amount', true);
  y -= 6;
  const rules: number[] = [y];
  for (const line of invoice.lines) {
    y -= 16;
    items.push({ x: 50, y, size: 10, text: line.description.slice(0, 60) });
    right(380, y, 10, String(line.quantity));
    right(460, y, 10, money(line.unitMinor));
    right(545, y, 10, money(line.amountMinor));
  }
  y -= 8;
  rules.push(y);
  const total = (label: string, amount: string, isBold = false) => {
    y -= 16;
    right(460, y, 10, label, isBold);
    right(545, y, 10, amount, isBold);
  };
  total('Subtotal', money(invoice.subtotalMinor));
  for (const line of invoice.taxLines) {
    total(`${line.label} (rate ${formatRateBp(line.rateBp)})`, money(line.amountMinor));
  }
  total('Total', money(invoice.totalMinor), true);
  y -= 28;
  for (const note of invoice.notes) {
    items.push({ x: 50, y, size: 9, text: note });
    y -= 13;
  }

  const content = [
    ...rules.map((ry) => `0.6 G 50 ${String(ry)} m 545 ${String(ry)} l S`),
    ...items.map(
      (item) =>
        `BT /${item.isBold ? 'F2' : 'F1'} ${String(item.size)} Tf ${item.x.toFixed(1)} ${String(item.y)} Td (${escapePdf(item.text)}) Tj ET`,
    ),
  ].join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${String(Buffer.byteLength(content, 'latin1'))} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${String(index + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

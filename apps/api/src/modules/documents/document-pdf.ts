import { formatMoney, formatPercent } from '@cartwheel/shared/money';
import { orderTotalRows } from '@cartwheel/shared/order-totals';
import type { I18n } from '@lingui/core';
import { documentI18n, printable } from './document-labels.ts';
import type { CreditNoteSnapshot, DocumentParty, InvoiceSnapshot } from './document-snapshot.ts';

type Pdf = PDFKit.PDFDocument;

/** What a packing slip says: read from the order when printed (it carries no amounts to keep). */
export interface PackingSlip {
  language: string;
  order_number: number;
  order_date: string;
  seller: DocumentParty;
  /** The address lines the parcel goes to (the buyer's name alone when the order has no address). */
  ship_to: string[];
  shipping_method: string | null;
  lines: Array<{ name: string; variant: string | null; sku: string; quantity: number }>;
}

/** One page (or more) of a PDF: a packing slip, an invoice or a credit note. */
export type DocumentPage =
  | { kind: 'packing_slip'; slip: PackingSlip }
  | { kind: 'invoice'; number: string; issuedAt: Date; invoice: InvoiceSnapshot }
  | { kind: 'credit_note'; number: string; issuedAt: Date; note: CreditNoteSnapshot };

const LEFT = 50;
const RIGHT = 545;
const BOTTOM = 770;

/**
 * Draws the pages into one PDF, each document starting on a page of its own. Text is left
 * uncompressed: a PDF of a few pages stays small, and tests and search tools can read it.
 */
export async function renderDocuments(title: string, pages: DocumentPage[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    compress: false,
    autoFirstPage: false,
    info: { Title: printable(title), Creator: 'Cartwheel' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const page of pages) {
    doc.addPage();
    if (page.kind === 'packing_slip') drawPackingSlip(doc, page.slip);
    else if (page.kind === 'invoice') drawInvoice(doc, page.number, page.issuedAt, page.invoice);
    else drawCreditNote(doc, page.number, page.issuedAt, page.note);
  }
  doc.end();
  return done;
}

const say = (doc: Pdf, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
  doc.text(printable(text), x, y, { lineBreak: true, ...options });

const dateOf = (i18n: I18n, iso: string | Date) => i18n.date(new Date(iso), { dateStyle: 'long' });

/** The seller's block (top left) and the document's title, number and dates (top right). */
function drawHeader(doc: Pdf, seller: DocumentParty, title: string, facts: string[], i18n: I18n): number {
  doc.font('Helvetica-Bold').fontSize(14);
  say(doc, seller.name, LEFT, 50, { width: 260 });
  doc.font('Helvetica').fontSize(9);
  for (const line of seller.address) say(doc, line, LEFT, doc.y, { width: 260 });
  if (seller.tax_number) say(doc, i18n._('document.taxNumber', { number: seller.tax_number }), LEFT, doc.y);
  const leftEnd = doc.y;
  doc.font('Helvetica-Bold').fontSize(20);
  say(doc, title, 320, 50, { width: RIGHT - 320, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  for (const fact of facts) say(doc, fact, 320, doc.y, { width: RIGHT - 320, align: 'right' });
  return Math.max(leftEnd, doc.y) + 24;
}

/** Two address blocks side by side ("Bill to", "Ship to"); answers the y below them. */
function drawParties(doc: Pdf, y: number, blocks: Array<{ label: string; lines: string[] }>): number {
  let bottom = y;
  blocks.forEach((block, index) => {
    const x = LEFT + index * 250;
    doc.font('Helvetica-Bold').fontSize(9);
    say(doc, block.label, x, y, { width: 240 });
    doc.font('Helvetica').fontSize(10);
    for (const line of block.lines) say(doc, line, x, doc.y, { width: 240 });
    bottom = Math.max(bottom, doc.y);
  });
  return bottom + 20;
}

interface Column {
  label: string;
  x: number;
  width: number;
  align?: 'left' | 'right';
}

/** A table with a header row, each row as tall as its tallest cell, continued on new pages. */
function drawTable(doc: Pdf, y: number, columns: Column[], rows: string[][]): number {
  const header = (top: number) => {
    doc.font('Helvetica-Bold').fontSize(9);
    for (const c of columns) say(doc, c.label, c.x, top, { width: c.width, align: c.align ?? 'left' });
    doc
      .moveTo(LEFT, top + 14)
      .lineTo(RIGHT, top + 14)
      .lineWidth(0.5)
      .stroke();
    return top + 20;
  };
  let top = header(y);
  doc.font('Helvetica').fontSize(10);
  for (const row of rows) {
    const height = Math.max(
      ...row.map((cell, i) => doc.heightOfString(printable(cell), { width: columns[i]!.width })),
    );
    if (top + height > BOTTOM) {
      doc.addPage();
      top = header(50);
      doc.font('Helvetica').fontSize(10);
    }
    row.forEach((cell, i) => {
      const c = columns[i]!;
      say(doc, cell, c.x, top, { width: c.width, align: c.align ?? 'left' });
    });
    top += height + 6;
  }
  doc
    .moveTo(LEFT, top - 2)
    .lineTo(RIGHT, top - 2)
    .lineWidth(0.5)
    .stroke();
  return top + 8;
}

/** Label and amount rows, right-aligned under a table. */
function drawTotals(doc: Pdf, y: number, rows: Array<{ label: string; amount: string; bold?: boolean }>) {
  let top = y;
  for (const row of rows) {
    if (top > BOTTOM) {
      doc.addPage();
      top = 50;
    }
    doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    say(doc, row.label, 300, top, { width: 150, align: 'right' });
    say(doc, row.amount, 455, top, { width: RIGHT - 455, align: 'right' });
    top = doc.y + 4;
  }
  return top + 8;
}

const lineName = (line: { name: string; variant: string | null; sku: string }) =>
  `${line.name}${line.variant ? ` (${line.variant})` : ''}\nSKU ${line.sku}`;

function drawPackingSlip(doc: Pdf, slip: PackingSlip) {
  const i18n = documentI18n(slip.language);
  let y = drawHeader(
    doc,
    slip.seller,
    i18n._('document.packingSlip.title'),
    [
      i18n._('document.orderNumber', { order_number: slip.order_number }),
      i18n._('document.orderDate', { date: dateOf(i18n, slip.order_date) }),
    ],
    i18n,
  );
  y = drawParties(doc, y, [{ label: i18n._('document.shipTo'), lines: slip.ship_to }]);
  if (slip.shipping_method) {
    doc.font('Helvetica').fontSize(10);
    say(doc, i18n._('document.shippingMethod', { method: slip.shipping_method }), LEFT, y);
    y = doc.y + 12;
  }
  drawTable(
    doc,
    y,
    [
      { label: i18n._('document.column.item'), x: LEFT, width: 400 },
      { label: i18n._('document.column.quantity'), x: 455, width: RIGHT - 455, align: 'right' },
    ],
    slip.lines.map((line) => [lineName(line), String(line.quantity)]),
  );
}

function drawInvoice(doc: Pdf, number: string, issuedAt: Date, invoice: InvoiceSnapshot) {
  const i18n = documentI18n(invoice.language);
  const money = (amount: number) => formatMoney(amount, invoice.currency, i18n.locale);
  let y = drawHeader(
    doc,
    invoice.seller,
    i18n._('document.invoice.title'),
    [
      i18n._('document.invoice.number', { number }),
      i18n._('document.issuedOn', { date: dateOf(i18n, issuedAt) }),
      i18n._('document.orderNumber', { order_number: invoice.order_number }),
      i18n._('document.orderDate', { date: dateOf(i18n, invoice.order_date) }),
    ],
    i18n,
  );
  y = drawParties(doc, y, [
    {
      label: i18n._('document.billTo'),
      lines: [invoice.buyer.name, ...invoice.buyer.address.slice(1), invoice.buyer.email ?? ''].filter(
        Boolean,
      ),
    },
  ]);
  y = drawTable(
    doc,
    y,
    [
      { label: i18n._('document.column.item'), x: LEFT, width: 215 },
      { label: i18n._('document.column.quantity'), x: 270, width: 35, align: 'right' },
      { label: i18n._('document.column.unitPrice'), x: 310, width: 75, align: 'right' },
      { label: i18n._('document.column.tax'), x: 390, width: 70, align: 'right' },
      { label: i18n._('document.column.total'), x: 465, width: RIGHT - 465, align: 'right' },
    ],
    invoice.lines.map((line) => [
      line.discount
        ? `${lineName(line)}\n${i18n._('document.lineDiscount', { amount: money(line.discount) })}`
        : lineName(line),
      String(line.quantity),
      money(line.unit_price),
      money(line.tax),
      money(line.total),
    ]),
  );
  const { rows, included } = orderTotalRows({
    subtotal_amount: invoice.subtotal,
    shipping_amount: invoice.shipping,
    shipping_method: invoice.shipping_method,
    tax_amount: invoice.tax,
    total_amount: invoice.total,
    discounts: invoice.discounts,
    tax_lines: invoice.tax_lines,
  });
  // The rows' words in the document's language; a discount's title and a tax's name are the shop's own.
  let discounts = 0;
  const label = (kind: string, text: string) => {
    if (kind === 'subtotal') return i18n._('email.total.subtotal');
    if (kind === 'total') return i18n._('email.total.total');
    if (kind === 'shipping')
      return invoice.shipping_method
        ? i18n._('email.total.shippingMethod', { method: invoice.shipping_method })
        : i18n._('email.total.shipping');
    if (kind === 'discount') {
      const code = invoice.discounts[discounts++]?.code;
      return code ? i18n._('document.discountCode', { code }) : text;
    }
    if (kind === 'tax' && invoice.tax_lines.length === 0) return i18n._('document.column.tax');
    return text;
  };
  y = drawTotals(doc, y, [
    ...rows.map((row) => ({
      label: label(row.kind, row.label),
      amount: row.kind === 'discount' ? `-${money(row.amount)}` : money(row.amount),
      bold: row.kind === 'total',
    })),
    ...included.map((tax) => ({
      label: i18n._('document.includedTax', { name: tax.name, rate: formatPercent(tax.rate_bps) }),
      amount: money(tax.amount),
    })),
  ]);
  doc.font('Helvetica').fontSize(9);
  say(doc, i18n._('document.invoice.paid'), LEFT, y, { width: RIGHT - LEFT });
}

function drawCreditNote(doc: Pdf, number: string, issuedAt: Date, note: CreditNoteSnapshot) {
  const i18n = documentI18n(note.language);
  const money = (amount: number) => formatMoney(amount, note.currency, i18n.locale);
  let y = drawHeader(
    doc,
    note.seller,
    i18n._('document.creditNote.title'),
    [
      i18n._('document.creditNote.number', { number }),
      i18n._('document.issuedOn', { date: dateOf(i18n, issuedAt) }),
      i18n._('document.creditNote.forInvoice', {
        number: note.invoice_number,
        date: dateOf(i18n, note.invoice_date),
      }),
      i18n._('document.orderNumber', { order_number: note.order_number }),
    ],
    i18n,
  );
  y = drawParties(doc, y, [
    {
      label: i18n._('document.billTo'),
      lines: [note.buyer.name, ...note.buyer.address.slice(1), note.buyer.email ?? ''].filter(Boolean),
    },
  ]);
  doc.font('Helvetica').fontSize(10);
  say(doc, i18n._('document.creditNote.reason', { reason: note.reason }), LEFT, y, { width: RIGHT - LEFT });
  y = doc.y + 12;
  if (note.lines.length) {
    y = drawTable(
      doc,
      y,
      [
        { label: i18n._('document.column.item'), x: LEFT, width: 330 },
        { label: i18n._('document.column.quantity'), x: 385, width: 50, align: 'right' },
        { label: i18n._('document.column.total'), x: 440, width: RIGHT - 440, align: 'right' },
      ],
      note.lines.map((line) => [lineName(line), String(line.quantity), money(line.total)]),
    );
  }
  drawTotals(doc, y, [
    ...(note.shipping ? [{ label: i18n._('email.total.shipping'), amount: money(note.shipping) }] : []),
    {
      label: note.tax_inclusive ? i18n._('document.creditNote.taxIncluded') : i18n._('document.column.tax'),
      amount: money(note.tax),
    },
    { label: i18n._('document.creditNote.total'), amount: money(note.total), bold: true },
  ]);
}

import type { OrderDocuments } from '@cartwheel/shared/contracts/documents';
import type { ShippingAddress } from '@cartwheel/shared/contracts/orders';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { refunds } from '../orders/after-sale.schema.ts';
import { addEvent, lockOrder } from '../orders/order-steps.ts';
import { orderDiscounts, orderItems, orders, orderTaxLines } from '../orders/orders.schema.ts';
import { documentLanguage } from './document-labels.ts';
import { documentNumber, loadDocumentSettings, seriesOf } from './document-settings.ts';
import type { CreditNoteSnapshot, DocumentParty, InvoiceSnapshot } from './document-snapshot.ts';
import { creditNotes, documentCounters, invoices } from './documents.schema.ts';

type Order = typeof orders.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type CreditNote = typeof creditNotes.$inferSelect;

/** Payment states of an order that has been paid: only those get an invoice. */
const INVOICEABLE = new Set(['paid', 'partially_refunded', 'refunded']);

/**
 * The next number of a series, under the counter row's lock until the caller's transaction ends: a
 * concurrent issuer waits here, and a rollback gives the number back, so a series never has a gap
 * (a sequence would keep a number a rolled-back transaction took). Also answers the moment the lock
 * was held, the document's date, so numbers and dates rise together.
 */
async function takeNumber(tx: Tx, kind: 'invoice' | 'credit_note', series: string) {
  const [row] = await queryRows<{ last_value: number; at: string | Date }>(
    tx,
    sql`INSERT INTO ${documentCounters} (kind, series, last_value) VALUES (${kind}, ${series}, 1)
      ON CONFLICT (kind, series) DO UPDATE SET last_value = ${documentCounters}.last_value + 1
      RETURNING last_value, clock_timestamp() AS at`,
  );
  return { sequence: Number(row!.last_value), at: new Date(row!.at) };
}

/** The buyer as printed: the name and address the order shipped to, and its email. */
function buyerOf(order: Order, language: string): DocumentParty {
  const address = order.shippingAddress as ShippingAddress | null;
  const name =
    [order.customerFirstName, order.customerLastName].filter(Boolean).join(' ') ||
    (address ? `${address.first_name} ${address.last_name}` : '') ||
    (order.customerEmail ?? '');
  return { name, address: address ? addressLines(address, language) : [], email: order.customerEmail };
}

/** A postal address as lines, the country by its name in the document's language. */
export function addressLines(address: ShippingAddress, language: string): string[] {
  const country = address.country
    ? (new Intl.DisplayNames([language], { type: 'region' }).of(address.country) ?? address.country)
    : null;
  return [
    `${address.first_name} ${address.last_name}`.trim(),
    address.address_line_1,
    address.address_line_2 ?? '',
    [address.postal_code, address.city, address.state_province].filter(Boolean).join(' '),
    country ?? '',
  ].filter(Boolean);
}

/** What the invoice of `order` says, read from its stored lines and taxes. */
async function invoiceSnapshot(tx: Tx, order: Order, seller: DocumentParty): Promise<InvoiceSnapshot> {
  const language = documentLanguage(order.locale);
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
  const taxLines = await tx
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, order.id))
    .orderBy(asc(orderTaxLines.position));
  const discounts = await tx
    .select()
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, order.id))
    .orderBy(asc(orderDiscounts.position));
  return {
    language,
    order_number: order.orderNumber!,
    order_date: (order.paidAt ?? order.createdAt).toISOString(),
    seller,
    buyer: buyerOf(order, language),
    currency: order.currency,
    tax_inclusive: order.taxInclusive,
    lines: lines.map((line) => ({
      name: line.productName,
      variant: line.variantTitle,
      sku: line.productSku,
      quantity: line.quantity,
      unit_price: line.pricePerItem,
      discount: line.discountAmount,
      total: line.totalAmount,
      tax: line.taxAmount,
    })),
    subtotal: order.subtotalAmount,
    discount: order.discountAmount,
    shipping: order.shippingAmount,
    shipping_method: order.shippingMethod,
    tax: order.taxAmount,
    total: order.totalAmount,
    discounts: discounts.map((d) => ({
      code: d.code,
      title: d.title,
      amount: d.amount,
      shipping_amount: d.shippingAmount,
    })),
    tax_lines: taxLines.map((t) => ({
      name: t.name,
      rate_bps: Number(t.rateBps),
      amount: t.amount,
      inclusive: t.inclusive,
    })),
    payment_method: order.paymentMethod,
  };
}

/**
 * The order's invoice, issued on its first request (docs/decisions/0088-printed-documents.md): under
 * the order's row lock, so two requests issue one; numbered from its series' counter in this
 * transaction; with the credit notes of refunds made before it. A 409 while the order is unpaid.
 */
export async function issueInvoice(
  tx: Tx,
  orderId: string,
  seller: DocumentParty,
  actorId: string | null,
): Promise<Invoice> {
  const order = await lockOrder(tx, orderId);
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return existing;
  if (!INVOICEABLE.has(order.paymentStatus)) {
    throw new AppError(
      'conflict',
      'order_not_paid',
      `Order #${order.orderNumber} is not paid: an invoice is issued once it is`,
    );
  }
  const document = await invoiceSnapshot(tx, order, seller);
  const prefixes = await loadDocumentSettings(tx);
  const series = seriesOf(prefixes.invoice_prefix, new Date());
  const { sequence, at } = await takeNumber(tx, 'invoice', series);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId,
      series,
      sequence,
      number: documentNumber(series, sequence),
      issuedAt: at,
      currency: order.currency,
      totalAmount: order.totalAmount,
      taxAmount: order.taxAmount,
      taxInclusive: order.taxInclusive,
      document,
    })
    .returning();
  await addEvent(tx, orderId, actorId, 'invoice_issued', `Invoice ${invoice!.number} issued.`, {
    invoice_id: invoice!.id,
    number: invoice!.number,
  });
  await issueCreditNotes(tx, orderId, actorId);
  return invoice!;
}

/**
 * Credit notes for the order's succeeded refunds that have none, oldest first, when the order has an
 * invoice (they refer to it). Runs in the refund's transaction, under the order's row lock the caller
 * holds, and when an invoice is issued after refunds were made.
 */
export async function issueCreditNotes(
  tx: Tx,
  orderId: string,
  actorId: string | null,
): Promise<CreditNote[]> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) return [];
  const pending = await queryRows<{
    id: string;
    amount: number;
    shipping_amount: number;
    tax_amount: number;
    reason: string;
  }>(
    tx,
    sql`SELECT r.id, r.amount, r.shipping_amount, r.tax_amount, r.reason FROM ${refunds} r
      WHERE r.order_id = ${orderId} AND r.status = 'succeeded'
        AND NOT EXISTS (SELECT 1 FROM ${creditNotes} c WHERE c.refund_id = r.id)
      ORDER BY r.succeeded_at, r.id`,
  );
  if (!pending.length) return [];
  const prefixes = await loadDocumentSettings(tx);
  const issued: CreditNote[] = [];
  for (const refund of pending) {
    const document = await creditNoteSnapshot(tx, invoice, refund);
    const series = seriesOf(prefixes.credit_note_prefix, new Date());
    const { sequence, at } = await takeNumber(tx, 'credit_note', series);
    const [note] = await tx
      .insert(creditNotes)
      .values({
        invoiceId: invoice.id,
        refundId: refund.id,
        series,
        sequence,
        number: documentNumber(series, sequence),
        issuedAt: at,
        currency: invoice.currency,
        totalAmount: document.total,
        taxAmount: document.tax,
        document,
      })
      .returning();
    await addEvent(
      tx,
      orderId,
      actorId,
      'credit_note_issued',
      `Credit note ${note!.number} issued for invoice ${invoice.number}.`,
      { credit_note_id: note!.id, refund_id: refund.id, number: note!.number },
    );
    issued.push(note!);
  }
  return issued;
}

async function creditNoteSnapshot(
  tx: Tx,
  invoice: Invoice,
  refund: { id: string; amount: number; shipping_amount: number; tax_amount: number; reason: string },
): Promise<CreditNoteSnapshot> {
  const source = invoice.document;
  const lines = await queryRows<{
    product_name: string;
    variant_title: string | null;
    product_sku: string;
    quantity: number;
    amount: number;
  }>(
    tx,
    sql`SELECT i.product_name, i.variant_title, i.product_sku, rl.quantity, rl.amount
      FROM refund_lines rl JOIN ${orderItems} i ON i.id = rl.order_item_id
      WHERE rl.refund_id = ${refund.id} ORDER BY i.created_at, i.product_name, i.id`,
  );
  const total = Number(refund.amount);
  // Tax added on top is recorded with the refund; tax inside the prices goes back in the order's proportion.
  const tax = source.tax_inclusive
    ? source.total > 0
      ? Math.round((total * source.tax) / source.total)
      : 0
    : Number(refund.tax_amount);
  return {
    language: source.language,
    order_number: source.order_number,
    invoice_number: invoice.number,
    invoice_date: invoice.issuedAt.toISOString(),
    seller: source.seller,
    buyer: source.buyer,
    currency: invoice.currency,
    tax_inclusive: source.tax_inclusive,
    lines: lines.map((l) => ({
      name: l.product_name,
      variant: l.variant_title,
      sku: l.product_sku,
      quantity: Number(l.quantity),
      total: Number(l.amount),
    })),
    shipping: Number(refund.shipping_amount),
    tax,
    total,
    reason: refund.reason,
  };
}

/** The order's invoice and credit notes, for the order page; 404 when it is not an order. */
export async function listOrderDocuments(db: Db, orderId: string): Promise<OrderDocuments> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNotNull(orders.orderNumber)));
  if (!order) throw notFound('order_not_found', 'Order not found');
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) return { invoice: null, credit_notes: [] };
  const notes = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.id))
    .orderBy(asc(creditNotes.sequence));
  const issued = (d: Invoice | CreditNote) => ({
    id: d.id,
    number: d.number,
    issued_at: d.issuedAt.toISOString(),
    total_amount: d.totalAmount,
    currency: d.currency,
  });
  return {
    invoice: issued(invoice),
    credit_notes: notes.map((n) => ({ ...issued(n), refund_id: n.refundId })),
  };
}

/** One credit note of the order; 404 when it is another order's or does not exist. */
export async function getCreditNote(db: Db, orderId: string, creditNoteId: string): Promise<CreditNote> {
  const [row] = await db
    .select({ note: creditNotes })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(sql`${creditNotes.id} = ${creditNoteId} AND ${invoices.orderId} = ${orderId}`);
  if (!row) throw new AppError('not_found', 'credit_note_not_found', 'Credit note not found');
  return row.note;
}

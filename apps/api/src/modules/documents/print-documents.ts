import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { orderItems, orders } from '../orders/orders.schema.ts';
import { documentLanguage } from './document-labels.ts';
import { type PackingSlip, renderDocuments } from './document-pdf.ts';
import type { DocumentParty } from './document-snapshot.ts';
import { addressLines, issueInvoice } from './documents.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const orderNotFound = () => notFound('order_not_found', 'Order not found');

/** A PDF and the name to save it under. */
interface Printed {
  name: string;
  pdf: Buffer;
}

/** The orders' packing slips in one PDF, in the order asked; 404 when one is not an order. */
export async function packingSlipsPdf(db: Db, orderIds: string[], seller: DocumentParty): Promise<Printed> {
  const ids = [...new Set(orderIds)];
  const found = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), isNotNull(orders.orderNumber)));
  if (found.length !== ids.length) throw orderNotFound();
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
  const byId = new Map(found.map((order) => [order.id, order]));
  const pages = ids.map((id) => {
    const order = byId.get(id)!;
    const language = documentLanguage(order.locale);
    const slip: PackingSlip = {
      language,
      order_number: order.orderNumber!,
      order_date: order.createdAt.toISOString(),
      seller,
      ship_to: order.shippingAddress
        ? addressLines(order.shippingAddress, language)
        : [[order.customerFirstName, order.customerLastName].filter(Boolean).join(' ')],
      shipping_method: order.shippingMethod,
      // What is still to be sent: refunded units stay out of the parcel.
      lines: lines
        .filter((line) => line.orderId === id && line.quantity > line.refundedQuantity)
        .map((line) => ({
          name: line.productName,
          variant: line.variantTitle,
          sku: line.productSku,
          quantity: line.quantity - line.refundedQuantity,
        })),
    };
    return { kind: 'packing_slip' as const, slip };
  });
  const name =
    pages.length === 1
      ? `packing-slip-${pages[0]!.slip.order_number}`
      : `packing-slips-${pages.length}-orders`;
  return { name, pdf: await renderDocuments(name, pages) };
}

/**
 * The orders' invoices in one PDF, issuing those not issued yet in one transaction: every order is
 * paid or none is issued (409). The orders are locked first, in one order, so two printings of
 * overlapping selections wait for each other instead of deadlocking on the counter.
 */
export async function invoicesPdf(
  db: Db,
  orderIds: string[],
  seller: DocumentParty,
  actorId: string | null,
): Promise<Printed> {
  const ids = [...new Set(orderIds)];
  const issued = await db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, ids), isNotNull(orders.orderNumber)))
      .orderBy(asc(orders.id))
      .for('update');
    if (locked.length !== ids.length) throw orderNotFound();
    const invoices = [];
    for (const id of ids) invoices.push(await issueInvoice(tx, id, seller, actorId));
    return invoices;
  });
  const name = issued.length === 1 ? `invoice-${issued[0]!.number}` : `invoices-${issued.length}-orders`;
  const pdf = await renderDocuments(
    name,
    issued.map((invoice) => ({
      kind: 'invoice' as const,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      invoice: invoice.document,
    })),
  );
  return { name, pdf };
}

/** The invoice of one of the shopper's own orders; anyone else's order answers 404, as if it did not exist. */
export async function customerInvoicePdf(
  db: Db,
  customerId: string,
  orderId: string,
  seller: DocumentParty,
): Promise<Printed> {
  if (!UUID.test(orderId)) throw orderNotFound();
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), isNotNull(orders.orderNumber)));
  if (!own) throw orderNotFound();
  return invoicesPdf(db, [orderId], seller, null);
}
